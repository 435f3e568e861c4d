package io.loupe.report;

import io.loupe.analysis.deps.FalsePositives;
import io.loupe.analysis.deps.LampCampComparison;
import io.loupe.analysis.deps.LoopComparison;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.deps.ParallelLoops;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import static io.loupe.report.TextLayout.WIDTH;
import static io.loupe.report.TextLayout.field;
import static io.loupe.report.TextLayout.plural;

/**
 * A LAMP and a CAMP dependence profile of one program compared in the terms of CAMP's evaluation
 * (§V; docs/deps.md, "Comparing LAMP with CAMP"): the share of LAMP's loop-carried dependences that
 * are false positives once contexts are known (Figure 11), how many more loop contexts are
 * parallelizable (Figure 10), then the loops with the most false positives and the loop contexts
 * gained.
 */
final class DepsDiffSection {

    private static final String ROW = "  %8s %12s %10s %10s  %-18s %9s  ";
    /** Most false positives first, then most contexts gained, then LAMP's loop order. */
    private static final Comparator<LoopComparison> WORST_FIRST = Comparator
            .comparingLong((LoopComparison c) -> -c.falsePositive())
            .thenComparingInt(c -> -c.gained().size())
            .thenComparingInt(c -> c.lamp().id());

    private DepsDiffSection() {
    }

    static void write(LampCampComparison c, boolean lampIsA, int top, Appendable out) throws IOException {
        String lamp = lampIsA ? "A" : "B";
        String camp = lampIsA ? "B" : "A";
        out.append("\nDependences: LAMP (").append(lamp).append(") against CAMP (").append(camp)
                .append("), what knowing contexts changes (CAMP §V)\n");
        FalsePositives f = c.falsePositives();
        field(out, "carried", plural(f.lampCarried(), "loop-carried dependence") + " in LAMP (counted once per loop"
                + " carrying it); " + Percent.count(f.unmatched()) + " between sites CAMP never saw run within the loop"
                + " (left out)");
        field(out, "Fig. 11", ValueLayout.share(f.share()) + " false positives: the rest stand for "
                + plural(f.contextPairs(), "context pair") + " (a source and a destination context within one context"
                + " of the loop); CAMP saw " + Percent.count(f.real()) + " of them carried, "
                + Percent.count(f.falsePositive()) + " not. " + plural(f.notCarriedInCamp(), "dependence")
                + " CAMP sees carried in no context of the loop");
        ParallelLoops p = c.parallelLoops();
        field(out, "loops", "LAMP " + plural(p.lampLoops(), "loop") + ", " + Percent.count(p.lampParallelizable())
                + " parallelizable (" + plural(p.lampParallelizableContexts(), "loop context") + " in CAMP); CAMP "
                + plural(p.campContexts(), "loop context") + ", " + Percent.count(p.campParallelizable())
                + " parallelizable" + unmatched(p));
        field(out, "Fig. 10", plural(p.gained().size(), "loop context")
                + " parallelizable in CAMP whose loop LAMP finds not parallelizable, " + Percent.count(p.lost())
                + " the other way round: "
                + (Double.isNaN(p.increase()) ? "n/a (LAMP finds no loop parallelizable)"
                        : signed(p.increase()) + " parallelizable loop contexts"));
        loops(c, top, out);
        gained(p, top, out);
    }

    private static String unmatched(ParallelLoops p) {
        if (p.unmatchedLamp() == 0 && p.unmatchedCamp() == 0) {
            return "";
        }
        return "; " + plural(p.unmatchedLamp(), "LAMP loop") + " never ran in CAMP, "
                + plural(p.unmatchedCamp(), "CAMP loop context belongs", "CAMP loop contexts belong")
                + " to loops LAMP never ran";
    }

    private static String signed(double share) {
        return (share > 0 ? "+" : "") + Percent.oneDecimal(share);
    }

    private static void loops(LampCampComparison c, int top, Appendable out) throws IOException {
        List<LoopComparison> listed = c.loops().stream()
                .filter(l -> l.carried() > 0 || !l.gained().isEmpty()).sorted(WORST_FIRST).limit(top).toList();
        out.append("\nLoops by LAMP's false positives (top ").append(Integer.toString(listed.size())).append(" of ")
                .append(Percent.count(c.loops().size())).append(" LAMP loops)\n");
        if (listed.isEmpty()) {
            out.append("  LAMP finds no loop-carried dependence\n");
            return;
        }
        out.append(String.format(ROW, "carried", "ctx pairs", "real", "false pos", "LAMP verdict", "CAMP par"))
                .append("loop (header line)\n");
        for (LoopComparison l : listed) {
            String row = String.format(ROW, Percent.count(l.carried()), Percent.count(l.contextPairs()),
                    Percent.count(l.real()), Percent.count(l.falsePositive()), DepsLayout.verdict(l.lamp()),
                    l.parallelizableContexts().size() + "/" + l.contexts().size());
            out.append(row).append(DepsLayout.loop(l.lamp().meta(), WIDTH - row.length())).append('\n');
        }
    }

    private static void gained(ParallelLoops p, int top, Appendable out) throws IOException {
        if (p.gained().isEmpty()) {
            return;
        }
        List<LoopVerdict> listed = p.gained().subList(0, Math.min(top, p.gained().size()));
        out.append("\nLoop contexts parallelizable in CAMP, not in LAMP (top ").append(Integer.toString(listed.size()))
                .append(" of ").append(Percent.count(p.gained().size())).append(")\n");
        for (LoopVerdict l : listed) {
            String row = String.format("  %15s iterations  ", Percent.count(l.iterations()));
            out.append(row).append(DepsLayout.loop(l.meta(), WIDTH - row.length())).append('\n');
            if (!l.context().isEmpty()) {
                List<String> words = new ArrayList<>(List.of("in"));
                words.addAll(DepsLayout.path(l.context()));
                ValueLayout.wrapped(out, row.length(), words, 2);
            }
        }
    }
}
