package io.loupe.runtime.values;

/**
 * The value profiler's settings (agent options {@code values.*} and {@code convergent}).
 *
 * @param tableSize     entries of each site's TNV table (Calder et al., §3)
 * @param topN          the N of Inv-N, reported with the profile
 * @param clearInterval the minimum clear interval, in executions: every interval, a full table
 *                      loses its bottom half; the next interval is twice the count of the middle
 *                      entry, but not less than this
 * @param convergent    switch a site off once its invariance has converged (§7)
 * @param criterion     {@code increase}: keep profiling while invariance increases;
 *                      {@code bounds}: keep profiling while its change leaves the bounds
 * @param interval      the convergence interval: profiled executions between two tests
 * @param recheck       the window that follows an off period, in profiled executions: the test
 *                      of a converged site whether its values have moved (then profiling stays on
 *                      for windows of {@code interval})
 * @param increaseBound {@code bounds}: an increase of invariance beyond this keeps profiling on
 * @param decreaseBound {@code bounds}: a decrease beyond this keeps profiling on
 * @param backoff       a site switched off stays off for {@code backoff} times the executions
 *                      it has had so far, plus a random part below {@code interval}
 * @param seed          mixed into each site's seed for that random part: runs with the same seed
 *                      profile the same windows (the site ids being the same), runs with different
 *                      seeds other ones, which shows how much a convergent profile owes to where
 *                      its windows fell
 */
public record ValueConfig(int tableSize, int topN, int clearInterval, boolean convergent, String criterion,
                          int interval, int recheck, double increaseBound, double decreaseBound, double backoff,
                          long seed) {

    /** The defaults of the agent options. */
    public static final ValueConfig DEFAULTS = new ValueConfig(8, 4, 2000, false, "bounds", 1000, 250, 0.02, 0.02, 0.25);

    /** The settings with seed 0, the default. */
    public ValueConfig(int tableSize, int topN, int clearInterval, boolean convergent, String criterion,
                       int interval, int recheck, double increaseBound, double decreaseBound, double backoff) {
        this(tableSize, topN, clearInterval, convergent, criterion, interval, recheck, increaseBound, decreaseBound,
                backoff, 0);
    }

    public ValueConfig {
        if (tableSize < 2 || tableSize > 64) {
            throw new IllegalArgumentException("TNV table size must be between 2 and 64");
        }
        if (topN < 1 || topN > tableSize) {
            throw new IllegalArgumentException("top N must be between 1 and the table size");
        }
        if (clearInterval < 1 || interval < 1 || recheck < 1) {
            throw new IllegalArgumentException("intervals must be positive");
        }
        if (!criterion.equals("increase") && !criterion.equals("bounds")) {
            throw new IllegalArgumentException("criterion must be increase or bounds");
        }
        if (!(backoff > 0) || increaseBound < 0 || decreaseBound < 0) {
            throw new IllegalArgumentException("back-off must be positive and bounds not negative");
        }
    }

    /** True for the criterion that stops once invariance no longer increases. */
    public boolean stopsWhenNotIncreasing() {
        return criterion.equals("increase");
    }
}
