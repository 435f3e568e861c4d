package io.loupe.report;

import io.loupe.analysis.summary.HotPath;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;

import java.io.IOException;
import java.util.List;

import static io.loupe.report.TextLayout.WIDTH;

/** The hottest acyclic (Ball–Larus) paths over all methods, each with the source lines it runs through. */
final class HotPathsSection {

    private HotPathsSection() {
    }

    static void write(ProfileSummary s, int top, Appendable out) throws IOException {
        List<HotPath> hot = s.hottestPaths(top);
        out.append("\nHottest acyclic paths (top ").append(Integer.toString(hot.size())).append(" of ")
                .append(Percent.count(s.distinctPaths())).append(", share = of the method's path runs)\n");
        if (hot.isEmpty()) {
            out.append("  no path ran\n");
            return;
        }
        out.append(String.format("  %3s %15s %7s  %s\n", "#", "count", "share", "method, path, lines"));
        int rank = 1;
        for (HotPath p : hot) {
            MethodProfile m = p.method();
            String row = String.format("  %3d %15s %7s  ", rank++, Percent.count(p.count()), Percent.oneDecimal(p.share()));
            String what = TextLayout.fit(m.meta(), WIDTH - row.length() - 24) + "  path " + p.pathId()
                    + (m.cut() ? "  [cut edges]" : "");
            out.append(row).append(what).append('\n');
            for (String line : TextLayout.pathLines(m, p.pathId(), WIDTH - row.length())) {
                out.append(" ".repeat(row.length())).append(line).append('\n');
            }
        }
    }
}
