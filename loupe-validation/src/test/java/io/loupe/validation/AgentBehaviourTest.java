package io.loupe.validation;

import io.loupe.analysis.kpaths.KIpfBuilder;
import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The agent as a user meets it: option errors, help, the profile file, k = 1 against k-paths, JDK 25. */
class AgentBehaviourTest {

    private static final String TARGET = "io.loupe.validation.targets.LoopsTarget";

    @Test
    void anUnknownOptionStopsTheJvmBeforeMainWithOneLineNamingIt() throws Exception {
        AgentRun.Result r = AgentRun.run("k=2,colour=blue", TARGET);
        assertEquals(2, r.exitCode());
        assertEquals("", r.stdout(), "main must not have run");
        String loupeLines = loupeLines(r.stderr());
        assertEquals(1, loupeLines.lines().count(), r.stderr());
        assertTrue(loupeLines.contains("unknown option 'colour'"), r.stderr());
        // refused before the runtime is installed: no line of the JVM's about the bootstrap class path
        assertFalse(r.stderr().contains("bootstrap classpath"), r.stderr());
    }

    @Test
    void anUnknownProfilerOrBadValueIsNamed() throws Exception {
        AgentRun.Result r = AgentRun.run("profile=heap", TARGET);
        assertEquals(2, r.exitCode());
        assertTrue(r.stderr().contains("unknown profiler 'heap'"), r.stderr());
        AgentRun.Result bad = AgentRun.run("k=zero", TARGET);
        assertEquals(2, bad.exitCode());
        assertTrue(bad.stderr().contains("option 'k' needs an integer, got 'zero'"), bad.stderr());
    }

