package io.loupe.report;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.meta.MethodMeta;

import java.io.IOException;
import java.util.List;

/**
 * The report for people: what ran ({@link HeaderSection}), the hottest acyclic paths with the
 * source lines they cover ({@link HotPathsSection}), the hottest multi-iteration paths read the
 * way D'Elia et al. 2013 reads its Fig. 4 ({@link HotKPathsSection}: "after path 38, 66% of the time 86
 * follows"), then the methods whose paths were cut to fit an int; then, when the profile has value
 * sites, the value profile ({@link ValuesSection}); when it has dependence data, the loops and
 * the dependences that keep them from running in parallel ({@link DepsSection}). A profile of
 * values or dependences alone has no path sections. Lines stay within {@value TextLayout#WIDTH} columns.
 */
public final class TextReport {

    /** Paths listed per section unless told otherwise. */
    public static final int DEFAULT_TOP = 10;
    private static final int CUT_METHODS_SHOWN = 30;

    private final int top;

    public TextReport() {
        this(DEFAULT_TOP);
    }

    /** A report listing the {@code top} hottest paths, multi-iteration paths, value sites and loops. */
    public TextReport(int top) {
        if (top < 1) {
            throw new IllegalArgumentException("top must be at least 1, got " + top);
        }
        this.top = top;
    }

    public void write(ProfileSummary summary, Appendable out) throws IOException {
        HeaderSection.write(summary, out);
        if (summary.pathsProfiled()) {
            HotPathsSection.write(summary, top, out);
            HotKPathsSection.write(summary, top, out);
            cutMethods(summary, out);
        }
        if (summary.values().present()) {
            ValuesSection.write(summary.values(), top, out);
        }
        if (summary.deps().present()) {
            DepsSection.write(summary.deps(), adviceValues(summary), top, out);
        }
        problems(summary, out);
    }

    /**
     * The value profile loop advice takes its evidence from: the profile's own, or none. A value
     * profile of another run of the program comes in by merging (`loupe report deps.prof values.prof`).
     */
    static ValueAnalysis adviceValues(ProfileSummary summary) {
        return summary.values().present() ? summary.values() : null;
    }

    private static void cutMethods(ProfileSummary s, Appendable out) throws IOException {
        List<MethodMeta> cut = s.cutMethods();
        if (cut.isEmpty()) {
            return;
        }
        out.append("\nMethods with cut paths (").append(Integer.toString(cut.size()))
                .append("): too many paths for an int, so extra edges end and restart paths;\n")
                .append("  a path through a cut edge is counted as two shorter paths\n");
        for (MethodMeta m : cut.subList(0, Math.min(CUT_METHODS_SHOWN, cut.size()))) {
            out.append("  ").append(TextLayout.fit(m, TextLayout.WIDTH - 40)).append(": ")
                    .append(Integer.toString(m.cutEdges())).append(m.cutEdges() == 1 ? " cut edge, " : " cut edges, ")
                    .append(Percent.count(m.numPaths())).append(" paths\n");
        }
        if (cut.size() > CUT_METHODS_SHOWN) {
            out.append("  … and ").append(Integer.toString(cut.size() - CUT_METHODS_SHOWN)).append(" more\n");
        }
    }

    private static void problems(ProfileSummary s, Appendable out) throws IOException {
        if (s.problems().isEmpty()) {
            return;
        }
        out.append("\nProblems found while reading the profile\n");
        for (String p : s.problems()) {
            out.append("  - ").append(p).append('\n');
        }
    }
}
