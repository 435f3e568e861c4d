package io.loupe.report;

import io.loupe.analysis.kpaths.ReferenceSlabForest;
import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static io.loupe.data.meta.EdgeKind.LOOP_ENTRY;
import static io.loupe.data.meta.EdgeKind.LOOP_EXIT;
import static io.loupe.data.meta.EdgeKind.METHOD_ENTRY;
import static io.loupe.data.meta.EdgeKind.METHOD_EXIT;
import static io.loupe.data.meta.EdgeKind.NORMAL;

/**
 * A hand-built profile around the CFG of D'Elia et al.'s Fig. 3 (blocks A..F on lines 10 11 12 14 15
 * 17; loop header B; back edge E → B). Its eight paths: 0 = A B C E F, 1 = A B C E ⟲, 2 = A B D E F,
 * 3 = A B D E ⟲, 4 = B C E F, 5 = B C E ⟲, 6 = B D E F, 7 = B D E ⟲.
 *
 * <p>33 activations stream 1 7 7 6 and 17 stream 1 5 4: after path 1, path 7 follows 33 times in
 * 50 (66%), and after 1 → 7, 7 always follows.
 */
final class SampleProfile {

    static final List<Integer> LOOPING = List.of(1, 7, 7, 6);
    static final List<Integer> SHORT = List.of(1, 5, 4);
    static final String WARNING = "could not instrument com.example.Broken: \"bad\" frame\tat 12\n";

    private SampleProfile() {
    }

    static MethodMeta loop() {
        int a = 0, b = 1, c = 2, d = 3, e = 4, f = 5, entry = 6, exit = 7;
        List<DagEdge> edges = List.of(
                new DagEdge(entry, a, METHOD_ENTRY, 0), new DagEdge(entry, b, LOOP_ENTRY, 4),
                new DagEdge(a, b, NORMAL, 0),
                new DagEdge(b, c, NORMAL, 0), new DagEdge(b, d, NORMAL, 2),
                new DagEdge(c, e, NORMAL, 0), new DagEdge(d, e, NORMAL, 0),
                new DagEdge(e, f, NORMAL, 0), new DagEdge(e, exit, LOOP_EXIT, 1),
                new DagEdge(f, exit, METHOD_EXIT, 0));
        List<BlockMeta> blocks = List.of(block(10), block(11), block(12), block(14), block(15), block(17));
        return new MethodMeta(0, "com.example.Loop", "loop", "(I)V", "Loop.java", blocks, edges,
                List.of(new LoopMeta(b, -1, 1, new int[] {b, c, d, e}, new int[] {e}, true)), 8, 0,
                MethodMeta.Storage.ARRAY);
    }

    /** A method whose paths needed cut edges: one block that returns (path 0) or throws (path 1). */
    static MethodMeta huge() {
        List<DagEdge> edges = List.of(new DagEdge(1, 0, METHOD_ENTRY, 0),
                new DagEdge(0, 2, METHOD_EXIT, 0), new DagEdge(0, 2, METHOD_EXIT, 1));
        return new MethodMeta(1, "com.example.Big", "huge", "()V", "Big.java", List.of(block(40)), edges, List.of(),
                2, 2, MethodMeta.Storage.HASH);
    }

    static MethodMeta idle() {
        return new MethodMeta(2, "com.example.Idle", "none", "()V", null, List.of(block(50)),
                List.of(new DagEdge(1, 0, METHOD_ENTRY, 0), new DagEdge(0, 2, METHOD_EXIT, 0)), List.of(), 1, 0,
                MethodMeta.Storage.NONE);
    }

    private static BlockMeta block(int line) {
        return new BlockMeta(0, 0, new int[] {line}, false);
    }

    /** The sample with k = {@code k}: forests for k ≥ 2, plain counts always. */
    static Profile withK(int k) {
        List<List<Integer>> loopRuns = new ArrayList<>();
        for (int i = 0; i < 33; i++) {
            loopRuns.add(LOOPING);
        }
        for (int i = 0; i < 17; i++) {
            loopRuns.add(SHORT);
        }
        List<List<Integer>> hugeRuns = List.of(List.of(0), List.of(0), List.of(1));
        List<SlabForest> forests = new ArrayList<>();
        if (k >= 2) {
            forests.add(stream(k, "main", 0, loopRuns));
            forests.add(stream(k, "worker-1", 1, hugeRuns));
        }
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("paths.threads", 2L);
        stats.put("paths.hashOps", 3L);
        ProfileHeader header = new ProfileHeader("0.1.0-test", 1_700_000_000_000L, "profile=paths,k=" + k + ",out=app.loupe",
                k, "OpenJDK 64-Bit Server VM 17.0.15", "com.example.Loop 10");
        return new Profile(header, List.of(loop(), huge(), idle()),
                List.of(counts(0, loopRuns), counts(1, hugeRuns)), forests, stats, List.of(WARNING, "second warning"));
    }

    private static SlabForest stream(int k, String thread, int method, List<List<Integer>> runs) {
        ReferenceSlabForest sf = new ReferenceSlabForest(k);
        int activation = 0;
        for (List<Integer> run : runs) {
            sf.enter(activation, method);
            for (int id : run) {
                sf.process(activation, id);
            }
            activation++;
        }
        return sf.toSlabForest(thread);
    }

    private static PathCounts counts(int method, List<List<Integer>> runs) {
        TreeMap<Long, Long> byId = new TreeMap<>();
        runs.forEach(run -> run.forEach(id -> byId.merge((long) id, 1L, Long::sum)));
        return new PathCounts(method, byId.keySet().stream().mapToLong(Long::longValue).toArray(),
                byId.values().stream().mapToLong(Long::longValue).toArray());
    }

    /** Every n-gram (n ≤ k) of the loop method's runs: what its {@code kpaths} must list. */
    static Map<List<Long>, Long> loopNGrams(int k) {
        Map<List<Long>, Long> grams = new HashMap<>();
        for (int i = 0; i < 50; i++) {
            List<Integer> run = i < 33 ? LOOPING : SHORT;
            for (int from = 0; from < run.size(); from++) {
                for (int n = 1; n <= k && from + n <= run.size(); n++) {
                    grams.merge(run.subList(from, from + n).stream().map(Long::valueOf).toList(), 1L, Long::sum);
                }
            }
        }
        return grams;
    }
}
