package io.loupe.analysis.values;

import io.loupe.data.StatKeys;

import java.util.Map;

/**
 * How much convergent profiling ran without probes: activations of quiet methods (which run a
 * copy of their original code while all their sites have converged, or, guarded, skip their
 * probes; docs/values.md) and how many of them ran without probes, and the same for the
 * iterations of the outermost loops at whose headers quiet methods switch versions. Under full
 * profiling, or in a profile that does not say, all are 0.
 *
 * @param activations      activations of quiet methods
 * @param quietActivations of those, the activations that ran without probes
 * @param iterations       iterations of the loops that switch versions
 * @param quietIterations  of those, the iterations that ran without probes
 * @param periods          quiet periods begun
 * @param frozenPeriods    of those, the periods frozen (agent option {@code values.freeze}): compiled
 *                         without the method's probed version
 * @param thawBursts       the bursts that thawed frozen periods
 */
public record QuietMethodFigures(long activations, long quietActivations, long iterations, long quietIterations,
                                 long periods, long frozenPeriods, long thawBursts) {

    /** The figures the runtime wrote into a profile's stats. */
    public static QuietMethodFigures of(Map<String, Long> stats) {
        return new QuietMethodFigures(get(stats, StatKeys.VALUES_QUIET_METHOD_ACTIVATIONS),
                get(stats, StatKeys.VALUES_QUIET_ACTIVATIONS), get(stats, StatKeys.VALUES_QUIET_METHOD_ITERATIONS),
                get(stats, StatKeys.VALUES_QUIET_ITERATIONS), get(stats, StatKeys.VALUES_QUIET_PERIODS),
                get(stats, StatKeys.VALUES_FROZEN_PERIODS), get(stats, StatKeys.VALUES_THAW_BURSTS));
    }

    private static long get(Map<String, Long> stats, String name) {
        return Math.max(0, stats.getOrDefault(name, 0L));
    }

    /** Quiet iterations over all iterations of the loops that switch versions. */
    public double quietIterationShare() {
        return SiteStats.share(quietIterations, iterations);
    }

    /** Quiet activations over all activations of quiet methods. */
    public double quietShare() {
        return SiteStats.share(quietActivations, activations);
    }
}
