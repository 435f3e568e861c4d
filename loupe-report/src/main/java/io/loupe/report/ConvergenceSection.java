package io.loupe.report;

import io.loupe.analysis.values.ConvergenceSummary;
import io.loupe.analysis.values.QuietMethodFigures;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.ValueAnalysis;

import java.io.IOException;
import java.util.List;

/**
 * What convergent profiling saved (Calder et al., §7, Table 5's "Prof" column): the share of site
 * executions really profiled, overall and at the hottest sites, and how often sites were switched
 * off once converged and on again by back-off. Counts and Inv-1 of a convergent profile are
 * weighted estimates in executions.
 */
final class ConvergenceSection {

    private static final String ROW = "  %15s %15s %8s %6s %6s  ";

    private ConvergenceSection() {
    }

    static void write(ValueAnalysis v, int top, Appendable out) throws IOException {
        ConvergenceSummary c = v.convergence();
        out.append("\nConvergent profiling (counts and Inv-1 are weighted estimates, marked ≈)\n");
        TextLayout.field(out, "profiled", Percent.count(c.profiled()) + " of " + ValueLayout.estimate(true,
                Percent.count(c.executed())) + " executions (" + ValueLayout.estimate(true, Percent.oneDecimal(c.profiledShare()))
                + ")");
        TextLayout.field(out, "switches", c.sitesSwitchedOff() + " of " + v.sites().size() + " sites switched off "
                + Percent.count(c.switchedOff()) + " times when their invariance converged; back-off switched them on "
                + Percent.count(c.switchedOn()) + " times");
        QuietMethodFigures q = v.quietMethods();
        if (q.activations() > 0) {
            TextLayout.field(out, "quiet", Percent.count(q.quietActivations()) + " of " + Percent.count(q.activations())
                    + " activations of quiet methods ran without probes (" + Percent.oneDecimal(q.quietShare())
                    + ", " + Percent.count(q.periods()) + " quiet periods); their sites' executions there are estimated");
        }
        if (q.frozenPeriods() > 0) {
            TextLayout.field(out, "frozen", Percent.count(q.frozenPeriods()) + " quiet periods compiled without probes, thawed in "
                    + Percent.count(q.thawBursts()) + " bursts");
        }
        if (q.iterations() > 0) {
            TextLayout.field(out, "loops", Percent.count(q.quietIterations()) + " of " + Percent.count(q.iterations())
                    + " iterations of the outermost loops where quiet methods switch ran without probes ("
                    + Percent.oneDecimal(q.quietIterationShare()) + ")");
        }
        List<SiteStats> hottest = v.sites().stream().limit(top).toList();
        out.append(String.format(ROW, "executions", "profiled", "share", "off", "on")).append("site\n");
        for (SiteStats s : hottest) {
            String row = String.format(ROW, ValueLayout.estimate(true, Percent.count(s.executed())), Percent.count(s.profiled()),
                    ValueLayout.estimate(true, Percent.oneDecimal(s.profiledShare())), Percent.count(s.switchedOff()),
                    Percent.count(s.switchedOn()));
            out.append(row).append(ValueLayout.whereAndWhat(s.meta(), TextLayout.WIDTH - row.length())).append('\n');
        }
    }
}
