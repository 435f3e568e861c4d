package io.loupe.report;

import io.loupe.analysis.values.SiteComparison;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.ValueDiff;
import io.loupe.analysis.values.ValueDiffSummary;

import java.io.IOException;
import java.util.List;

import static io.loupe.report.TextLayout.field;

/**
 * The value profiles of two runs compared in the terms of Calder et al., §5: Overlap, Diff-Inv1,
 * Diff-InvN, Find-1 and Find-N (A is the reference), then the sites whose Inv-1 moved most,
 * weighted by A's executions.
 */
final class ValueDiffSection {

    private static final String ROW = "  %3s %15s %15s %8s %8s  %-5s  ";
    /** The smallest difference the one-decimal percentages show. */
    private static final double VISIBLE_DIFFERENCE = 0.0005;

    private ValueDiffSection() {
    }

    static void write(ValueDiff d, int top, Appendable out) throws IOException {
        ValueDiffSummary s = d.summary();
        out.append("\nValues: how invariance carries over from A to B (shares weighted by A's executions)\n");
        field(out, "sites", s.sitesA() + " ran in A, " + s.sitesB() + " in B, " + s.common()
                + " in both (matched by class, method, kind and ordinal); " + s.onlyA() + " in A only, " + s.onlyB()
                + " in B only");
        field(out, "Overlap", ValueLayout.share(s.overlap()) + " of A's executions are at sites that also ran in B");
        field(out, "Diff-Inv1", ValueLayout.share(s.diffInv1()) + ": mean |Inv-1 in A − Inv-1 in B| over the sites in both");
        field(out, "Diff-InvN", ValueLayout.share(s.diffInvN()) + ": the same for Inv-N (N = " + n(s.nA()) + " in A, "
                + n(s.nB()) + " in B)");
        String filter = " of the executions at sites with Inv-1 ≥ " + Percent.whole(s.threshold()) + " in A ("
                + ValueLayout.share(s.invariantShare()) + " of the executions at sites in both)";
        field(out, "Find-1", ValueLayout.share(s.find1()) + filter + " have B's top value as their top value; "
                + ValueLayout.share(s.find1WithTies()) + " counting near ties too (B's top value has, in A, a share within "
                + Math.round(ValueDiff.NEAR_TIE * 100) + " points of A's top value's)");
        field(out, "Find-N", ValueLayout.share(s.findN()) + filter + " have their top value among B's top "
                + n(s.nB()));
        List<SiteComparison> moved = d.largestDifferences(top, VISIBLE_DIFFERENCE);
        out.append("\nLargest Inv-1 differences (weighted by A's executions)\n");
        if (moved.isEmpty()) {
            out.append("  no site's Inv-1 differs by 0.1% or more\n");
            return;
        }
        out.append(String.format(ROW, "#", "executions A", "executions B", "Inv-1 A", "Inv-1 B", "found"))
                .append("site, what it reads\n");
        int rank = 1;
        for (SiteComparison c : moved) {
            boolean ea = s.convergentA();
            boolean eb = s.convergentB();
            String row = String.format(ROW, rank++, ValueLayout.estimate(ea, Percent.count(c.a().executed())),
                    ValueLayout.estimate(eb, Percent.count(c.b().executed())),
                    ValueLayout.estimate(ea, Percent.oneDecimal(c.a().inv1())),
                    ValueLayout.estimate(eb, Percent.oneDecimal(c.b().inv1())), found(c));
            out.append(row).append(ValueLayout.whereAndWhat(c.a().meta(), TextLayout.WIDTH - row.length())).append('\n');
            ValueLayout.wrapped(out, row.length(), List.of("top:", "A", top(c.a(), ea), "·", "B", top(c.b(), eb)), 2);
        }
    }

    private static String n(int n) {
        return n == 0 ? "all" : Integer.toString(n);
    }

    /**
     * {@code top} when A's top value is B's (a value tied for top counting as one,
     * {@link SiteComparison#found1}), {@code tie} when B's top value is a near tie of it
     * ({@link ValueDiff#NEAR_TIE}), {@code top-N} when it is among B's top N, else {@code no}.
     */
    private static String found(SiteComparison c) {
        return c.found1() ? "top" : c.nearTie(ValueDiff.NEAR_TIE) ? "tie" : c.foundN() ? "top-N" : "no";
    }

    /** A side's top value and its share, and how many others have its count exactly: those are top values too. */
    private static String top(SiteStats s, boolean estimated) {
        if (s.tableEntries() == 0) {
            return "(none)";
        }
        int others = s.tiedForTop().size() - 1;
        return ValueLayout.value(s.topValue()) + " (" + ValueLayout.estimate(estimated, Percent.oneDecimal(s.top(0).share()))
                + (others > 0 ? ", tied with " + others + " more" : "") + ")";
    }
}
