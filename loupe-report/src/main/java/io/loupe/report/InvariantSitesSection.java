package io.loupe.report;

import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.ValueAnalysis;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The most executed sites that are invariant more often than not (Inv-1 ≥ 50%): where a value
 * profile pays off first. Each with its place, kind, what it reads, Inv-1, Inv-N, MRV and its best
 * values with their shares.
 */
final class InvariantSitesSection {

    /** The Inv-1 a site needs to be listed: one value more often than all others together. */
    static final double MIN_INV1 = 0.5;
    private static final String ROW = "  %3s %15s  %-6s %7s %7s %7s  ";
    /** With Inv-1 over the executions profiled (measured) beside the estimate. */
    private static final String CONVERGENT_ROW = "  %3s %15s  %-6s %7s %7s %7s %7s  ";

    private InvariantSitesSection() {
    }

    static void write(ValueAnalysis v, int top, Appendable out) throws IOException {
        List<SiteStats> listed = v.sites().stream().filter(s -> s.inv1() >= MIN_INV1).limit(top).toList();
        out.append("\nMost executed invariant sites (Inv-1 ≥ ").append(Percent.whole(MIN_INV1)).append("; ")
                .append(Integer.toString(listed.size())).append(" of ").append(Percent.count(v.sites().size()))
                .append(" sites that ran)\n");
        if (listed.isEmpty()) {
            out.append("  no site is invariant more often than not\n");
            return;
        }
        boolean e = v.settings().convergent();
        boolean merged = v.settings().lowerBounds();
        String format = e ? CONVERGENT_ROW : ROW;
        out.append(e ? String.format(format, "#", "executions", "kind", "Inv-1", "Inv-1/p", "Inv-N", "MRV")
                : String.format(format, "#", "executions", "kind", "Inv-1", "Inv-N", "MRV")).append("site, what it reads\n");
        int rank = 1;
        for (SiteStats s : listed) {
            String executions = ValueLayout.estimate(e, Percent.count(s.executed()));
            String inv1 = ValueLayout.lowerBound(merged, ValueLayout.estimate(e, Percent.oneDecimal(s.inv1())));
            String invN = ValueLayout.lowerBound(merged, ValueLayout.estimate(e, Percent.oneDecimal(s.invN())));
            String mrv = Percent.oneDecimal(s.mrv());
            String row = e ? String.format(format, rank++, executions, s.kind().label(), inv1,
                    ValueLayout.lowerBound(merged, ValueLayout.share(s.inv1Profiled())), invN, mrv)
                    : String.format(format, rank++, executions, s.kind().label(), inv1, invN, mrv);
            out.append(row).append(ValueLayout.whereAndWhat(s.meta(), TextLayout.WIDTH - row.length())).append('\n');
            List<String> words = new ArrayList<>(List.of("values:"));
            words.addAll(ValueLayout.topValues(s, e, merged));
            ValueLayout.wrapped(out, row.length(), words, 2);
        }
    }
}
