package io.loupe.report.html;

import io.loupe.analysis.deps.ContextEntry;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepEnd;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;
import io.loupe.data.deps.AccessSiteMeta;

import java.util.List;

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
        h.el("span", e.type().name(), "class", "dep " + e.type().name().toLowerCase(java.util.Locale.ROOT)).text(" ");
        end(h, e.src());
        h.text(" → ");
        end(h, e.dst());
        h.text(", ");
        Page.count(h, e.count());
        h.text(e.count() == 1 ? " time" : " times");
        if (e.crossThread()) {
            h.text(", between threads");
        }
    }

    /** How {@code e} was seen at the loop level of each of its common loops. */
    void levels(Html h, DepEdge e) {
        if (e.loops().isEmpty()) {
            return;
        }
        h.open("ul", "class", "levels");
        for (LoopRelation r : e.loops()) {
            h.open("li").text(r.relation().label() + " at ").text(r.loop().meta().className() + "."
                    + r.loop().meta().method() + ":" + r.loop().meta().line()).close("li");
        }
        h.close("ul");
    }

    /** One end: a link to its line, its access, its context as a title. */
    void end(Html h, DepEnd end) {
        AccessSiteMeta s = end.site();
        SourceFileView f = view.file(s.className(), s.sourceFile());
        String label = Page.place(f != null ? f.fileName() : s.className(), s.line());
        String title = s.className() + "." + s.signature() + ": " + s.access() + " " + s.target()
                + (end.context().isEmpty() ? "" : "; context: " + context(end.context()));
        if (f != null && s.line() >= 0) {
            h.el("a", label, "href", SiteFiles.from(depth, SiteFiles.file(f)) + "#" + SiteFiles.line(s.line()),
                    "title", title, "class", "end");
        } else {
            h.el("span", label, "title", title, "class", "end");
        }
        h.text(" ").el("code", s.access() + " " + s.target(), "class", "access");
    }

    static String context(List<ContextEntry> path) {
        StringBuilder b = new StringBuilder();
        for (ContextEntry c : path) {
            b.append(b.length() == 0 ? "" : " > ").append(c);
        }
        return b.toString();
    }
}
