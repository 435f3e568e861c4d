package io.loupe.report.html;

import io.loupe.analysis.kpaths.HotKPath;
import io.loupe.analysis.kpaths.HotKPaths;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.MethodView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;

import java.util.List;

/**
 * The page of one source file: its methods with their hot paths (a click highlights a path's lines
 * in order) and multi-iteration paths (a click highlights their iterations one after another) and
 * a chart of path shares, then the source with each line's executions, heat and gutter marks.
 */
final class SourcePage {

    static final int DEPTH = 1;

    private SourcePage() {
    }

    static String write(ProgramView view, SourceFileView f, List<String> source) {
        Html h = Page.start(f.fileName(), DEPTH);
        h.open("h1").text(f.fileName()).close("h1").nl();
        h.el("p", (f.packageName().isEmpty() ? "unnamed package" : "package " + f.packageName()) + " · "
                + f.methods().size() + " method" + (f.methods().size() == 1 ? "" : "s"), "class", "sub");
        if (source == null) {
            h.el("p", "Source text not found (give its directory or -sources.jar with --sources): the lines "
                    + "anything is known of are shown, without code.", "class", "notice");
        }
        h.open("section", "class", "methods", "aria-label", "methods").nl();
        h.el("h2", "Methods");
        for (MethodView m : f.methods()) {
            method(h, view, m);
        }
        h.close("section").nl();
        h.open("section", "aria-label", "source").el("h2", "Source");
        h.open("p", "class", "controls").open("button", "type", "button", "class", "clear").text("Clear highlight")
                .close("button").el("span", "", "class", "status", "role", "status", "aria-live", "polite").close("p");
        new SourceTable(view, f, source, DEPTH).write(h, 1, 0, "source of " + f.fileName() + " with executions");
        h.close("section");
        return Page.end(h);
    }

    private static void method(Html h, ProgramView view, MethodView m) {
        int first = m.firstLine();
        h.open("article", "class", "method", "id", anchor(m)).nl();
        h.open("h3").el("code", m.name() + m.desc());
        if (first >= 0) {
            h.text(" ").el("a", "line " + first, "href", "#" + SiteFiles.line(first));
        }
        h.close("h3");
        h.open("p", "class", "facts");
        if (m.paths() != null) {
            Page.count(h, m.pathExecutions());
            h.text(" path executions, ");
            Page.count(h, m.distinctPaths());
            h.text(" distinct paths");
            if (m.paths().cut()) {
                h.text(" (paths cut at extra edges so that ids fit an int)");
            }
        } else if (m.meta() != null) {
            h.text("no path ran");
        } else {
            h.text("paths not profiled");
        }
        if (!m.valueSites().isEmpty()) {
            h.text(" · " + m.valueSites().size() + " value sites, " + m.invariantSites() + " invariant");
        }
        h.close("p");
        if (!m.loops().isEmpty()) {
            h.open("p", "class", "loops").text("loops: ");
            for (LoopView l : m.loops()) {
                h.el("a", "loop " + l.id() + (l.headerLine() >= 0 ? " (line " + l.headerLine() + ")" : ""),
                        "href", SiteFiles.from(DEPTH, SiteFiles.loop(l))).text(l.verdict() != null ? " " + l.verdict() + "; " : "; ");
            }
            h.close("p");
        }
        MethodProfile p = m.paths();
        if (p != null && p.pathCount() > 0) {
            List<Integer> order = p.hottestFirst();
            h.open("div", "class", "pathview");
            PathsHtml.chart(h, p, order, p.total(), m.displayName());
            h.open("div").el("h4", "Hottest paths");
            PathsHtml.buttons(h, p, order, p.total());
            h.close("div").close("div");
            List<HotKPath> chains = HotKPaths.select(List.of(p.kpaths()), PathsHtml.PATHS_SHOWN);
            if (!chains.isEmpty()) {
                h.el("h4", "Hottest multi-iteration paths");
                PathsHtml.chains(h, p, chains);
            }
        }
        h.close("article").nl();
    }

    /** The anchor of a method within its file's page. */
    static String anchor(MethodView m) {
        return "m-" + m.id();
    }
}
