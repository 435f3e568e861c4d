package io.loupe.analysis.summary;

import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.kpaths.HotKPath;
import io.loupe.analysis.kpaths.HotKPaths;
import io.loupe.analysis.kpaths.KIpfBuilder;
import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.Profile;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.TreeMap;

/**
 * A profile's path data, analysed once for the reports: per-method counts and totals, every
 * method's k-IPF (built from all threads' k-slab forests, D'Elia et al. 2013 Fig. 7), and the hottest
 * paths and multi-iteration paths across methods.
 *
 * <p>Per-method counts come from the profile's Ball–Larus counts; a method that has a k-IPF but
 * no counts (a k ≥ 2 run that only streamed path ids) takes them from the k-IPF's roots, which
 * hold exactly the Ball–Larus counts (§2.2, "a 1-IPF … yields exactly the same counters").
 *
 * <p>The value profiling data, when there is any, is analysed too ({@link #values()}), and so is
 * the memory dependence data ({@link #deps()}).
 */
public final class ProfileSummary {

    private final Profile profile;
    private final List<MethodProfile> methods;
    private final ValueAnalysis values;
    private final DepsAnalysis deps;
    private final List<String> problems;

    private ProfileSummary(Profile profile, List<MethodProfile> methods, ValueAnalysis values, DepsAnalysis deps,
                           List<String> problems) {
        this.profile = profile;
        this.methods = methods;
        this.values = values;
        this.deps = deps;
        this.problems = problems;
    }

    /** Analyses a profile. */
    public static ProfileSummary of(Profile profile) {
        int k = Math.max(1, profile.header().k());
        List<String> problems = new ArrayList<>();
        Map<Integer, TreeMap<Long, Long>> counted = new TreeMap<>();
        for (PathCounts pc : profile.counts()) {
            TreeMap<Long, Long> byId = counted.computeIfAbsent(pc.methodId(), m -> new TreeMap<>());
            for (int i = 0; i < pc.ids().length; i++) {
                byId.merge(pc.ids()[i], pc.counts()[i], Long::sum);
            }
        }
        Map<Integer, KPathForest> forests = Map.of();
        if (k >= 2 && !profile.forests().isEmpty()) {
            KIpfBuilder builder = new KIpfBuilder(k);
            for (SlabForest f : profile.forests()) {
                builder.add(f);
            }
            forests = builder.build();
        }
        TreeMap<Integer, Boolean> ids = new TreeMap<>();
        counted.keySet().forEach(m -> ids.put(m, true));
        forests.keySet().forEach(m -> ids.put(m, true));
        List<MethodProfile> methods = new ArrayList<>();
        for (int m : ids.keySet()) {
            if (m < 0 || m >= profile.methods().size() || profile.methods().get(m) == null) {
                problems.add("paths recorded for method id " + m + ", which the profile does not describe; ignored");
                continue;
            }
            MethodMeta meta = profile.methods().get(m);
            TreeMap<Long, Long> byId = counted.get(m);
            KPathForest kpaths = forests.get(m);
            long[] pathIds;
            long[] pathCounts;
            if (byId != null) {
                pathIds = byId.keySet().stream().mapToLong(Long::longValue).toArray();
                pathCounts = byId.values().stream().mapToLong(Long::longValue).toArray();
            } else {
                TreeMap<Long, Long> roots = new TreeMap<>();
                for (int i = 0; i < kpaths.rootCount(); i++) {
                    roots.put(kpaths.label(kpaths.root(i)), kpaths.count(kpaths.root(i)));
                }
                pathIds = roots.keySet().stream().mapToLong(Long::longValue).toArray();
                pathCounts = roots.values().stream().mapToLong(Long::longValue).toArray();
            }
            if (kpaths == null) {
                kpaths = KPathForest.ofPathCounts(m, pathIds, pathCounts);
            }
            methods.add(new MethodProfile(meta, pathIds, pathCounts, kpaths));
        }
        ValueAnalysis values = ValueAnalysis.of(profile);
        problems.addAll(values.problems());
        DepsAnalysis deps = DepsAnalysis.of(profile);
        problems.addAll(deps.problems());
        return new ProfileSummary(profile, List.copyOf(methods), values, deps, List.copyOf(problems));
    }

