package io.loupe.report.html;

import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.view.LoopView;
import io.loupe.data.deps.AccessSiteMeta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A loop's memory dependence graph drawn as an arc diagram, laid out by Loupe (no script, no
 * library): the access sites its dependences join, one per row in source order (file, line,
 * ordinal), and one arc per dependence on the right, from its source to its destination, as wide
 * as the rows it spans. Colour says the type (RAW, WAR, WAW); a solid arc is carried by the loop
 * (seen across its iterations), a dashed one only within an iteration. Every arc has a title, and
 * the figure a text alternative listing them.
 */
final class DependenceGraphSvg {

    /** Arcs drawn at most; the page's list and the JSON report have all. */
    static final int MAX_ARCS = 80;
    private static final int ROW = 26;
    private static final int TOP = 18;
    private static final int LABEL = 330;
    private static final int ARC_STEP = 22;
    /** How far right of its rows the shortest arc reaches. */
    private static final int ARC_MIN = 26;

    private DependenceGraphSvg() {
    }

    /** The graph of the dependences at {@code loop}'s level (in any of its contexts); nothing when it has none. */
    static void write(Html h, LoopView loop) {
        List<DepEdge> edges = loop.dependences().stream().filter(e -> !e.crossThread()).limit(MAX_ARCS).toList();
        if (edges.isEmpty()) {
            return;
        }
        Map<Integer, AccessSiteMeta> sites = new LinkedHashMap<>();
        for (DepEdge e : edges) {
            sites.putIfAbsent(e.src().site().id(), e.src().site());
            sites.putIfAbsent(e.dst().site().id(), e.dst().site());
        }
        List<AccessSiteMeta> rows = new ArrayList<>(sites.values());
        rows.sort(Comparator.comparing(AccessSiteMeta::className).thenComparing(AccessSiteMeta::signature)
                .thenComparingInt(AccessSiteMeta::line).thenComparingInt(AccessSiteMeta::index));
        Map<Integer, Integer> rowOf = new LinkedHashMap<>();
        for (int i = 0; i < rows.size(); i++) {
            rowOf.put(rows.get(i).id(), i);
        }
        int span = 0;
        for (DepEdge e : edges) {
            span = Math.max(span, Math.abs(rowOf.get(e.src().site().id()) - rowOf.get(e.dst().site().id())));
        }
        int width = LABEL + ARC_MIN + ARC_STEP * (span + 1) + 40;
        int height = TOP + ROW * rows.size() + 10;
        StringBuilder alt = new StringBuilder("Dependence graph of loop " + loop.id() + ": ");
        for (DepEdge e : edges) {
            alt.append(describe(e, loop)).append("; ");
        }
        h.open("figure", "class", "graph");
        h.open("svg", "role", "img", "aria-label", alt.toString(), "width", Integer.toString(width),
                "height", Integer.toString(height), "viewBox", "0 0 " + width + " " + height);
        h.el("title", alt.toString());
        h.open("defs");
        for (String type : List.of("raw", "war", "waw")) {
            h.open("marker", "id", "arrow-" + type, "viewBox", "0 0 10 10", "refX", "9", "refY", "5",
                    "markerWidth", "5", "markerHeight", "5", "orient", "auto-start-reverse")
                    .empty("path", "d", "M 0 0 L 10 5 L 0 10 z", "class", "head " + type).close("path").close("marker");
        }
        h.close("defs");
        for (int i = 0; i < rows.size(); i++) {
            AccessSiteMeta s = rows.get(i);
            int y = TOP + ROW * i;
            h.empty("circle", "cx", Integer.toString(LABEL), "cy", Integer.toString(y), "r", "4", "class", "site")
                    .close("circle");
            h.el("text", label(s), "x", Integer.toString(LABEL - 10), "y", Integer.toString(y + 4),
                    "text-anchor", "end");
        }
        for (DepEdge e : edges) {
            int a = rowOf.get(e.src().site().id());
            int b = rowOf.get(e.dst().site().id());
            int y1 = TOP + ROW * a;
            int y2 = TOP + ROW * b;
            String type = e.type().name().toLowerCase(Locale.ROOT);
            String d;
            if (a == b) {   // a site depending on itself: a small loop to its right
                d = "M " + (LABEL + 4) + " " + (y1 - 3) + " C " + (LABEL + 40) + " " + (y1 - 18) + ", " + (LABEL + 40)
                        + " " + (y1 + 18) + ", " + (LABEL + 5) + " " + (y1 + 3);
            } else {
                int bulge = LABEL + ARC_MIN + ARC_STEP * Math.abs(a - b);
                d = "M " + (LABEL + 5) + " " + y1 + " C " + bulge + " " + y1 + ", " + bulge + " " + y2 + ", "
                        + (LABEL + 6) + " " + y2;
            }
            h.open("path", "d", d, "class", "arc " + type + (carried(e, loop) ? " carried" : " intra"),
                    "marker-end", "url(#arrow-" + type + ")");
            h.el("title", describe(e, loop)).close("path");
        }
        h.close("svg");
        h.open("figcaption").text("Memory dependences at this loop's level: ")
                .el("span", "RAW", "class", "dep raw").text(", ").el("span", "WAR", "class", "dep war").text(", ")
                .el("span", "WAW", "class", "dep waw")
                .text("; solid: carried across iterations, dashed: within an iteration only"
                        + (loop.dependences().size() > edges.size() ? "; the first " + edges.size() + " drawn" : "")
                        + ".").close("figcaption");
        h.close("figure");
    }

    private static boolean carried(DepEdge e, LoopView loop) {
        for (LoopVerdict v : loop.verdicts()) {
            LoopRelation.Relation r = LoopView.relation(e, v);
            if (r != null && r.carried()) {
                return true;
            }
        }
        return false;
    }

    private static String label(AccessSiteMeta s) {
        String file = s.sourceFile() != null ? s.sourceFile() : s.className();
        String text = Page.place(file, s.line()) + " " + s.access() + " " + s.target();
        return text.length() > 48 ? text.substring(0, 47) + "…" : text;
    }

    private static String describe(DepEdge e, LoopView loop) {
        return e.type() + " from line " + e.src().site().line() + " (" + e.src().site().access() + ") to line "
                + e.dst().site().line() + " (" + e.dst().site().access() + "), " + e.count() + " times, "
                + (carried(e, loop) ? "carried across iterations" : "within an iteration");
    }
}
