package io.loupe.data;

import io.loupe.data.deps.DepsProfile;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.util.List;
import java.util.Map;

/**
 * Everything one profiled run produced: the header, the static metadata of every method the agent
 * registered, and each profiler's data. A profile is self-contained: reports need nothing else.
 *
 * @param header   who wrote it, when, with which options
 * @param methods  static metadata, indexed by method id ({@code methods.get(i).id() == i})
 * @param counts   Ball–Larus path counts per method (summed over threads)
 * @param forests  k-slab forests, one per thread that streamed path ids (k ≥ 2 only)
 * @param stats    named counters of the run (hash operations, stream items, nodes, …)
 * @param warnings what the agent reported while instrumenting (classes left as they were, …)
 * @param valueSites static metadata of every value profiling site, indexed by site id
 * @param values   what the value profiler recorded, one entry per site that ran, in site order
 * @param deps     what the dependence profiler recorded; {@link DepsProfile#EMPTY} when it did not
 *                 run (null is taken as that)
 */
public record Profile(ProfileHeader header, List<MethodMeta> methods, List<PathCounts> counts,
                      List<SlabForest> forests, Map<String, Long> stats, List<String> warnings,
                      List<ValueSiteMeta> valueSites, List<ValueSiteProfile> values, DepsProfile deps) {

    public Profile {
        if (deps == null) {
            deps = DepsProfile.EMPTY;
        }
    }

    /** A profile without dependence profiling data. */
    public Profile(ProfileHeader header, List<MethodMeta> methods, List<PathCounts> counts,
                   List<SlabForest> forests, Map<String, Long> stats, List<String> warnings,
                   List<ValueSiteMeta> valueSites, List<ValueSiteProfile> values) {
        this(header, methods, counts, forests, stats, warnings, valueSites, values, DepsProfile.EMPTY);
    }

    /** A profile without value or dependence profiling data. */
    public Profile(ProfileHeader header, List<MethodMeta> methods, List<PathCounts> counts,
                   List<SlabForest> forests, Map<String, Long> stats, List<String> warnings) {
        this(header, methods, counts, forests, stats, warnings, List.of(), List.of(), DepsProfile.EMPTY);
    }
}
