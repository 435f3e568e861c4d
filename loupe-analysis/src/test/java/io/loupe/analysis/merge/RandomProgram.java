package io.loupe.analysis.merge;

import io.loupe.analysis.kpaths.ReferenceSlabForest;
import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

/**
 * A random program (a few classes with methods, value sites, access sites, loops and call sites)
 * and random runs of it: each run loads a random subset of the classes in a random order, so ids
 * differ from run to run as they do under the agent, and records random paths, k-slab forests,
 * value tables and dependences over what it loaded.
 */
final class RandomProgram {

    /** TNV table size of every run; value tables draw from at most this many values unless told otherwise. */
    static final int TABLE_SIZE = 4;

    private record Cls(String name, int methods, int[] numPaths, int valueSites, int accessSites, int loops,
                       int calls, boolean recursion) {
    }

    private final List<Cls> classes = new ArrayList<>();
    private final int k;
    private final String mode;

    RandomProgram(Random random, int k, String mode) {
        this.k = k;
        this.mode = mode;
        int n = 1 + random.nextInt(4);
        for (int c = 0; c < n; c++) {
            int methods = 1 + random.nextInt(3);
            int[] paths = new int[methods];
            for (int m = 0; m < methods; m++) {
                paths[m] = 1 + random.nextInt(6);
            }
            classes.add(new Cls("com.example.C" + c, methods, paths, random.nextInt(4), random.nextInt(4),
                    random.nextInt(3), random.nextInt(3), random.nextBoolean()));
        }
    }

    /** One run whose value tables draw from {@code alphabet} values. */
    Profile run(Random random, int alphabet) {
        List<Cls> loaded = new ArrayList<>();
        for (Cls c : classes) {
            if (random.nextInt(10) < 8) {
                loaded.add(c);
            }
        }
        Collections.shuffle(loaded, random);
        List<MethodMeta> methods = new ArrayList<>();
        List<ValueSiteMeta> valueSites = new ArrayList<>();
        List<AccessSiteMeta> sites = new ArrayList<>();
        List<DepLoopMeta> loops = new ArrayList<>();
        List<CallSiteMeta> calls = new ArrayList<>();
        for (Cls c : loaded) {
            for (int m = 0; m < c.methods(); m++) {
                methods.add(new MethodMeta(methods.size(), c.name(), "m" + m, "()V", "C.java",
                        List.of(new BlockMeta(0, 3, new int[] {10 + m}, false)),
                        List.of(new DagEdge(1, 0, EdgeKind.METHOD_ENTRY, 0), new DagEdge(0, 2, EdgeKind.METHOD_EXIT, 0)),
                        List.of(), c.numPaths()[m], 0, MethodMeta.Storage.ARRAY));
            }
            int firstValue = valueSites.size();
            for (int s = 0; s < c.valueSites(); s++) {
                boolean local = s % 2 == 1;
                valueSites.add(new ValueSiteMeta(valueSites.size(), c.name(), "m0", "()V", "C.java", 20 + s,
                        local ? SiteKind.LOCAL : SiteKind.PARAM, ValueType.INT, s / 2, local ? "x" : "#0",
                        local ? "int-arith" : null, local ? "int-arith(s" + firstValue + ",c)" : null));
            }
            for (int s = 0; s < c.accessSites(); s++) {
                sites.add(new AccessSiteMeta(sites.size(), c.name(), "m0", "()V", "C.java", 30 + s, s,
                        s % 2 == 0 ? "getfield" : "putfield", s % 2 == 0, s % 2 == 1, "C.f"));
            }
            int firstLoop = loops.size();
            for (int l = 0; l < c.loops(); l++) {
                loops.add(new DepLoopMeta(loops.size(), c.name(), "m0", "()V", "C.java", 40 + l, l,
                        l == 0 ? -1 : firstLoop, false));
            }
            for (int s = 0; s < c.calls(); s++) {
                calls.add(new CallSiteMeta(calls.size(), c.name(), "m0", "()V", "C.java", 50 + s, "D.f()V"));
            }
        }
        for (Cls c : loaded) {   // recursions are seen after the classes loaded, in any order
            if (c.recursion() && random.nextBoolean()) {
                loops.add(new DepLoopMeta(loops.size(), c.name(), "m0", "()V", "C.java", 60, -1, -1, true));
            }
        }
        List<PathCounts> counts = new ArrayList<>();
        for (MethodMeta m : methods) {
            if (random.nextInt(4) == 0) {
                continue;
            }
            List<Long> ids = new ArrayList<>();
            for (long id = 0; id < m.numPaths(); id++) {
                if (random.nextBoolean()) {
                    ids.add(id);
                }
            }
            long[] counted = new long[ids.size()];
            for (int i = 0; i < counted.length; i++) {
                counted[i] = 1 + random.nextInt(50);
            }
            counts.add(new PathCounts(m.id(), ids.stream().mapToLong(Long::longValue).toArray(), counted));
        }
        List<SlabForest> forests = new ArrayList<>();
        if (k >= 2 && !methods.isEmpty()) {
            for (String thread : random.nextBoolean() ? List.of("main") : List.of("main", "worker-1")) {
                forests.add(forest(random, methods, thread));
            }
        }
        List<ValueSiteProfile> values = new ArrayList<>();
        for (ValueSiteMeta s : valueSites) {
            if (random.nextInt(4) != 0) {
                values.add(valueProfile(random, s.id(), alphabet));
            }
        }
        DepsProfile deps = deps(random, sites, loops, calls);
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put(StatKeys.PATHS_THREADS, (long) forests.size());
        stats.put(StatKeys.PATHS_METHODS, (long) methods.size());
        stats.put(StatKeys.VALUES_TABLE_SIZE, (long) TABLE_SIZE);
        stats.put(StatKeys.VALUES_SITES, (long) valueSites.size());
        stats.put(StatKeys.DEPS_ACCESSES, (long) random.nextInt(1000));
        List<String> warnings = new ArrayList<>();
        for (int w = 0; w < 3; w++) {
            if (random.nextBoolean()) {
                warnings.add("warning " + w);
            }
        }
        return new Profile(new ProfileHeader("0.1.0", 1_700_000_000_000L + random.nextInt(1000),
                "profile=paths;values;deps,k=" + k + ",out=run" + random.nextInt(100) + ".prof", k, "OpenJDK 17",
                "com.example.Main"), methods, counts, forests, stats, warnings, valueSites, values, deps);
    }

