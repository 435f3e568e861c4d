package io.loupe.report.html;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.MethodView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.report.LiveDumpNote;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The site's first page: what was run (command, JVM, date, options, profilers), the hottest methods
 * and loops, the source files, and a table of every method and loop that the page's script sorts,
 * filters and shows a page at a time ({@link IndexData}).
 */
final class IndexPage {

    /** Methods and loops in the "hottest" tables. */
    static final int HOTTEST = 10;

    private IndexPage() {
    }

    static String write(ProgramView view) {
        ProfileSummary s = view.summary();
        ProfileHeader header = s.profile().header();
        Html h = Page.start("index", 0);
        h.el("h1", "Loupe report").nl();
        h.el("p", header.command().isEmpty() ? "(command not recorded)" : header.command(), "class", "sub command");
        run(h, s, header);
        hottestMethods(h, view);
        hottestLoops(h, view);
        table(h);
        files(h, view);
        h.open("script", "src", SiteFiles.ASSETS + "/" + IndexData.FILE).close("script").nl();
        return Page.end(h);
    }

    private static void run(Html h, ProfileSummary s, ProfileHeader header) {
        h.open("section", "aria-label", "what was run").el("h2", "What was run").open("dl", "class", "figures run");
        h.el("dt", "command").open("dd").el("code", header.command()).close("dd");
        h.el("dt", "JVM").el("dd", header.jvm());
        h.el("dt", "date").el("dd", Instant.ofEpochMilli(header.createdMillis()).toString());
        h.el("dt", "profilers").el("dd", s.profilers().isEmpty() ? "paths" : String.join(", ", s.profilers()));
        h.el("dt", "options").open("dd").el("code", header.options()).close("dd");
        h.el("dt", "k").el("dd", Integer.toString(s.k()));
        h.el("dt", "Loupe").el("dd", header.loupeVersion());
        Long merged = s.profile().stats().get(StatKeys.MERGE_PROFILES);
        if (merged != null) {
            h.el("dt", "merged").el("dd", "a merge of " + merged + " profiles");
        }
        String live = LiveDumpNote.of(s.profile().stats());
        if (live != null) {
            h.el("dt", "dumped").el("dd", live);
        }
        h.close("dl");
        List<String> notes = new ArrayList<>(s.profile().warnings());
        notes.addAll(s.problems());
        if (!notes.isEmpty()) {
            h.open("details", "class", "warnings").el("summary", notes.size() + " warning"
                    + (notes.size() == 1 ? "" : "s") + " and problems").open("ul");
            for (String n : notes) {
                h.el("li", n);
            }
            h.close("ul").close("details");
        }
        h.close("section").nl();
    }

    private static void hottestMethods(Html h, ProgramView view) {
        List<MethodView> hot = view.hottestMethods(HOTTEST);
        if (hot.isEmpty()) {
            return;
        }
        long total = view.methods().stream().mapToLong(MethodView::pathExecutions).sum();
        h.open("section", "aria-label", "hottest methods").el("h2", "Hottest methods");
        h.open("table", "class", "hot", "id", "hot-methods").open("thead").open("tr");
        for (String c : List.of("method", "place", "path executions", "share", "distinct paths")) {
            h.el("th", c, "scope", "col");
        }
        h.close("tr").close("thead").open("tbody");
        for (MethodView m : hot) {
            SourceFileView f = view.file(m);
            h.open("tr").open("td").el("a", m.displayName(), "href", SiteFiles.file(f) + "#" + SourcePage.anchor(m))
                    .close("td").el("td", Page.place(f.fileName(), m.firstLine())).open("td");
            Page.count(h, m.pathExecutions());
            h.close("td").open("td");
            Page.share(h, total == 0 ? Double.NaN : (double) m.pathExecutions() / total);
            h.close("td").open("td");
            Page.count(h, m.distinctPaths());
            h.close("td").close("tr");
        }
        h.close("tbody").close("table").close("section").nl();
    }

