package io.loupe.report;

import io.loupe.analysis.values.InvarianceRow;
import io.loupe.analysis.values.ValueAnalysis;

import java.io.IOException;
import java.util.List;

/**
 * The paper-style summary tables: invariance by site kind (Calder et al., §5: parameters, loads
 * and other instructions), then the {@code local} sites by the category of the instruction that
 * produced the stored value (their Table 2). Means are weighted by executions.
 */
final class ValueTablesSection {

    private static final String ROW = "  %-12s %7s %15s %7s %7s %7s %7s\n";

    private ValueTablesSection() {
    }

    static void write(ValueAnalysis v, Appendable out) throws IOException {
        int n = v.settings().topN();
        out.append("\nValue invariance by site kind (means weighted by executions; Inv-N with N = ")
                .append(n == 0 ? "all values of a table" : Integer.toString(n)).append(")\n");
        boolean e = v.settings().convergent();
        boolean merged = v.settings().lowerBounds();
        table(out, "kind", v.byKind(), e, merged);
        List<InvarianceRow> producers = v.byProducer();
        if (producers.size() > 1) {
            out.append("\nLocal variable sites by the instruction that produced the stored value\n");
            table(out, "producer", producers, e, merged);
        }
    }

    /** Inv-1 and Inv-N marked {@code ≈} when estimates (convergent), {@code ≥} when lower bounds (merged). */
    private static void table(Appendable out, String label, List<InvarianceRow> rows, boolean e, boolean merged)
            throws IOException {
        out.append(String.format(ROW, label, "sites", "executions", "share", "Inv-1", "Inv-N", "MRV"));
        for (InvarianceRow r : rows) {
            out.append(String.format(ROW, r.category(), Percent.count(r.sites()),
                    ValueLayout.estimate(e, Percent.count(r.executed())), ValueLayout.estimate(e, Percent.oneDecimal(r.share())),
                    ValueLayout.lowerBound(merged, ValueLayout.estimate(e, Percent.oneDecimal(r.inv1()))),
                    ValueLayout.lowerBound(merged, ValueLayout.estimate(e, Percent.oneDecimal(r.invN()))),
                    Percent.oneDecimal(r.mrv())));
        }
    }
}
