package io.loupe.report.html;

import io.loupe.analysis.advice.Action;
import io.loupe.analysis.advice.Evidence;
import io.loupe.analysis.advice.LoopAdvice;
import io.loupe.analysis.advice.TripBound;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.MethodView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.DepType;
import io.loupe.report.DepsLayout;
import io.loupe.report.Percent;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * The page of one loop, everything known of it in one place: how often it ran (path profile:
 * header executions, back edges, entries; dependence profile: invocations, iterations), its verdict
 * in each calling context with the dependences that block it (both ends linked to their lines), its
 * dependence graph, the paths and k-paths through it, the value sites on its lines with their
 * invariance, the locals it carries, and its source with the paths highlighted on it.
 */
final class LoopPage {

    static final int DEPTH = 1;
    /** Calling contexts shown, the busiest first; the JSON report has them all. */
    static final int CONTEXTS_SHOWN = 20;
    /** Carried dependences and advice actions shown per context, the most frequent first. */
    static final int PER_CONTEXT = 12;
    /** Lines of source shown around the loop's own. */
    private static final int MARGIN = 1;

    private LoopPage() {
    }

    static String write(ProgramView view, LoopView loop, List<String> source) {
        MethodView m = loop.method();
        SourceFileView f = view.file(m);
        Html h = Page.start("loop " + loop.id(), DEPTH);
        h.open("nav", "class", "crumbs", "aria-label", "breadcrumbs")
                .el("a", "index", "href", SiteFiles.from(DEPTH, SiteFiles.INDEX)).text(" › ")
                .el("a", f.fileName(), "href", SiteFiles.from(DEPTH, SiteFiles.file(f))).text(" › ")
                .el("a", m.name(), "href", SiteFiles.from(DEPTH, SiteFiles.file(f)) + "#" + SourcePage.anchor(m))
                .close("nav");
        h.open("h1").text("Loop " + loop.id() + " ").el("code", loop.displayName()).close("h1").nl();
        facts(h, view, loop);
        // two columns on a wide screen: what the dependence profile says, what the path and value profiles say
        boolean left = loop.hasDependences() || !loop.registers().isEmpty();
        h.open("div", "class", left ? "columns" : "single").open("div", "class", "col");
        advice(h, view, loop);
        verdicts(h, view, loop);
        if (!loop.dependences().isEmpty()) {
            h.open("section", "aria-label", "dependence graph").el("h2", "Dependence graph");
            DependenceGraphSvg.write(h, loop);
            h.close("section").nl();
        }
        registers(h, loop);
        h.close("div").open("div", "class", "col");
        paths(h, loop);
        values(h, view, loop);
        h.close("div").close("div").nl();
        h.open("section", "aria-label", "source of the loop").el("h2", "Source");
        h.open("p", "class", "controls").open("button", "type", "button", "class", "clear").text("Clear highlight")
                .close("button").el("span", "", "class", "status", "role", "status", "aria-live", "polite").close("p");
        int[] lines = loop.lines();
        if (lines.length > 0) {
            new SourceTable(view, f, source, DEPTH).write(h, lines[0] - MARGIN, lines[lines.length - 1] + MARGIN,
                    "source of loop " + loop.id() + " with executions");
        } else {
            h.el("p", "The class has no line table.");
        }
        h.close("section");
        return Page.end(h);
    }

    private static void facts(Html h, ProgramView view, LoopView loop) {
        h.open("section", "class", "facts", "aria-label", "summary").open("dl", "class", "figures");
        if (loop.hasPaths()) {
            fact(h, "header executions", loop.headerExecutions(), "path profile: runs of the loop's header block");
            fact(h, "back edges taken", loop.backEdges(), "path profile: iterations after the first");
            fact(h, "entries", loop.entries(), "path profile: header runs not after a back edge");
            if (loop.entries() > 0) {
                h.el("dt", "mean back edges per entry").open("dd")
                        .text(String.format(Locale.ROOT, "%.2f", (double) loop.backEdges() / loop.entries()))
                        .text(" (a mean)").close("dd");
            }
        }
        if (loop.hasDependences()) {
            fact(h, "invocations", loop.invocations(), "dependence profile, all contexts");
            fact(h, "iterations", loop.iterations(), "dependence profile, all contexts");
            h.el("dt", "verdict").open("dd").el("strong", loop.verdict(), "class", "verdict").close("dd");
        } else {
            h.el("dt", "verdict").el("dd", "no dependence profile of this loop (run with --profile deps)");
        }
        if (view.summary().values().present()) {
            h.el("dt", "value sites").el("dd", loop.valueSites().size() + " on its lines, " + loop.invariantSites()
                    + " invariant (Inv-1 ≥ 50%)");
        }
        h.close("dl").close("section").nl();
    }

