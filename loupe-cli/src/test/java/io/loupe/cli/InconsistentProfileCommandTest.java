package io.loupe.cli;

import io.loupe.analysis.deps.CampFigure1;
import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.Profile;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Profiles with intact checksums and impossible content (written by ProfileWriter, which computes
 * the checksums): {@code report} and {@code diff} refuse each with one line naming the file and the
 * problem, exit code 2, and print nothing on stdout.
 */
class InconsistentProfileCommandTest {

    private static final String COUNT = "method 0 (com.example.Counter.count(I)I)";

    @TempDir
    Path dir;

    /** Runs {@code report} on {@code p} and checks the one line it must give: {@code loupe: FILE: inconsistent profile: problem}. */
    private void refused(Profile p, String problem) throws IOException {
        Path file = TestProfiles.write(dir, "bad.prof", p);
        for (String[] args : List.of(new String[] {"report", file.toString()},
                new String[] {"report", "--json", file.toString()})) {
            Cli r = Cli.run(args);
            assertEquals(2, r.exitCode(), r.err());
            assertEquals("", r.out());
            assertEquals("loupe: " + file + ": inconsistent profile: " + problem + "\n", r.err());
        }
    }

    private static Profile withCounts(Profile p, List<PathCounts> counts) {
        return new Profile(p.header(), p.methods(), counts, p.forests(), p.stats(), p.warnings(), p.valueSites(),
                p.values(), p.deps());
    }

    private static Profile withDeps(Profile p, DepsProfile d) {
        return new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(),
                p.values(), d);
    }

    @Test
    void a_path_id_beyond_the_methods_paths() throws IOException {
        Profile p = TestProfiles.loop();
        refused(withCounts(p, List.of(new PathCounts(0, new long[] {1, 2, 4}, new long[] {10, 10, 20}))),
                "path 4 of " + COUNT + " is out of range: the method has 4 paths");
    }

    @Test
    void counts_for_a_method_the_profile_does_not_describe() throws IOException {
        Profile p = TestProfiles.loop();
        List<PathCounts> counts = new ArrayList<>(p.counts());
        counts.add(new PathCounts(7, new long[] {0}, new long[] {1}));
        refused(withCounts(p, counts), "path counts for method 7, which the profile does not describe (method id 0 only)");
    }

    @Test
    void the_methods_listed_twice() throws IOException {
        Profile p = TestProfiles.loop();
        refused(new Profile(p.header(), List.of(p.methods().get(0), p.methods().get(0)), p.counts(), p.forests(),
                p.stats(), p.warnings()), "method 0 is described twice");
    }

    @Test
    void an_unknown_dependence_mode() throws IOException {
        DepsProfile d = CampFigure1.profile("camp").deps();
        refused(withDeps(CampFigure1.profile("camp"), new DepsProfile("clamp", d.sites(), d.loops(), d.calls(),
                d.contexts(), d.loopRecords(), d.dependences())),
                "unknown dependence profiling mode 'clamp' (known: camp, lamp)");
    }

    @Test
    void values_of_a_site_the_profile_does_not_describe() throws IOException {
        ValueProfileBuilder b = new ValueProfileBuilder();
        b.ran(b.site("com.example.C", "f", "(I)V", 1, SiteKind.PARAM, "#0"), 10, 0, "7", 10);
        Profile p = b.build();
        List<ValueSiteProfile> values = new ArrayList<>(p.values());
        values.add(new ValueSiteProfile(3, 5, 5, 5, 0, new String[] {"1"}, new long[] {5}, 0, 0));
        refused(new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(),
                values, p.deps()), "values recorded for value site 3, which the profile does not describe"
                + " (value site id 0 only)");
    }

    @Test
    void a_dependence_on_an_access_site_the_profile_does_not_describe() throws IOException {
        Profile p = CampFigure1.profile("lamp");
        DepsProfile d = p.deps();
        List<Dependence> deps = new ArrayList<>(d.dependences());
        Dependence first = deps.get(0);
        deps.set(0, new Dependence(first.type(), first.srcSite(), -1, 5, -1, first.count(), false, first.loops(),
                first.relations()));
        refused(withDeps(p, new DepsProfile(d.mode(), d.sites(), d.loops(), d.calls(), d.contexts(), d.loopRecords(),
                deps)), "RAW dependence " + first.srcSite() + " → 5 names access site 5, which the profile does not"
                + " describe (access site ids 0 to 1)");
    }

    @Test
    void a_loop_record_of_a_loop_the_profile_does_not_describe() throws IOException {
        Profile p = CampFigure1.profile("lamp");
        DepsProfile d = p.deps();
        List<LoopRecord> records = new ArrayList<>(d.loopRecords());
        records.add(new LoopRecord(9, -1, 1, 1));
        refused(withDeps(p, new DepsProfile(d.mode(), d.sites(), d.loops(), d.calls(), d.contexts(), records,
                d.dependences())), "a loop record names loop 9, which the profile does not describe (loop ids 0 to 1)");
    }

    @Test
    void a_dependence_in_a_context_outside_the_tree() throws IOException {
        Profile p = CampFigure1.profile("camp");
        DepsProfile d = p.deps();
        List<Dependence> deps = new ArrayList<>(d.dependences());
        Dependence first = deps.get(0);
        int outside = d.contexts().size();
        deps.set(0, new Dependence(first.type(), first.srcSite(), outside, first.dstSite(), first.dstContext(),
                first.count(), false, first.loops(), first.relations()));
        refused(withDeps(p, new DepsProfile(d.mode(), d.sites(), d.loops(), d.calls(), d.contexts(), d.loopRecords(),
                deps)), "RAW dependence " + first.srcSite() + " → " + first.dstSite() + " names context " + outside
                + ", which is not a node of the context tree (node ids 0 to " + (outside - 1) + ")");
    }

    @Test
    void diff_refuses_an_inconsistent_profile_on_either_side() throws IOException {
        Path good = TestProfiles.write(dir, "good.prof", CampFigure1.profile("camp"));
        Profile lamp = CampFigure1.profile("lamp");
        DepsProfile d = lamp.deps();
        Path bad = TestProfiles.write(dir, "bad.prof", withDeps(lamp, new DepsProfile("LAMP", d.sites(), d.loops(),
                d.calls(), d.contexts(), d.loopRecords(), d.dependences())));
        String line = "loupe: " + bad + ": inconsistent profile: unknown dependence profiling mode 'LAMP' (known: camp,"
                + " lamp)\n";
        for (Cli r : List.of(Cli.run("diff", bad.toString(), good.toString()),
                Cli.run("diff", "--force", good.toString(), bad.toString()))) {
            assertEquals(2, r.exitCode(), r.err());
            assertEquals("", r.out());
            assertEquals(line, r.err());
        }
    }
}
