package io.loupe.report.html;

import io.loupe.analysis.deps.ContextEntry;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepEnd;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.report.DepsLayout;

import java.util.List;
import java.util.Locale;

/**
 * A dependence as the pages show it: its type, both ends as links to their source lines (with the
 * access and, in camp mode, the calling context), how often it ran, and how it was seen at each
 * loop level common to its ends (CAMP Algorithm 1: within an iteration, across iterations).
 */
final class DependenceHtml {

    private final ProgramView view;
    private final int depth;

    DependenceHtml(ProgramView view, int depth) {
        this.view = view;
        this.depth = depth;
    }

    /** The dependence as one line: {@code RAW Tokenizer.java:41 → Tokenizer.java:38, 1,234 times}. */
    void line(Html h, DepEdge e) {
        line(h, e, e.count(), 1, true);
    }

    /**
     * A dependence between two sites as one line, its count {@code count} summed over the
     * {@code contexts} context pairs it ran in (camp); its ends' contexts in their titles when
     * {@code withContext}.
     */
    void line(Html h, DepEdge e, long count, int contexts, boolean withContext) {
        h.el("span", e.type().name(), "class", "dep " + e.type().name().toLowerCase(Locale.ROOT)).text(" ");
        end(h, e.src(), withContext);
        h.text(" → ");
        end(h, e.dst(), withContext);
        h.text(", ");
        Page.count(h, count);
        h.text(count == 1 ? " time" : " times");
        if (contexts > 1) {
            h.text(" in " + contexts + " calling contexts");
        }
        if (e.crossThread()) {
            h.text(", between threads");
        }
    }

    /** Loop levels listed per dependence, the innermost; the JSON report has them all. */
    static final int LEVELS_SHOWN = 4;
    /** Entries of a context path shown in an end's title, the innermost. */
    static final int CONTEXT_SHOWN = 4;

    /** How {@code e} was seen at the loop level of each of its common loops (the innermost {@link #LEVELS_SHOWN}). */
    void levels(Html h, DepEdge e) {
        if (e.loops().isEmpty()) {
            return;
        }
        h.open("ul", "class", "levels");
        int skipped = Math.max(0, e.loops().size() - LEVELS_SHOWN);
        if (skipped > 0) {
            h.el("li", skipped + " outer level" + (skipped == 1 ? "" : "s") + " …");
        }
        for (LoopRelation r : e.loops().subList(skipped, e.loops().size())) {
            h.open("li").text(r.relation().label() + distance(r) + " at ").text(r.loop().meta().className() + "."
                    + r.loop().meta().method() + ":" + r.loop().meta().line()).close("li");
        }
        h.close("ul");
    }

    /** One end: a link to its line, its access, and its context as a title when {@code withContext}. */
    void end(Html h, DepEnd end, boolean withContext) {
        AccessSiteMeta s = end.site();
        SourceFileView f = view.file(s.className(), s.sourceFile());
        String label = Page.place(f != null ? f.fileName() : s.className(), s.line());
        String title = s.className() + "." + s.signature() + ": " + s.access() + " " + s.target()
                + (!withContext || end.context().isEmpty() ? "" : "; context: " + innermost(end.context()));
        if (f != null && s.line() >= 0) {
            h.el("a", label, "href", SiteFiles.from(depth, SiteFiles.file(f)) + "#" + SiteFiles.line(s.line()),
                    "title", title, "class", "end");
        } else {
            h.el("span", label, "title", title, "class", "end");
        }
        h.text(" ").el("code", s.access() + " " + s.target(), "class", "access");
    }

    /** {@code  (distance 1)} or {@code  (distance 2 or more)} for a carried level whose distance the profile records. */
    static String distance(LoopRelation r) {
        if (r.distanceOne() == null) {
            return "";
        }
        return r.distanceOne() ? " (distance 1)" : " (distance 2 or more)";
    }

    /** The innermost {@link #CONTEXT_SHOWN} entries of a context path, short, after "… >" when cut. */
    static String innermost(List<ContextEntry> path) {
        int from = Math.max(0, path.size() - CONTEXT_SHOWN);
        return (from > 0 ? "… > " : "") + String.join(" > ", path.subList(from, path.size()).stream()
                .map(DepsLayout::shortEntry).toList());
    }

    static String context(List<ContextEntry> path) {
        StringBuilder b = new StringBuilder();
        for (ContextEntry c : path) {
            b.append(b.length() == 0 ? "" : " > ").append(c);
        }
        return b.toString();
    }
}
