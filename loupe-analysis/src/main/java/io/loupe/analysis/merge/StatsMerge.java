package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.StatKeys;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The merged profile's stats and warnings. Stats count things that happened in a run (hash
 * operations, stream items, accesses, threads, milliseconds of instrumentation), so they add,
 * but for three kinds:
 * <ul>
 *   <li>settings, which take the largest ({@code values.tableSize}, {@code values.topN},
 *       {@code values.convergent}: a merge with one convergent profile has estimates; the marks of
 *       live dumps, {@code dump.live} and {@code dump.sinceReset}), and
 *       {@code deps.staticFields}, a number of distinct fields, whose sum would count a field once
 *       per run;</li>
 *   <li>sizes of the profile itself, counted again in the merged profile ({@code paths.methods},
 *       {@code values.sites}, {@code values.sitesRun}, {@code deps.contexts},
 *       {@code deps.dependences}), when a profile merged has them;</li>
 *   <li>{@link StatKeys#MERGE_PROFILES}, the runs the profile stands for: the sum of each
 *       profile's (1 for a profile that is no merge), always written.</li>
 * </ul>
 * Warnings: every distinct warning of every profile, sorted.
 */
final class StatsMerge {

    private static final Set<String> LARGEST = Set.of(StatKeys.VALUES_TABLE_SIZE, StatKeys.VALUES_TOP_N,
            StatKeys.VALUES_CONVERGENT, StatKeys.DEPS_STATIC_FIELDS, StatKeys.DUMP_LIVE, StatKeys.DUMP_SINCE_RESET);

    private StatsMerge() {
    }

    /** Sizes of the merged profile that replace the stats of the same name. */
    record Recounted(long methods, long valueSites, long valueSitesRun, long contexts, long dependences) {

        Map<String, Long> asStats() {
            Map<String, Long> m = new LinkedHashMap<>();
            m.put(StatKeys.PATHS_METHODS, methods);
            m.put(StatKeys.VALUES_SITES, valueSites);
            m.put(StatKeys.VALUES_SITES_RUN, valueSitesRun);
            m.put(StatKeys.DEPS_CONTEXTS, contexts);
            m.put(StatKeys.DEPS_DEPENDENCES, dependences);
            return m;
        }
    }

    static Map<String, Long> stats(List<Profile> inputs, Recounted recounted) {
        Map<String, Long> recount = recounted.asStats();
        TreeMap<String, Long> out = new TreeMap<>();
        long runs = 0;
        for (Profile p : inputs) {
            runs += Math.max(1, p.stats().getOrDefault(StatKeys.MERGE_PROFILES, 1L));
            for (Map.Entry<String, Long> e : p.stats().entrySet()) {
                String key = e.getKey();
                if (key.equals(StatKeys.MERGE_PROFILES)) {
                    continue;
                }
                if (recount.containsKey(key)) {
                    out.put(key, recount.get(key));
                } else if (LARGEST.contains(key)) {
                    out.merge(key, e.getValue(), Math::max);
                } else {
                    out.merge(key, e.getValue(), Long::sum);
                }
            }
        }
        out.put(StatKeys.MERGE_PROFILES, runs);
        return new LinkedHashMap<>(out);
    }

    static List<String> warnings(List<Profile> inputs) {
        TreeSet<String> all = new TreeSet<>();
        for (Profile p : inputs) {
            all.addAll(p.warnings());
        }
        return List.copyOf(all);
    }
}