    /**
     * What would make the loop parallel, per calling context (the same advice as the text and JSON
     * reports' {@code next}): its kind, its actions (a blocking RAW with both ends linked), and the
     * evidence: the mean trip count (a mean) and the values profiled on its header line.
     */
    private static void advice(Html h, ProgramView view, LoopView loop) {
        if (loop.advice().isEmpty()) {
            return;
        }
        DependenceHtml deps = new DependenceHtml(view, DEPTH);
        h.open("section", "class", "advice", "aria-label", "what to do next").el("h2", "What to do next");
        for (int c : busiestContexts(loop)) {
            LoopAdvice a = loop.advice().get(c);
            h.open("div", "class", "next " + a.kind().label());
            h.open("p").el("strong", a.kind().label().toUpperCase(Locale.ROOT), "class", "kind " + a.kind().label());
            if (loop.advice().size() > 1) {
                h.text(" in context " + (a.loop().context().isEmpty() ? "(any)" : shortContext(a.loop())));
            }
            h.close("p").open("ul", "class", "actions");
            for (Action action : a.actions().subList(0, Math.min(PER_CONTEXT, a.actions().size()))) {
                h.open("li", "class", action.kind().label()).text(action.text());
                if (action.dependence() != null) {
                    h.empty("br");
                    deps.line(h, action.dependence());
                }
                if (action.inexact()) {
                    h.text(" (floating point: a reduction up to rounding)");
                }
                h.close("li");
            }
            h.close("ul");
            more(h, a.actions().size() - PER_CONTEXT, "more actions");
            Evidence e = a.evidence();
            h.open("p", "class", "evidence").text("Evidence: ");
            Page.count(h, e.invocations());
            h.text(" invocations, ");
            Page.count(h, e.iterations());
            h.text(String.format(Locale.ROOT, " iterations (%.1f per invocation, a mean)", e.meanIterations()));
            if (!e.carried().isEmpty()) {
                h.text("; " + e.carried().size() + " carried dependence" + (e.carried().size() == 1 ? "" : "s"));
            }
            for (TripBound b : e.bounds()) {
                h.text("; " + b.text());
            }
            h.text(".").close("p").close("div");
        }
        more(h, loop.advice().size() - CONTEXTS_SHOWN, "more calling contexts");
        h.close("section").nl();
    }