    public Profile profile() {
        return profile;
    }

    /** The k of the profile (1 = plain Ball–Larus). */
    public int k() {
        return Math.max(1, profile.header().k());
    }

    /** Every method with path counts, by method id. */
    public List<MethodProfile> methods() {
        return methods;
    }

    /** Number of methods the agent registered (instrumented or not). */
    public int registeredMethods() {
        return profile.methods().size();
    }

    /** The value profiling data, analysed; {@link ValueAnalysis#present()} is false when there is none. */
    public ValueAnalysis values() {
        return values;
    }

    /** The memory dependence data, analysed; {@link DepsAnalysis#present()} is false when there is none. */
    public DepsAnalysis deps() {
        return deps;
    }

    /**
     * True when path profiling ran: the profile holds path data, its options ask for the
     * {@code paths} profiler, or it holds no value or dependence data either (an empty run reports
     * as an empty path profile). A profile of values or dependences alone has no path sections in
     * the reports.
     */
    public boolean pathsProfiled() {
        return !methods.isEmpty() || !profile.forests().isEmpty() || profilers().contains("paths")
                || !values.present() && !deps.present();
    }

    /** The profilers the run's options name ({@code profile=paths;values}), empty when they name none. */
    public List<String> profilers() {
        for (String pair : profile.header().options().split(",")) {
            int eq = pair.indexOf('=');
            if (eq > 0 && pair.substring(0, eq).strip().equals("profile")) {
                return Arrays.stream(pair.substring(eq + 1).split(";")).map(String::strip)
                        .filter(p -> !p.isEmpty()).toList();
            }
        }
        return List.of();
    }

    /** Number of registered methods that carried probes. */
    public int instrumentedMethods() {
        return (int) profile.methods().stream()
                .filter(m -> m != null && m.storage() != MethodMeta.Storage.NONE)
                .count();
    }

    /** Registered methods whose path counts needed cut edges to fit an int, by method id. */
    public List<MethodMeta> cutMethods() {
        return profile.methods().stream().filter(m -> m != null && m.cutEdges() > 0).toList();
    }

    /** Nodes the runtime pruned from the k-slab forests while streaming (their counts are lost). */
    public long prunedNodes() {
        return profile.forests().stream().mapToLong(SlabForest::pruned).sum();
    }

    /** Inconsistencies found while analysing (empty for a well-formed profile). */
    public List<String> problems() {
        return problems;
    }

    /** Number of (method, path) pairs that ran. */
    public long distinctPaths() {
        return methods.stream().mapToLong(MethodProfile::pathCount).sum();
    }

    /**
     * The {@code limit} most executed acyclic paths over all methods: by count, descending, then
     * by method id and path id.
     */
    public List<HotPath> hottestPaths(int limit) {
        Comparator<HotPath> hottestFirst = Comparator.comparingLong(HotPath::count).reversed()
                .thenComparingInt(p -> p.method().id())
                .thenComparingLong(HotPath::pathId);
        PriorityQueue<HotPath> coldestOnTop = new PriorityQueue<>(hottestFirst.reversed());
        for (MethodProfile m : methods) {
            for (int i = 0; i < m.pathCount(); i++) {
                coldestOnTop.add(new HotPath(m, i));
                if (coldestOnTop.size() > limit) {
                    coldestOnTop.poll();
                }
            }
        }
        List<HotPath> hot = new ArrayList<>(coldestOnTop);
        hot.sort(hottestFirst);
        return hot;
    }

    /** The hottest multi-iteration paths over all methods (see {@link HotKPaths}). */
    public List<HotKPath> hottestKPaths(int limit) {
        return HotKPaths.select(methods.stream().map(MethodProfile::kpaths).toList(), limit);
    }

    /** The method profile of a method id, or null when that method has no counts. */
    public MethodProfile method(int methodId) {
        for (MethodProfile m : methods) {
            if (m.id() == methodId) {
                return m;
            }
        }
        return null;
    }
}
