package io.loupe.report;

import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.SpecializationCandidates;
import io.loupe.analysis.values.ValueAnalysis;

import java.io.IOException;
import java.util.List;

/**
 * Where the profile suggests specialising code: parameters of hot methods that nearly always
 * carry one value (a specialised copy of the method, entered behind a test of that value), and
 * hot reference sites that saw a single class (a call on them can be devirtualised behind a
 * class check).
 */
final class SpecializationSection {

    private static final String ROW = "  %15s %7s  ";

    private SpecializationSection() {
    }

    static void write(ValueAnalysis v, int top, Appendable out) throws IOException {
        out.append("\nSpecialization candidates\n");
        boolean e = v.settings().convergent();
        List<SiteStats> params = SpecializationCandidates.invariantParams(v.sites(), top);
        out.append("  Parameters with Inv-1 ≥ ").append(Percent.whole(SpecializationCandidates.PARAM_INV1))
                .append(", hottest methods first\n");
        if (params.isEmpty()) {
            out.append("    none\n");
        } else {
            out.append(String.format(ROW, "calls", "Inv-1")).append("method, parameter = top value\n");
            for (SiteStats s : params) {
                String row = String.format(ROW, ValueLayout.estimate(e, Percent.count(s.executed())),
                        ValueLayout.lowerBound(v.settings().lowerBounds(), ValueLayout.estimate(e, Percent.oneDecimal(s.inv1()))));
                line(out, row, s, " = " + ValueLayout.value(s.topValue()));
            }
        }
        List<SiteStats> mono = SpecializationCandidates.monomorphicSites(v.sites(), top);
        out.append("  Reference sites that saw one class, hottest first\n");
        if (mono.isEmpty()) {
            out.append("    none\n");
            return;
        }
        out.append(String.format(ROW, "executions", "kind")).append("site, what it reads → class\n");
        for (SiteStats s : mono) {
            String row = String.format(ROW, ValueLayout.estimate(e, Percent.count(s.executed())), s.kind().label());
            double nulls = s.topValues(s.tableEntries()).stream().filter(t -> t.value().equals(SiteStats.NULL))
                    .mapToDouble(t -> t.share()).sum();
            line(out, row, s, " → " + SpecializationCandidates.monomorphicClass(s)
                    + (nulls > 0 ? " (null " + ValueLayout.estimate(e, Percent.oneDecimal(nulls)) + ")" : ""));
        }
    }

    /** The row's numbers, the site and what it reads, then {@code suffix}, within the report's width. */
    private static void line(Appendable out, String row, SiteStats s, String suffix) throws IOException {
        int width = TextLayout.WIDTH - row.length();
        String shortSuffix = ValueLayout.cut(suffix, width / 2);
        out.append(row).append(ValueLayout.whereAndWhat(s.meta(), width - shortSuffix.length())).append(shortSuffix)
                .append('\n');
    }
}