    /** Indexes of the loop's contexts to show: the busiest (most iterations) first, at most {@link #CONTEXTS_SHOWN}. */
    private static List<Integer> busiestContexts(LoopView loop) {
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < loop.verdicts().size(); i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong((Integer i) -> -loop.verdicts().get(i).iterations()).thenComparingInt(i -> i));
        return order.subList(0, Math.min(CONTEXTS_SHOWN, order.size()));
    }

    /** "and 12 more …, in the JSON report" when {@code n} > 0. */
    private static void more(Html h, int n, String what) {
        if (n > 0) {
            h.el("p", "and " + Percent.count(n) + " " + what + " (the JSON report lists them all)", "class", "more");
        }
    }

    private static void fact(Html h, String name, long n, String source) {
        h.el("dt", name).open("dd");
        Page.count(h, n);
        h.text(" ").el("small", "(" + source + ")").close("dd");
    }

    private static void verdicts(Html h, ProgramView view, LoopView loop) {
        if (!loop.hasDependences()) {
            return;
        }
        DependenceHtml deps = new DependenceHtml(view, DEPTH);
        h.open("section", "aria-label", "verdict per calling context").el("h2", "Verdict per calling context");
        h.open("div", "class", "scroll").open("table", "class", "verdicts").open("thead").open("tr");
        boolean absint = loop.verdicts().stream().anyMatch(v -> v.decidedInvocations() > 0);
        for (String c : List.of("context", "invocations", "iterations", "verdict", "RAW", "WAR", "WAW")) {
            h.el("th", c, "scope", "col");
        }
        if (absint) {
            h.el("th", "decided by", "scope", "col");
        }
        h.close("tr").close("thead").open("tbody");
        List<Integer> shown = busiestContexts(loop);
        for (int c : shown) {
            LoopVerdict v = loop.verdicts().get(c);
            h.open("tr").el("td", v.context().isEmpty() ? "(any)" : shortContext(v), "title",
                    v.context().isEmpty() ? null : DependenceHtml.context(v.context())).open("td");
            Page.count(h, v.invocations());
            h.close("td").open("td");
            Page.count(h, v.iterations());
            h.close("td").el("td", DepsLayout.verdict(v), "class", "verdict");
            for (int n : new int[] {v.raw(), v.war(), v.waw()}) {
                h.open("td");
                Page.count(h, n);
                h.close("td");
            }
            if (absint) {
                h.el("td", v.decidedBy());
            }
            h.close("tr");
        }
        h.close("tbody").close("table").close("div");
        more(h, loop.verdicts().size() - shown.size(), "more calling contexts");
        for (int c : shown) {
            LoopVerdict v = loop.verdicts().get(c);
            List<DepEdge> carried = loop.carried(v).stream()
                    .sorted(Comparator.comparing((DepEdge e) -> e.type() != DepType.RAW)
                            .thenComparing(Comparator.comparingLong(DepEdge::count).reversed()))
                    .toList();
            if (carried.isEmpty()) {
                continue;
            }
            h.el("h3", (v.privatizable() ? "Carried dependences (only WAR/WAW: privatizable)" : "Carried dependences")
                    + (loop.verdicts().size() > 1 ? " in context " + shortContext(v) : ""));
            h.open("ul", "class", "deps carried");
            for (DepEdge e : carried.subList(0, Math.min(PER_CONTEXT, carried.size()))) {
                h.open("li");
                deps.line(h, e);
                for (LoopRelation r : e.loops()) {
                    if (r.loop() == v) {
                        h.text(DependenceHtml.distance(r));
                    }
                }
                h.close("li");
            }
            h.close("ul");
            more(h, carried.size() - PER_CONTEXT, "more carried dependences");
        }
        h.close("section").nl();
    }

    /** A context path in short entries ({@code loop Tokenizer.main:14 > call Tokenizer.main:15}). */
    private static String shortContext(LoopVerdict v) {
        return String.join(" > ", v.context().stream().map(DepsLayout::shortEntry).toList());
    }

    private static void paths(Html h, LoopView loop) {
        if (!loop.hasPaths() || loop.paths().isEmpty()) {
            return;
        }
        MethodProfile p = loop.method().paths();
        h.open("section", "aria-label", "paths through the loop").el("h2", "Paths through the loop");
        h.open("p").text("Acyclic paths of the method that run through the loop's blocks, as shares of their ");
        Page.count(h, loop.pathExecutions());
        h.text(" executions; a click highlights a path's lines in the source below.").close("p");
        h.open("div", "class", "pathview");
        PathsHtml.chart(h, p, loop.paths(), loop.pathExecutions(), loop.displayName());
        h.open("div");
        PathsHtml.buttons(h, p, loop.paths(), loop.pathExecutions());
        h.close("div").close("div");
        if (!loop.kpaths().isEmpty()) {
            h.el("h3", "Multi-iteration paths");
            PathsHtml.chains(h, p, loop.kpaths());
        }
        h.close("section").nl();
    }

    private static void values(Html h, ProgramView view, LoopView loop) {
        if (loop.valueSites().isEmpty()) {
            return;
        }
        ValueMarks marks = ValueMarks.of(view.summary().values());
        SourceFileView f = view.file(loop.method());
        h.open("section", "aria-label", "value sites in the loop").el("h2", "Value sites on the loop's lines");
        h.open("div", "class", "scroll").open("table", "class", "sites").open("thead").open("tr");
        boolean switched = loop.valueSites().stream().anyMatch(x -> x.timeline() != null);
        for (String c : List.of("line", "site", "executions", "Inv-1", "Inv-N", "MRV", "top value")) {
            h.el("th", c, "scope", "col");
        }
        if (switched) {
            h.el("th", "profiled (on/off)", "scope", "col");
        }
        h.close("tr").close("thead").open("tbody");
        for (SiteStats s : loop.valueSites()) {
            int line = s.meta().line();
            h.open("tr").open("td").el("a", Integer.toString(line), "href",
                    SiteFiles.from(DEPTH, SiteFiles.file(f)) + "#" + SiteFiles.line(line)).close("td")
                    .el("td", ValueSiteHtml.what(s.meta())).open("td");
            Page.count(h, s.executed());
            marks.after(h, false);
            h.close("td").open("td");
            Page.share(h, s.inv1());
            marks.after(h, true);
            h.close("td").open("td");
            Page.share(h, s.invN());
            marks.after(h, true);
            h.close("td").open("td");
            Page.share(h, s.mrv());
            h.close("td").open("td");
            if (s.topValue() != null) {
                h.el("code", s.topValue());
            }
            h.close("td");
            if (switched) {
                h.open("td");
                if (s.timeline() != null) {
                    SwitchSparkline.write(h, s, marks);
                }
                h.close("td");
            }
            h.close("tr");
        }
        h.close("tbody").close("table").close("div").close("section").nl();
    }

    private static void registers(Html h, LoopView loop) {
        if (loop.registers().isEmpty()) {
            return;
        }
        h.open("section", "aria-label", "carried registers").el("h2", "Locals carried across iterations");
        h.open("ul", "class", "registers");
        for (CarriedRegisterMeta r : loop.registers()) {
            h.open("li").el("code", r.label()).text(": " + switch (r.kind()) {
                case INDUCTION -> "induction variable";
                case REDUCTION -> "reduction";
                case OTHER -> "carried value (blocks parallel execution)";
            }).close("li");
        }
        h.close("ul").close("section").nl();
    }
}