    @Test
    void anOutWhereNoProfileCanBeWrittenStopsTheJvmBeforeMain(@TempDir Path dir) throws Exception {
        AgentRun.Result directory = AgentRun.run("out=" + dir, TARGET);
        assertEquals(2, directory.exitCode());
        assertEquals("", directory.stdout(), "main must not have run");
        assertEquals("[loupe] option 'out' names a directory, not a file: " + dir, loupeLines(directory.stderr()).strip());
        AgentRun.Result missing = AgentRun.run("out=" + dir.resolve("no/such/dir/a.prof"), TARGET);
        assertEquals(2, missing.exitCode());
        assertEquals("", missing.stdout());
        assertEquals("[loupe] option 'out': the directory " + dir.resolve("no/such/dir") + " does not exist",
                loupeLines(missing.stderr()).strip());
        Path readOnly = Files.createDirectory(dir.resolve("read-only"));
        assertTrue(readOnly.toFile().setWritable(false));
        try {
            if (!Files.isWritable(readOnly)) {   // root may write anywhere
                AgentRun.Result denied = AgentRun.run("out=" + readOnly.resolve("a.prof"), TARGET);
                assertEquals(2, denied.exitCode());
                assertEquals("", denied.stdout());
                assertEquals("[loupe] option 'out': cannot write in " + readOnly + " (permission denied)",
                        loupeLines(denied.stderr()).strip());
            }
        } finally {
            readOnly.toFile().setWritable(true);
        }
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "nothing left behind but the read-only directory");
        }
    }

    @Test
    void aRepeatedKeyOrAnOptionOfAProfilerThatIsOffStopsTheJvm() throws Exception {
        AgentRun.Result twice = AgentRun.run("k=4,k=5", TARGET);
        assertEquals(2, twice.exitCode());
        assertEquals("", twice.stdout());
        assertEquals("[loupe] option 'k' given twice", loupeLines(twice.stderr()).strip());
        AgentRun.Result off = AgentRun.run("profile=values,k=4", TARGET);
        assertEquals(2, off.exitCode());
        assertEquals("[loupe] option 'k' is for the paths profiler, which is off (profile=values)",
                loupeLines(off.stderr()).strip());
    }

    @Test
    void anIncludeThatMatchedNoClassIsNamedAtTheEnd(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("a.prof");
        AgentRun.Result r = AgentRun.run("include=io.loupe.validation.targets.*;com.example.Nowhere*,out=" + out, TARGET);
        assertEquals(0, r.exitCode(), r.stderr());
        String warning = "include 'com.example.Nowhere*' matched no class loaded during the run";
        assertTrue(r.stderr().contains("[loupe] " + warning), r.stderr());
        assertFalse(r.stderr().contains("include 'io.loupe.validation.targets.*'"), r.stderr());
        assertTrue(ProfileReader.read(out).warnings().contains(warning), "kept in the profile too");
    }

    @Test
    void helpPrintsEveryOptionOnStderrAndExits() throws Exception {
        AgentRun.Result r = AgentRun.run("help", TARGET);
        assertEquals(0, r.exitCode());
        assertEquals("", r.stdout());
        assertTrue(r.stderr().contains("paths.arrayLimit"), r.stderr());
    }

    @Test
    void theProfileIsWrittenAtExitWithNoTemporaryFileLeftAndNothingOnStdout(@TempDir Path dir) throws Exception {
        AgentRun.Result plain = AgentRun.run(null, TARGET);
        AgentRun.Result r = AgentRun.run("out=" + dir.resolve("a.prof"), TARGET);
        assertEquals(plain.stdout(), r.stdout());
        try (var files = Files.list(dir)) {
            assertEquals(1, files.count(), "only the profile");
        }
        Profile p = ProfileReader.read(dir.resolve("a.prof"));
        assertFalse(p.counts().isEmpty());
        assertEquals(1, p.header().k());
    }

    @Test
    void kEqualToOneGivesTheSameCountsAsTheFirstLevelOfTheKIterationForest(@TempDir Path dir) throws Exception {
        AgentRun.run("k=1,out=" + dir.resolve("one.prof"), TARGET);
        AgentRun.run("k=4,out=" + dir.resolve("four.prof"), TARGET);
        Profile one = ProfileReader.read(dir.resolve("one.prof"));
        Profile four = ProfileReader.read(dir.resolve("four.prof"));
        KIpfBuilder builder = new KIpfBuilder(4);
        four.forests().forEach(builder::add);
        Map<Integer, KPathForest> ipf = builder.build();
        Map<String, Long> expected = new HashMap<>();
        for (PathCounts pc : one.counts()) {
            MethodMeta m = one.methods().get(pc.methodId());
            for (int i = 0; i < pc.ids().length; i++) {
                expected.put(m.className() + "." + m.name() + m.desc() + "#" + pc.ids()[i], pc.counts()[i]);
            }
        }
        Map<String, Long> actual = new HashMap<>();
        ipf.forEach((mid, forest) -> {
            MethodMeta m = four.methods().get(mid);
            forest.forEachPath(p -> {
                if (p.ids().length == 1) {
                    actual.put(m.className() + "." + m.name() + m.desc() + "#" + p.ids()[0], p.count());
                }
            });
        });
        assertFalse(expected.isEmpty());
        assertEquals(expected, actual);
    }

    @Test
    void theAgentRunsOnJdk25(@TempDir Path dir) throws Exception {
        Path java25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(java25), "no JDK 25 on this machine");
        AgentRun.Result plain = AgentRun.run(java25, null, AgentRun.targetClassPath(), TARGET);
        AgentRun.Result r = AgentRun.run(java25, "k=4,out=" + dir.resolve("25.prof"), AgentRun.targetClassPath(), TARGET);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(plain.stdout(), r.stdout());
        assertNotEquals(0, ProfileReader.read(dir.resolve("25.prof")).forests().size());
    }

    private static String loupeLines(String stderr) {
        StringBuilder b = new StringBuilder();
        stderr.lines().filter(l -> l.startsWith("[loupe]")).forEach(l -> b.append(l).append('\n'));
        return b.toString();
    }
}
