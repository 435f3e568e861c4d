package io.loupe.analysis.values;

import java.util.Map;

/**
 * How much convergent profiling ran without probes: methods with a quiet copy (a probe-free copy
 * of their code, run while all their sites have converged; docs/values.md) and how many of their
 * activations ran it. Under full profiling, or in a profile that does not say, all are 0.
 *
 * @param activations      activations of methods that have a quiet copy
 * @param quietActivations of those, the activations that ran the quiet copy
 * @param periods          quiet periods begun
 */
public record QuietCopies(long activations, long quietActivations, long periods) {

    public static final String ACTIVATIONS = "values.quietCopyActivations";
    public static final String QUIET_ACTIVATIONS = "values.quietActivations";
    public static final String PERIODS = "values.quietPeriods";

    /** The figures the runtime wrote into a profile's stats. */
    public static QuietCopies of(Map<String, Long> stats) {
        return new QuietCopies(Math.max(0, stats.getOrDefault(ACTIVATIONS, 0L)),
                Math.max(0, stats.getOrDefault(QUIET_ACTIVATIONS, 0L)), Math.max(0, stats.getOrDefault(PERIODS, 0L)));
    }

    /** Quiet activations over all activations of methods with a quiet copy. */
    public double quietShare() {
        return SiteStats.share(quietActivations, activations);
    }
}
