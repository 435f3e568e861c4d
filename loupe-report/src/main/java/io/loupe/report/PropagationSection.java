package io.loupe.report;

import io.loupe.analysis.values.LocalEstimate;
import io.loupe.analysis.values.PropagationFigures;
import io.loupe.analysis.values.PropagationSummary;
import io.loupe.analysis.values.ThresholdFigures;
import io.loupe.analysis.values.ValueAnalysis;

import java.io.IOException;
import java.util.Comparator;
import java.util.List;

/**
 * How well the invariance of local variables could have been estimated from the other sites
 * alone (Calder et al., §6, Table 4): measured against estimated mean Inv-1 over the local sites
 * whose value is not a load, how much of the invariant code the estimate finds at each threshold,
 * the same by producer, and the sites it misjudges most.
 */
final class PropagationSection {

    private static final String THRESHOLD_ROW = "  %9s %10s %10s %8s %10s\n";
    private static final String PRODUCER_ROW = "  %-12s %7s %15s %8s %9s %10s %8s\n";
    private static final String SITE_ROW = "  %15s %9s %10s  ";
    /** The smallest difference the one-decimal percentages show. */
    private static final double VISIBLE_DIFFERENCE = 0.0005;

    private PropagationSection() {
    }

    static void write(ValueAnalysis v, int top, Appendable out) throws IOException {
        PropagationSummary p = v.propagationSummary();
        PropagationFigures f = p.nonLoad();
        out.append("\nInvariance propagation estimate: local variables estimated from parameters, fields, array elements\n")
                .append("and call results through the data flow (weighted by executions; the figures leave out locals that\n")
                .append("hold a loaded value: a field, an array element, a call's result)\n");
        if (f.sites() == 0) {
            out.append("  no local variable site whose value is computed ran\n");
            return;
        }
        boolean e = v.settings().convergent();   // then what the profile measured is an estimate too
        TextLayout.field(out, "sites", Percent.count(f.sites()) + " ran, " + ValueLayout.estimate(e, Percent.count(f.executed()))
                + " executions; " + ValueLayout.share(f.covered()) + " of them have a defined estimate");
        TextLayout.field(out, "Inv-1", "measured " + ValueLayout.estimate(e, ValueLayout.share(f.measured())) + ", estimated "
                + ValueLayout.share(f.estimated()) + ", mean |difference| " + ValueLayout.share(f.meanAbsDiff()));
        ValueLayout.wrapped(out, 2, TextLayout.words("At each threshold: the share of executions measured and"
                + " estimated at or above it; found: of those measured there, the share the estimate puts there too;"
                + " precision: of those estimated there, the share really there."), 3);
        out.append(String.format(THRESHOLD_ROW, "Inv-1 ≥", "measured", "estimated", "found", "precision"));
        for (ThresholdFigures t : p.thresholds()) {
            out.append(String.format(THRESHOLD_ROW, Percent.whole(t.threshold()),
                    ValueLayout.estimate(e, ValueLayout.share(t.measuredShare())),
                    ValueLayout.share(t.estimatedShare()), ValueLayout.share(t.found()), ValueLayout.share(t.precision())));
        }
        out.append("  by producer, loads included for comparison\n");
        out.append(String.format(PRODUCER_ROW, "producer", "sites", "executions", "covered", "measured", "estimated",
                "|diff|"));
        for (PropagationFigures row : p.byProducer()) {
            out.append(String.format(PRODUCER_ROW, row.category(), Percent.count(row.sites()),
                    ValueLayout.estimate(e, Percent.count(row.executed())), ValueLayout.share(row.covered()),
                    ValueLayout.estimate(e, ValueLayout.share(row.measured())),
                    ValueLayout.share(row.estimated()), ValueLayout.share(row.meanAbsDiff())));
        }
        misjudged(v.estimates(), top, e, out);
    }

    /** The non-load sites whose estimate is furthest off, weighted by executions. */
    private static void misjudged(List<LocalEstimate> estimates, int top, boolean convergent, Appendable out)
            throws IOException {
        Comparator<LocalEstimate> worstFirst = Comparator
                .comparingDouble((LocalEstimate e) -> e.executed() * Math.abs(e.measuredInv1() - e.estimate()))
                .reversed().thenComparing(e -> e.meta().stableKey());
        List<LocalEstimate> worst = estimates.stream()
                .filter(e -> e.ran() && !e.fromLoad() && e.defined()
                        && Math.abs(e.measuredInv1() - e.estimate()) >= VISIBLE_DIFFERENCE)
                .sorted(worstFirst).limit(top).toList();
        if (worst.isEmpty()) {
            return;
        }
        out.append("  furthest off, weighted by executions\n");
        out.append(String.format(SITE_ROW, "executions", "measured", "estimated")).append("site, formula\n");
        for (LocalEstimate e : worst) {
            String row = String.format(SITE_ROW, ValueLayout.estimate(convergent, Percent.count(e.executed())),
                    ValueLayout.estimate(convergent, Percent.oneDecimal(e.measuredInv1())),
                    Percent.oneDecimal(e.estimate()));
            String formula = "  " + (e.recurrence() ? "recurrence " : "") + e.meta().formula();
            int width = TextLayout.WIDTH - row.length();
            String shortFormula = ValueLayout.cut(formula, width / 2);
            out.append(row).append(ValueLayout.whereAndWhat(e.meta(), width - shortFormula.length()))
                    .append(shortFormula).append('\n');
        }
    }
}
