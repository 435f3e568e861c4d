package io.loupe.analysis.values;

import io.loupe.data.StatKeys;

import java.util.Map;

/**
 * How the value profiler ran, as the runtime wrote it into the profile's stats: the TNV table
 * size, the N of Inv-N and whether profiling was convergent (Calder et al., §3 and §7); and how
 * many runs the profile stands for, when {@code loupe merge} wrote it (docs/merge.md).
 *
 * @param tableSize  entries of each site's TNV table (0 when the profile does not say)
 * @param topN       the N of Inv-N and Find-N; 0 when the profile does not say, and then every
 *                   value the final table holds counts
 * @param convergent true when sites were switched off once their invariance converged
 * @param runs       the runs merged into the profile ({@link StatKeys#MERGE_PROFILES}), 1 for one
 *                   run's: above 1, a value's count misses what the runs whose tables had dropped
 *                   the value saw of it, so counts, Inv-1, Inv-N and value shares are lower bounds
 * @param sinceReset the profile holds what was recorded since a reset of a live dump
 *                   ({@link StatKeys#DUMP_SINCE_RESET}): a value its TNV table dropped and took
 *                   again since restarted its count, so counts, Inv-1, Inv-N and shares are lower
 *                   bounds too (docs/live-dumps.md)
 */
public record ValueRunSettings(int tableSize, int topN, boolean convergent, long runs, boolean sinceReset) {

    /** The settings of one run's profile. */
    public ValueRunSettings(int tableSize, int topN, boolean convergent) {
        this(tableSize, topN, convergent, 1, false);
    }

    /** The settings of a profile that stands for {@code runs} runs. */
    public ValueRunSettings(int tableSize, int topN, boolean convergent, long runs) {
        this(tableSize, topN, convergent, runs, false);
    }

    /** The settings recorded in a profile's stats; missing or absurd entries read as "not said". */
    public static ValueRunSettings of(Map<String, Long> stats) {
        return new ValueRunSettings(positiveInt(stats.get(StatKeys.VALUES_TABLE_SIZE)),
                positiveInt(stats.get(StatKeys.VALUES_TOP_N)), stats.getOrDefault(StatKeys.VALUES_CONVERGENT, 0L) != 0,
                Math.max(1, stats.getOrDefault(StatKeys.MERGE_PROFILES, 1L)),
                stats.getOrDefault(StatKeys.DUMP_SINCE_RESET, 0L) != 0);
    }

    /** True for a merged profile, whose value counts are lower bounds. */
    public boolean merged() {
        return runs > 1;
    }

    /** True when value counts, shares, Inv-1 and Inv-N are lower bounds: a merge, or a profile since a reset. */
    public boolean lowerBounds() {
        return merged() || sinceReset;
    }

    private static int positiveInt(Long v) {
        return v == null || v <= 0 ? 0 : (int) Math.min(v, Integer.MAX_VALUE);
    }
}
