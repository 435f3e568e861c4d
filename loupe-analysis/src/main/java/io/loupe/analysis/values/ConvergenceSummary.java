package io.loupe.analysis.values;

import java.util.List;

/**
 * How much of a run convergent profiling really profiled (Calder et al., §7, Table 5's "Prof"
 * column): the share of site executions whose value went into a TNV table, and how often sites
 * were switched off once their invariance had converged and switched on again by back-off.
 *
 * @param executed          executions of all sites that ran (estimates included under convergent profiling)
 * @param counted           of those, the executions the probes counted (measured; -1 when some site's are not known)
 * @param profiled          of those, the executions profiled
 * @param sitesSwitchedOff  sites switched off at least once
 * @param switchedOff       switch-offs over all sites
 * @param switchedOn        switch-ons by back-off over all sites
 */
public record ConvergenceSummary(long executed, long counted, long profiled, int sitesSwitchedOff, long switchedOff,
                                 long switchedOn) {

    public static ConvergenceSummary of(List<SiteStats> sites) {
        long executed = 0;
        long counted = 0;
        long profiled = 0;
        int off = 0;
        long offs = 0;
        long ons = 0;
        for (SiteStats s : sites) {
            executed += s.executed();
            counted = counted < 0 || !s.hasMeasured() ? -1 : counted + s.counted();
            profiled += s.profiled();
            off += s.switchedOff() > 0 ? 1 : 0;
            offs += s.switchedOff();
            ons += s.switchedOn();
        }
        return new ConvergenceSummary(executed, counted, profiled, off, offs, ons);
    }

    /** Profiled executions over all executions: 1 under full profiling. */
    public double profiledShare() {
        return SiteStats.share(profiled, executed);
    }
}