    private SlabForest forest(Random random, List<MethodMeta> methods, String thread) {
        ReferenceSlabForest sf = new ReferenceSlabForest(k);
        int activations = 1 + random.nextInt(6);
        for (int a = 0; a < activations; a++) {
            MethodMeta m = methods.get(random.nextInt(methods.size()));
            sf.enter(a, m.id());
            int length = random.nextInt(8);
            for (int i = 0; i < length; i++) {
                sf.process(a, random.nextInt((int) m.numPaths()));
            }
        }
        return sf.toSlabForest(thread);
    }

    private static ValueSiteProfile valueProfile(Random random, int site, int alphabet) {
        int executed = 1 + random.nextInt(100);
        int distinct = 1 + random.nextInt(Math.min(alphabet, TABLE_SIZE));
        List<Integer> pool = new ArrayList<>();
        for (int v = 0; v < alphabet; v++) {
            pool.add(v);
        }
        Collections.shuffle(pool, random);
        String[] values = new String[distinct];
        long[] counts = new long[distinct];
        long left = executed;
        for (int i = 0; i < distinct; i++) {
            values[i] = Integer.toString(pool.get(i));
            counts[i] = left == 0 ? 0 : 1 + random.nextInt((int) Math.min(left, 30));
            left -= counts[i];
        }
        return new ValueSiteProfile(site, executed, executed, executed, random.nextInt(executed + 1), values, counts,
                0, 0);
    }

    private DepsProfile deps(Random random, List<AccessSiteMeta> sites, List<DepLoopMeta> loops,
                             List<CallSiteMeta> calls) {
        boolean camp = mode.equals(DepsProfile.CAMP);
        List<ContextNode> contexts = new ArrayList<>();
        Set<List<Integer>> children = new HashSet<>();
        if (camp) {
            contexts.add(new ContextNode(0, -1, ContextNode.Kind.ROOT, -1));
            int nodes = random.nextInt(8);
            for (int i = 0; i < nodes && !(loops.isEmpty() && calls.isEmpty()); i++) {
                int parent = random.nextInt(contexts.size());
                boolean loop = calls.isEmpty() || !loops.isEmpty() && random.nextBoolean();
                int site = random.nextInt(loop ? loops.size() : calls.size());
                if (children.add(List.of(parent, loop ? 1 : 0, site))) {
                    contexts.add(new ContextNode(contexts.size(), parent, loop ? ContextNode.Kind.LOOP
                            : ContextNode.Kind.CALL, site));
                }
            }
        }
        List<Integer> loopNodes = new ArrayList<>();
        for (ContextNode c : contexts) {
            if (c.kind() == ContextNode.Kind.LOOP) {
                loopNodes.add(c.id());
            }
        }
        List<LoopRecord> records = new ArrayList<>();
        if (camp) {
            for (int node : loopNodes) {
                int iterations = random.nextInt(100);
                records.add(new LoopRecord(contexts.get(node).site(), node, 1 + random.nextInt(5), iterations));
            }
        } else {
            for (DepLoopMeta l : loops) {
                if (random.nextBoolean()) {
                    records.add(new LoopRecord(l.id(), -1, 1 + random.nextInt(5), random.nextInt(100)));
                }
            }
        }
        List<Dependence> dependences = new ArrayList<>();
        Set<List<Object>> seen = new HashSet<>();
        int levelsFrom = camp ? loopNodes.size() : loops.size();
        for (int d = 0; d < 6 && !sites.isEmpty(); d++) {
            DepType type = DepType.values()[random.nextInt(3)];
            int src = random.nextInt(sites.size());
            int dst = random.nextInt(sites.size());
            int srcCtx = camp ? random.nextInt(contexts.size()) : -1;
            int dstCtx = camp ? random.nextInt(contexts.size()) : -1;
            boolean cross = random.nextInt(4) == 0;
            int levels = levelsFrom == 0 ? 0 : random.nextInt(3);
            int[] at = new int[levels];
            byte[] relations = new byte[levels];
            for (int l = 0; l < levels; l++) {
                at[l] = camp ? loopNodes.get(random.nextInt(loopNodes.size())) : random.nextInt(loops.size());
                relations[l] = (byte) (1 + random.nextInt(3));
            }
            if (seen.add(List.of(type, src, srcCtx, dst, dstCtx, cross, java.util.Arrays.toString(at)))) {
                dependences.add(new Dependence(type, src, srcCtx, dst, dstCtx, 1 + random.nextInt(40), cross, at,
                        relations));
            }
        }
        return new DepsProfile(mode, sites, loops, calls, contexts, records, dependences);
    }
}
