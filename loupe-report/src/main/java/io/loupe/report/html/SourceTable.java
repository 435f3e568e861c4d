package io.loupe.report.html;

import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;

import java.util.List;
import java.util.TreeSet;

/**
 * Source lines as a table: each line's executions (from the path profile, {@code LineCounts}) with
 * a heat colour, gutter marks for loop headers (a link to the loop's page), value sites and
 * dependence ends (a disclosure with their figures), the line number as an anchor, and the code.
 * Without the source text the rows of the lines anything is known of are shown, without code.
 */
final class SourceTable {

    /** Dependences listed under one line's mark before "and N more". */
    static final int DEPENDENCES_PER_LINE = 20;
    private static final int HEAT_LEVELS = 5;

    private final ProgramView view;
    private final SourceFileView file;
    private final List<String> source;
    private final int depth;
    private final DependenceHtml deps;
    private final ValueMarks marks;
    private final long max;

    SourceTable(ProgramView view, SourceFileView file, List<String> source, int depth) {
        this.view = view;
        this.file = file;
        this.source = source;
        this.depth = depth;
        this.deps = new DependenceHtml(view, depth);
        this.marks = ValueMarks.of(view.summary().values());
        this.max = file.lineCounts().values().stream().mapToLong(Long::longValue).max().orElse(0);
    }

    /** Rows from line {@code from} to {@code to}, both included (all lines of the source, or all known, when from > to). */
    void write(Html h, int from, int to, String label) {
        h.open("table", "class", "source", "aria-label", label).nl();
        h.open("thead").open("tr").el("th", "executions", "scope", "col").el("th", "marks", "scope", "col")
                .el("th", "line", "scope", "col").el("th", "code", "scope", "col").close("tr").close("thead").nl();
        h.open("tbody").nl();
        if (source != null) {
            int first = from <= to ? Math.max(1, from) : 1;
            int last = from <= to ? Math.min(to, source.size()) : source.size();
            for (int line = first; line <= last; line++) {
                row(h, line, source.get(line - 1));
            }
        } else {
            TreeSet<Integer> known = new TreeSet<>();
            known.addAll(file.lineCounts().keySet());
            known.addAll(file.valueSites().keySet());
            known.addAll(file.dependenceEnds().keySet());
            known.addAll(file.loops().keySet());
            for (int line : known) {
                if (from > to || line >= from && line <= to) {
                    row(h, line, null);
                }
            }
        }
        h.close("tbody").close("table").nl();
    }

    private void row(Html h, int line, String code) {
        Long count = file.lineCounts().get(line);
        h.open("tr", "id", SiteFiles.line(line), "data-line", Integer.toString(line),
                "class", count == null ? null : "h" + heat(count));
        h.open("td", "class", "count");
        if (count != null) {
            Page.count(h, count);
        }
        h.close("td").open("td", "class", "marks");
        marks(h, line);
        h.close("td").open("td", "class", "ln").el("a", Integer.toString(line), "href", "#" + SiteFiles.line(line))
                .close("td").open("td", "class", "code").el("code", code == null ? "" : code).close("td").close("tr").nl();
    }

    /** 0 for a line with code that never ran, else 1 to 5 on a log scale of the file's busiest line. */
    private int heat(long count) {
        if (count <= 0) {
            return 0;
        }
        if (max <= 1) {
            return HEAT_LEVELS;
        }
        double level = Math.log(count) / Math.log(max);
        return 1 + (int) Math.min(HEAT_LEVELS - 1, Math.floor(level * HEAT_LEVELS));
    }

    private void marks(Html h, int line) {
        for (LoopView l : file.loops().getOrDefault(line, List.of())) {
            String verdict = l.verdict();
            h.el("a", "L", "class", "mark loop", "href", SiteFiles.from(depth, SiteFiles.loop(l)),
                    "title", "loop " + l.id() + (verdict != null ? ": " + verdict : ""),
                    "aria-label", "loop " + l.id() + " at line " + line + (verdict != null ? ", " + verdict : ""));
        }
        List<SiteStats> sites = file.valueSites().getOrDefault(line, List.of());
        if (!sites.isEmpty()) {
            h.open("details", "class", "mark val").open("summary", "title", "value sites",
                    "aria-label", sites.size() + " value site" + (sites.size() == 1 ? "" : "s") + " on line " + line)
                    .text("V").close("summary").open("div", "class", "pop");
            for (SiteStats s : sites) {
                ValueSiteHtml.details(h, s, marks);
            }
            h.close("div").close("details");
        }
        List<SitePair> pairs = SitePair.of(file.dependenceEnds().getOrDefault(line, List.of()));
        if (!pairs.isEmpty()) {
            h.open("details", "class", "mark dep").open("summary", "title", "dependence ends",
                    "aria-label", pairs.size() + " dependence" + (pairs.size() == 1 ? "" : "s") + " with an end on line "
                            + line).text("D").close("summary").open("div", "class", "pop").open("ul", "class", "deps");
            for (SitePair p : pairs.subList(0, Math.min(pairs.size(), DEPENDENCES_PER_LINE))) {
                h.open("li");
                deps.line(h, p.first(), p.count(), p.contexts(), p.contexts() == 1);
                if (p.contexts() == 1) {
                    deps.levels(h, p.first());
                }
                h.close("li");
            }
            h.close("ul");
            if (pairs.size() > DEPENDENCES_PER_LINE) {
                h.el("p", "and " + (pairs.size() - DEPENDENCES_PER_LINE) + " more (the JSON report lists them all)");
            }
            h.close("div").close("details");
        }
    }
}
