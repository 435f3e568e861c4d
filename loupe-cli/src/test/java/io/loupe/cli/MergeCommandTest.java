package io.loupe.cli;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe merge} end to end on profiles written to files. */
class MergeCommandTest {

    @TempDir
    Path dir;

    private Path write(String name, Profile p) throws IOException {
        return TestProfiles.write(dir, name, p);
    }

    /** The loop profile with its method's metadata changed: another build of the class. */
    private static Profile rebuilt() {
        Profile p = TestProfiles.loop();
        MethodMeta m = p.methods().get(0);
        MethodMeta other = new MethodMeta(0, m.className(), m.name(), m.desc(), m.sourceFile(), m.blocks(), m.edges(),
                m.loops(), 5, 0, m.storage());
        return new Profile(p.header(), List.of(other), p.counts(), p.forests(), p.stats(), p.warnings());
    }

    @Test
    void twoRunsMergeIntoOneProfileWhoseCountsAdd() throws IOException {
        Path a = write("a.prof", TestProfiles.loop());
        Path b = write("b.prof", TestProfiles.loop());
        Path c = dir.resolve("c.prof");
        Cli r = Cli.run("merge", a.toString(), b.toString(), "--out", c.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertEquals("", r.out());
        Profile merged = ProfileReader.read(c);
        PathCounts counts = merged.counts().get(0);
        assertArrayEquals(new long[] {1, 2, 3}, counts.ids());
        assertArrayEquals(new long[] {20, 20, 40}, counts.counts());
        assertEquals(2L, merged.stats().get(StatKeys.MERGE_PROFILES));
        assertEquals(1, merged.forests().size(), "one thread name: one forest");
        Cli report = Cli.run("report", c.toString());
        assertEquals(0, report.exitCode(), report.err());
        assertTrue(report.out().contains("after path 3, 50% of the time 3 follows"), report.out());
        assertTrue(report.out().contains("merge.profiles=2"), report.out());
    }

    @Test
    void aClassThatDiffersIsRefusedWithOneLinePerClassAndNothingIsWritten() throws IOException {
        Path a = write("a.prof", TestProfiles.loop());
        Path b = write("b.prof", rebuilt());
        Path c = dir.resolve("c.prof");
        Cli r = Cli.run("merge", a.toString(), b.toString(), "--out", c.toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: com.example.Counter: its methods differ between " + a + " and " + b + "\n"
                + "loupe: 1 class differs between the profiles (another build of the program?): nothing merged;"
                + " --force merges anyway, keeping each from the first profile that describes it\n", r.err());
        assertFalse(Files.exists(c));
    }

    @Test
    void forceKeepsTheClassFromTheFirstProfileWithAWarning() throws IOException {
        Path a = write("a.prof", TestProfiles.loop());
        Path b = write("b.prof", rebuilt());
        Path c = dir.resolve("c.prof");
        Cli r = Cli.run("merge", "--force", a.toString(), b.toString(), "--out", c.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("loupe: warning: com.example.Counter: its methods differ between " + a + " and " + b
                + "; kept from the first\n", r.err());
        Profile merged = ProfileReader.read(c);
        assertEquals(4, merged.methods().get(0).numPaths());
        assertArrayEquals(new long[] {10, 10, 20}, merged.counts().get(0).counts(), "b.prof's counts are left out");
    }

    @Test
    void profilesThatCannotAddUpAreRefusedInOneLine() throws IOException {
        Profile k3 = TestProfiles.loop();
        k3 = new Profile(new ProfileHeader("0.1.0-test", 0, "profile=paths,k=3", 3, "OpenJDK 17", "com.example.Counter"),
                k3.methods(), k3.counts(), List.of(), k3.stats(), List.of());
        Path a = write("a.prof", TestProfiles.loop());
        Path b = write("b.prof", k3);
        Cli r = Cli.run("merge", a.toString(), b.toString(), "--out", dir.resolve("c.prof").toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: cannot merge: " + a + " has paths of k = 2, " + b + " of k = 3: k-iteration paths of"
                + " different k do not add up\n", r.err());
    }

    @Test
    void aMissingFileOrOutIsAUsageError() throws IOException {
        Path a = write("a.prof", TestProfiles.loop());
        Cli missing = Cli.run("merge", a.toString(), dir.resolve("nope.prof").toString(), "--out",
                dir.resolve("c.prof").toString());
        assertEquals(2, missing.exitCode());
        assertEquals("loupe: " + dir.resolve("nope.prof") + ": no such file\n", missing.err());
        Cli noOut = Cli.run("merge", a.toString());
        assertEquals(2, noOut.exitCode());
        assertTrue(noOut.err().startsWith("Missing required option: '--out=FILE'\n"), noOut.err());
        assertTrue(noOut.err().endsWith("Try 'loupe merge --help' for more information.\n"), noOut.err());
    }
}
