package io.loupe.analysis.values;

import java.util.Map;

/**
 * How much convergent profiling ran without probes: activations of quiet methods (which run a
 * copy of their original code while all their sites have converged, or, guarded, skip their
 * probes; docs/values.md) and how many of them ran without probes. Under full profiling, or in
 * a profile that does not say, all are 0.
 *
 * @param activations      activations of quiet methods
 * @param quietActivations of those, the activations that ran without probes
 * @param periods          quiet periods begun
 */
public record QuietMethodFigures(long activations, long quietActivations, long periods) {

    public static final String ACTIVATIONS = "values.quietMethodActivations";
    public static final String QUIET_ACTIVATIONS = "values.quietActivations";
    public static final String PERIODS = "values.quietPeriods";

    /** The figures the runtime wrote into a profile's stats. */
    public static QuietMethodFigures of(Map<String, Long> stats) {
        return new QuietMethodFigures(Math.max(0, stats.getOrDefault(ACTIVATIONS, 0L)),
                Math.max(0, stats.getOrDefault(QUIET_ACTIVATIONS, 0L)), Math.max(0, stats.getOrDefault(PERIODS, 0L)));
    }

    /** Quiet activations over all activations of quiet methods. */
    public double quietShare() {
        return SiteStats.share(quietActivations, activations);
    }
}
