package io.loupe.analysis.merge;

import io.loupe.analysis.deps.DepsProfileBuilder;
import io.loupe.analysis.kpaths.ReferenceSlabForest;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.AbsintProfile;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteProfile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static io.loupe.analysis.merge.Profiles.merge;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProfileMergeTest {

    private static MethodMeta method(int id, String cls, String name, long numPaths) {
        return new MethodMeta(id, cls, name, "()V", "C.java", List.of(new BlockMeta(0, 2, new int[] {7}, false)),
                List.of(new DagEdge(1, 0, EdgeKind.METHOD_ENTRY, 0), new DagEdge(0, 2, EdgeKind.METHOD_EXIT, 0)),
                List.of(), numPaths, 0, MethodMeta.Storage.ARRAY);
    }

    private static Profile paths(int k, List<MethodMeta> methods, List<PathCounts> counts,
                                 List<io.loupe.data.paths.SlabForest> forests, String command) {
        return new Profile(new ProfileHeader("0.1.0", 1_700_000_000_000L, "profile=paths,k=" + k + ",out=x.prof", k,
                "OpenJDK 17", command), methods, counts, forests, Map.of(StatKeys.PATHS_THREADS, 1L), List.of());
    }

    /**
     * One run of activations streamed whole, and the same activations in two runs of half each,
     * where the classes loaded in another order (other ids): the merge of the halves has the whole
     * run's path counts and k-IPF.
     */
    @Test
    void theMergeOfTwoHalvesOfARunHasThePathsOfTheWholeRun() {
        int k = 3;
        int[][] activations = {{0, 1, 1, 2}, {1, 3, 0}, {0, 1, 1, 1, 2}, {2}, {1, 3, 3, 0}, {0, 2}};
        int[] methodOf = {0, 1, 0, 1, 1, 0};   // A.run or B.step
        List<MethodMeta> abOrder = List.of(method(0, "A", "run", 4), method(1, "B", "step", 4));
        List<MethodMeta> baOrder = List.of(method(0, "B", "step", 4), method(1, "A", "run", 4));
        Profile whole = run(k, abOrder, activations, methodOf, 0, 6, new int[] {0, 1});
        Profile first = run(k, baOrder, activations, methodOf, 0, 3, new int[] {1, 0});
        Profile second = run(k, abOrder, activations, methodOf, 3, 6, new int[] {0, 1});
        Profile merged = merge(first, second);
        assertEquals(Profiles.paths(whole), Profiles.paths(merged));
        assertEquals(Profiles.kIpf(whole, k), Profiles.kIpf(merged, k));
        assertEquals(Profiles.paths(merged), Profiles.sum(Profiles.paths(first), Profiles.paths(second)));
    }

    /** Activations {@code from..to} streamed through Fig. 6, method {@code m} of the program being {@code ids[m]}. */
    private static Profile run(int k, List<MethodMeta> methods, int[][] activations, int[] methodOf, int from, int to,
                               int[] ids) {
        ReferenceSlabForest sf = new ReferenceSlabForest(k);
        long[][] counts = new long[2][4];
        for (int a = from; a < to; a++) {
            int id = ids[methodOf[a]];
            sf.enter(a, id);
            for (int path : activations[a]) {
                sf.process(a, path);
                counts[id][path]++;
            }
        }
        List<PathCounts> pc = new ArrayList<>();
        for (int m = 0; m < 2; m++) {
            List<Long> pathIds = new ArrayList<>();
            List<Long> c = new ArrayList<>();
            for (int p = 0; p < 4; p++) {
                if (counts[m][p] > 0) {
                    pathIds.add((long) p);
                    c.add(counts[m][p]);
                }
            }
            pc.add(new PathCounts(m, pathIds.stream().mapToLong(Long::longValue).toArray(),
                    c.stream().mapToLong(Long::longValue).toArray()));
        }
        return paths(k, methods, pc, List.of(sf.toSlabForest("main")), "Main " + from);
    }

    /**
     * A class whose methods differ between the profiles (another build: B.step has 5 paths in
     * the second) is reported, and its paths are those of the first profile alone; the other
     * class adds up.
     */
    @Test
    void aClassWhoseMetadataDifferIsReportedAndKeptFromTheFirstProfile() {
        Profile a = paths(1, List.of(method(0, "A", "run", 4), method(1, "B", "step", 4)),
                List.of(new PathCounts(0, new long[] {1}, new long[] {10}), new PathCounts(1, new long[] {2}, new long[] {3})),
                List.of(), "Main");
        Profile b = paths(1, List.of(method(0, "B", "step", 5), method(1, "A", "run", 4)),
                List.of(new PathCounts(0, new long[] {4}, new long[] {7}), new PathCounts(1, new long[] {1}, new long[] {5})),
                List.of(), "Main");
        MergeResult r = ProfileMerge.merge(List.of(a, b));
        assertEquals(List.of(new MergeConflict("B", "methods", 0, List.of(1))), r.conflicts());
        assertEquals(Map.of("A.run()V#1", 15L, "B.step()V#2", 3L), Profiles.paths(r.profile()));
        assertEquals(4, r.profile().methods().stream().filter(m -> m.className().equals("B")).findFirst()
                .orElseThrow().numPaths());
        MergeResult reversed = ProfileMerge.merge(List.of(b, a));
        assertEquals(List.of(new MergeConflict("B", "methods", 0, List.of(1))), reversed.conflicts());
        assertEquals(Map.of("A.run()V#1", 15L, "B.step()V#4", 7L), Profiles.paths(reversed.profile()));
    }

    @Test
    void pathsOfDifferentKAndDependencesOfDifferentModesAreRefused() {
        Profile k2 = paths(2, List.of(method(0, "A", "run", 4)), List.of(new PathCounts(0, new long[] {1}, new long[] {1})),
                List.of(), "Main");
        Profile k3 = paths(3, List.of(method(0, "A", "run", 4)), List.of(new PathCounts(0, new long[] {1}, new long[] {1})),
                List.of(), "Main");
        MergeException e = assertThrows(MergeException.class,
                () -> ProfileMerge.merge(List.of(k2, k3), List.of("a.prof", "b.prof")));
        assertEquals("a.prof has paths of k = 2, b.prof of k = 3: k-iteration paths of different k do not add up",
                e.getMessage());
        Profile camp = new DepsProfileBuilder("camp").build();
        Profile lamp = new DepsProfileBuilder("lamp").build();
        e = assertThrows(MergeException.class, () -> ProfileMerge.merge(List.of(camp, k2, lamp)));
        assertEquals("profile 1 holds a camp dependence profile, profile 3 a lamp one: dependences with and without"
                + " contexts do not add up", e.getMessage());
        // a profile without path data takes any k
        Profile deps = new DepsProfileBuilder("camp").build();
        assertEquals(2, merge(k2, deps).header().k());
    }

    /** Calder et al.'s rule: equal values add, the most frequent are kept, as many as the largest table. */
    @Test
    void valueTablesAddEqualValuesAndKeepTheMostFrequent() {
        ValueProfileBuilder a = new ValueProfileBuilder().stat(StatKeys.VALUES_TABLE_SIZE, 2);
        int sa = a.site("C", "f", "(I)V", 1, SiteKind.PARAM, "#0");
        a.ran(sa, 100, 40, "7", 90, "3", 10);
        ValueProfileBuilder b = new ValueProfileBuilder().stat(StatKeys.VALUES_TABLE_SIZE, 2);
        b.site("D", "g", "()V", 5, SiteKind.FIELD, "D.x");
        int sb = b.site("C", "f", "(I)V", 1, SiteKind.PARAM, "#0");
        b.ran(sb, 100, 20, "3", 55, "5", 45);
        Profile m = merge(a.build(), b.build());
        ValueSiteProfile v = m.values().get(0);
        assertEquals("C.f(I)V#param#0", m.valueSites().get(v.siteId()).stableKey());
        assertArrayEquals(new String[] {"7", "3"}, v.values());
        assertArrayEquals(new long[] {90, 65}, v.counts());
        assertEquals(200, v.executed());
        assertEquals(60, v.mrvHits());
        assertEquals(200, v.counted());
        assertArrayEquals(new long[] {90, 65}, v.profiledCounts());
        assertTrue(ProfileMerge.isMerge(m));
        assertEquals(2L, m.stats().get(StatKeys.MERGE_PROFILES));
        assertEquals(2L, m.stats().get(StatKeys.VALUES_TABLE_SIZE), "a setting: the largest, not the sum");
        // ties go to the smaller value as text, whichever profile came first
        ValueProfileBuilder c = new ValueProfileBuilder().stat(StatKeys.VALUES_TABLE_SIZE, 2);
        c.ran(c.site("C", "f", "(I)V", 1, SiteKind.PARAM, "#0"), 65, 0, "4", 65);
        assertArrayEquals(new String[] {"7", "3"}, merge(m, c.build()).values().get(0).values());
        assertArrayEquals(new String[] {"7", "3"}, merge(c.build(), m).values().get(0).values());
    }

    /**
     * A local site's formula names another site by id; the ids differ between the runs and the
     * merged formula names the merged id.
     */
    @Test
    void formulasNameTheMergedSites() {
        ValueProfileBuilder a = new ValueProfileBuilder();
        int p = a.site("C", "f", "(I)V", 1, SiteKind.PARAM, "#0");
        a.local("C", "f", "(I)V", 2, "x", "int-arith", "int-arith(s" + p + ",c)");
        ValueProfileBuilder b = new ValueProfileBuilder();
        b.site("B", "g", "()V", 1, SiteKind.PARAM, "#0");
        int q = b.site("C", "f", "(I)V", 1, SiteKind.PARAM, "#0");
        b.local("C", "f", "(I)V", 2, "x", "int-arith", "int-arith(s" + q + ",c)");
        MergeResult r = ProfileMerge.merge(List.of(a.build(), b.build()));
        assertEquals(List.of(), r.conflicts());
        var sites = r.profile().valueSites();
        var local = sites.stream().filter(s -> s.kind() == SiteKind.LOCAL).findFirst().orElseThrow();
        var param = sites.stream().filter(s -> s.className().equals("C") && s.kind() == SiteKind.PARAM).findFirst()
                .orElseThrow();
        assertEquals("int-arith(s" + param.id() + ",c)", local.formula());
    }

    /** A profile of paths and values merged with a dependence profile of the same program holds all three. */
    @Test
    void aPathsAndValuesProfileMergedWithADependenceProfileHasAllThreeProfilers() {
        ValueProfileBuilder v = new ValueProfileBuilder().options("profile=paths;values,k=1,out=pv.prof");
        v.ran(v.site("C", "f", "(I)V", 1, SiteKind.PARAM, "#0"), 10, 0, "1", 10);
        Profile pv = v.build();
        pv = new Profile(pv.header(), List.of(method(0, "C", "f", 3)),
                List.of(new PathCounts(0, new long[] {2}, new long[] {10})), List.of(), pv.stats(), List.of(),
                pv.valueSites(), pv.values());
        DepsProfileBuilder d = new DepsProfileBuilder("camp");
        int s = d.access("C", "f(I)V", 3, true, "C.x");
        d.dep(DepType.WAW, s, DepsProfileBuilder.ROOT, s, DepsProfileBuilder.ROOT, 9, false);
        Profile merged = merge(pv, d.build());
        ProfileSummary summary = ProfileSummary.of(merged);
        assertEquals(List.of("paths", "values", "deps"), summary.profilers());
        assertTrue(summary.pathsProfiled() && summary.values().present() && summary.deps().present());
        assertEquals(1, summary.methods().size());
        assertEquals(9, merged.deps().dependences().get(0).count());
    }

    /**
     * Camp: the roots of the runs are one; a context reached through the same call sites and loops
     * is one node; loop records add; dependences with the same ends and levels add their counts and
     * OR their relations; abstract interpretation's nests add.
     */
    @Test
    void contextTreesMergeStructurally() {
        DepsProfileBuilder a = new DepsProfileBuilder("camp");
        int aCall = a.call("M", "main()V", 3, "W.work()V");
        int aLoop = a.loop("W", "work()V", 10, -1);
        int aSite = a.access("W", "work()V", 11, true, "W.x");
        int aCallNode = a.callNode(DepsProfileBuilder.ROOT, aCall);
        int aLoopNode = a.loopNode(aCallNode, aLoop);
        a.ran(aLoop, aLoopNode, 2, 20);
        a.dep(DepType.RAW, aSite, aLoopNode, aSite, aLoopNode, 5, false, aLoopNode, Dependence.INTRA);

        DepsProfileBuilder b = new DepsProfileBuilder("camp");   // W loaded first: other ids
        int bLoop = b.loop("W", "work()V", 10, -1);
        int bSite = b.access("W", "work()V", 11, true, "W.x");
        int bCall = b.call("M", "main()V", 3, "W.work()V");
        int bLoopAtRoot = b.loopNode(DepsProfileBuilder.ROOT, bLoop);   // another context: work() called from no call site
        int bCallNode = b.callNode(DepsProfileBuilder.ROOT, bCall);
        int bLoopNode = b.loopNode(bCallNode, bLoop);
        b.ran(bLoop, bLoopNode, 3, 30);
        b.ran(bLoop, bLoopAtRoot, 1, 1);
        b.dep(DepType.RAW, bSite, bLoopNode, bSite, bLoopNode, 7, false, bLoopNode, Dependence.INTER);

        Profile pa = a.build();
        Profile pb = b.build();
        AbsintProfile absA = new AbsintProfile(true, Map.of(), List.of(new AbsintProfile.NestRecord(0, List.of(aLoop),
                4, 40, Map.of("range", 1L))));
        AbsintProfile absB = new AbsintProfile(true, Map.of(), List.of(new AbsintProfile.NestRecord(3, List.of(bLoop),
                6, 60, Map.of("range", 2L, "divisor", 1L))));
        pa = withAbsint(pa, absA);
        pb = withAbsint(pb, absB);
        DepsProfile m = merge(pa, pb).deps();
        assertEquals(4, m.contexts().size(), "root, the loop below it, the call, the loop below the call");
        assertEquals(1, m.contexts().stream().filter(c -> c.kind() == ContextNode.Kind.ROOT).count());
        assertEquals(List.of(List.of(5L, 50L), List.of(1L, 1L)), m.loopRecords().stream()
                .map(r -> List.of(r.invocations(), r.iterations())).sorted((x, y) -> Long.compare(y.get(0), x.get(0)))
                .toList());
        assertEquals(1, m.dependences().size());
        Dependence dep = m.dependences().get(0);
        assertEquals(12, dep.count());
        assertArrayEquals(new byte[] {Dependence.INTRA | Dependence.INTER}, dep.relations());
        ContextNode loopNode = m.contexts().get(dep.srcContext());
        assertEquals(ContextNode.Kind.LOOP, loopNode.kind());
        assertEquals(ContextNode.Kind.CALL, m.contexts().get(loopNode.parent()).kind());
        AbsintProfile.NestRecord nest = m.absint().nests().get(0);
        assertEquals(List.of(10L, 100L, Map.of("range", 3L, "divisor", 1L)),
                List.of(nest.decided(), nest.untracedAccesses(), nest.fallbacks()));
        assertEquals(0, nest.nest());
        assertNull(io.loupe.data.format.ProfileValidator.problem(merge(pa, pb)));
    }

    private static Profile withAbsint(Profile p, AbsintProfile absint) {
        DepsProfile d = p.deps();
        return new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(),
                p.values(), new DepsProfile(d.mode(), d.sites(), d.loops(), d.calls(), d.contexts(), d.loopRecords(),
                d.dependences(), absint));
    }

    /** A store's memory update and an access's array name survive the merge, and take part in the comparison. */
    @Test
    void memoryUpdatesAndArrayNamesAreKeptAndCompared() {
        DepsProfileBuilder a = new DepsProfileBuilder("lamp");
        int load = a.arrayAccess("H", "count([I)V", 5, false, "int[]", "hist");
        a.update(load, MemoryUpdate.Op.PLUS, false);
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int loadB = b.arrayAccess("H", "count([I)V", 5, false, "int[]", "hist");
        b.update(loadB, MemoryUpdate.Op.PLUS, false);
        MergeResult same = ProfileMerge.merge(List.of(a.build(), b.build()));
        assertEquals(List.of(), same.conflicts());
        AccessSiteMeta store = same.profile().deps().sites().get(1);
        assertEquals(new MemoryUpdate(0, MemoryUpdate.Op.PLUS, false), store.update());
        assertEquals("hist", store.arrayName());

        DepsProfileBuilder c = new DepsProfileBuilder("lamp");
        int loadC = c.arrayAccess("H", "count([I)V", 5, false, "int[]", "hist");
        c.update(loadC, MemoryUpdate.Op.TIMES, false);
        assertEquals(1, ProfileMerge.merge(List.of(a.build(), c.build())).conflicts().size(),
                "another operation is another build of the class");
    }

    /** The pseudo-loop of a recursion is named by its method and index, wherever the run created it. */
    @Test
    void recursionLoopsAreNamedByTheirMethod() {
        DepsProfileBuilder a = new DepsProfileBuilder("lamp");
        int ra = a.recursionLoop("R", "fib(I)I", 4);
        a.loop("S", "run()V", 8, -1);
        a.ran(ra, -1, 1, 30);
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        b.loop("S", "run()V", 8, -1);
        int rb = b.recursionLoop("R", "fib(I)I", 4);
        b.ran(rb, -1, 2, 12);
        MergeResult r = ProfileMerge.merge(List.of(a.build(), b.build()));
        assertEquals(List.of(), r.conflicts());
        assertEquals(2, r.profile().deps().loops().size());
        assertEquals(List.of(3L, 42L), List.of(r.profile().deps().loopRecords().get(0).invocations(),
                r.profile().deps().loopRecords().get(0).iterations()));
        assertTrue(r.profile().deps().loops().get(r.profile().deps().loopRecords().get(0).loop()).recursion());
    }

    /** Header: the latest time, the distinct commands, options on which the profiles agree. */
    @Test
    void theHeaderSaysWhatTheRunsShare() {
        Profile a = paths(1, List.of(method(0, "A", "run", 4)), List.of(), List.of(), "Main 0");
        Profile b = new Profile(new ProfileHeader("0.1.0", 1_700_000_009_000L, "k=1,profile=paths,out=y.prof", 1,
                "OpenJDK 17", "Main 1"), a.methods(), List.of(), List.of(), Map.of(), List.of("w"));
        ProfileHeader h = merge(a, b).header();
        assertEquals(1_700_000_009_000L, h.createdMillis());
        assertEquals("Main 0 + Main 1", h.command());
        assertEquals("profile=paths,k=1", h.options());
        assertEquals("Main 0 + Main 1", merge(merge(a, b), a).header().command());
        assertEquals(List.of("w"), merge(a, b).warnings());
        assertEquals(Arrays.asList("0.1.0"), List.of(h.loupeVersion()));
    }
}