    private static void hottestLoops(Html h, ProgramView view) {
        List<LoopView> hot = view.hottestLoops(HOTTEST);
        if (hot.isEmpty()) {
            return;
        }
        h.open("section", "aria-label", "hottest loops").el("h2", "Hottest loops");
        h.open("table", "class", "hot", "id", "hot-loops").open("thead").open("tr");
        for (String c : List.of("loop", "place", "header executions", "iterations", "verdict", "what to do next",
                "invariant sites")) {
            h.el("th", c, "scope", "col");
        }
        h.close("tr").close("thead").open("tbody");
        for (LoopView l : hot) {
            SourceFileView f = view.file(l.method());
            h.open("tr").open("td").el("a", l.displayName(), "href", SiteFiles.loop(l)).close("td")
                    .el("td", Page.place(f.fileName(), l.headerLine())).open("td");
            if (l.hasPaths()) {
                Page.count(h, l.headerExecutions());
            } else {
                h.text("–");
            }
            h.close("td").open("td");
            if (l.hasDependences()) {
                Page.count(h, l.iterations());
            } else {
                h.text("–");
            }
            h.close("td").el("td", l.verdict() == null ? "–" : l.verdict(), "class", "verdict")
                    .el("td", l.adviceKinds() == null ? "–" : l.adviceKinds(), "class", "next").open("td");
            Page.count(h, l.invariantSites());
            h.close("td").close("tr");
        }
        h.close("tbody").close("table").close("section").nl();
    }

    /** The table of every method and loop: filled, sorted and paged by the script from {@link IndexData}. */
    private static void table(Html h) {
        h.open("section", "aria-label", "all methods and loops", "id", "all").el("h2", "All methods and loops");
        h.open("div", "class", "controls")
                .el("label", "Filter ", "for", "filter")
                .empty("input", "id", "filter", "type", "search", "placeholder", "class, method or file")
                .el("label", " Show ", "for", "kind")
                .open("select", "id", "kind").el("option", "methods and loops", "value", "")
                .el("option", "methods", "value", "method").el("option", "loops", "value", "loop").close("select")
                .close("div");
        h.open("table", "id", "rows", "class", "rows").open("thead").open("tr");
        String[][] columns = {{"kind", "kind"}, {"name", "name"}, {"place", "place"}, {"paths", "paths"},
            {"executions", "executions"}, {"verdict", "parallelizable"}, {"next", "what to do next"},
            {"invariant", "invariant sites"}};
        for (String[] c : columns) {
            h.open("th", "scope", "col", "aria-sort", "none").open("button", "type", "button", "class", "sort",
                    "data-key", c[0]).text(c[1]).close("button").close("th");
        }
        h.close("tr").close("thead").open("tbody").close("tbody").close("table");
        h.open("p", "class", "pager")
                .el("button", "Previous", "type", "button", "class", "prev")
                .el("span", "", "class", "status", "role", "status", "aria-live", "polite")
                .el("button", "Next", "type", "button", "class", "next").close("p");
        h.open("noscript").text("The table of all methods and loops needs JavaScript; every method and loop "
                + "is also reachable from the source files below.").close("noscript");
        h.el("p", "paths: distinct acyclic paths that ran (of the method, or through the loop); executions: the "
                + "method's path executions, the loop's header executions (its iterations when only a dependence "
                + "profile describes it).", "class", "note");
        h.close("section").nl();
    }

    private static void files(Html h, ProgramView view) {
        h.open("section", "aria-label", "source files").el("h2", "Source files").open("ul", "class", "files");
        for (SourceFileView f : view.files()) {
            h.open("li").el("a", f.path(), "href", SiteFiles.file(f)).text(" ");
            Page.count(h, f.pathExecutions());
            h.text(" path executions").close("li");
        }
        h.close("ul").close("section").nl();
    }
}
