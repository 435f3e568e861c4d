package io.loupe.report;

import io.loupe.analysis.deps.ContextEntry;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepEnd;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.data.deps.AccessSiteMeta;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The memory dependence graph of one loop in Graphviz DOT ({@code loupe report FILE --dot LOOP}):
 * a node per access — a site, in camp mode a site in one context, labelled with its method and
 * line, its instruction and target, and the calls between the loop and it — and an edge per
 * dependence that has a relation at the loop, labelled with its type, relation and count. Edges the
 * loop carries (inter or both) are red and bold, those within one iteration black. The loop is
 * named by its {@code id} in the text and JSON reports. Nodes are numbered in the order of the
 * analysis' dependences, so one profile always gives the same graph.
 */
public final class DepsDotGraph {

    /**
     * Writes the graph of loop {@code loopId} of {@code deps}.
     *
     * @throws IllegalArgumentException if there is no such loop
     */
    public void write(DepsAnalysis deps, int loopId, Appendable out) throws IOException {
        if (loopId < 0 || loopId >= deps.loops().size()) {
            throw new IllegalArgumentException("no loop " + loopId + " (ids run from 0 to "
                    + (deps.loops().size() - 1) + ")");
        }
        LoopVerdict loop = deps.loops().get(loopId);
        Map<DepEnd, Integer> nodes = new LinkedHashMap<>();
        List<String> edges = new ArrayList<>();
        for (DepEdge e : deps.dependences()) {
            LoopRelation.Relation relation = relationAt(e, loop);
            if (relation == null) {
                continue;
            }
            int src = nodes.computeIfAbsent(e.src(), k -> nodes.size());
            int dst = nodes.computeIfAbsent(e.dst(), k -> nodes.size());
            String label = e.type().name() + " " + relation.label() + " ×" + Percent.count(e.count());
            edges.add("  n" + src + " -> n" + dst + " [label=" + quoted(label)
                    + (relation.carried() ? ", color=red, fontcolor=red, style=bold" : "") + "];\n");
        }
        String title = "loop " + loop.id() + ": " + DepsLayout.loop(loop.meta(), Integer.MAX_VALUE);
        out.append("digraph ").append(quoted(title)).append(" {\n");
        StringBuilder label = new StringBuilder(title);
        if (!loop.context().isEmpty()) {
            label.append("\nin ").append(String.join(" ", DepsLayout.path(loop.context())));
        }
        label.append('\n').append(DepsLayout.verdict(loop)).append(": carried RAW ").append(loop.raw())
                .append(", WAR ").append(loop.war()).append(", WAW ").append(loop.waw());
        out.append("  label=").append(quoted(label.toString())).append(";\n");
        out.append("  labelloc=t;\n");
        out.append("  node [shape=box, fontname=\"monospace\"];\n");
        out.append("  edge [fontname=\"monospace\"];\n");
        for (Map.Entry<DepEnd, Integer> n : nodes.entrySet()) {
            out.append("  n").append(Integer.toString(n.getValue())).append(" [label=")
                    .append(quoted(node(n.getKey(), loop))).append("];\n");
        }
        for (String e : edges) {
            out.append(e);
        }
        out.append("}\n");
    }

    /** The dependence's relation at the loop; null when the loop is not one of its common levels. */
    private static LoopRelation.Relation relationAt(DepEdge e, LoopVerdict loop) {
        for (LoopRelation r : e.loops()) {
            if (r.loop().id() == loop.id()) {
                return r.relation();
            }
        }
        return null;
    }

    private static String node(DepEnd end, LoopVerdict loop) {
        AccessSiteMeta s = end.site();
        StringBuilder b = new StringBuilder();
        b.append(s.className()).append('.').append(s.signature());
        if (s.line() >= 0) {
            b.append(':').append(s.line());
        }
        b.append('\n').append(DepsLayout.access(s));
        List<ContextEntry> below = DepsLayout.below(end, loop);
        if (!below.isEmpty()) {
            b.append("\nvia");
            for (ContextEntry c : below) {
                b.append(' ').append(DepsLayout.shortEntry(c));
            }
        }
        return b.toString();
    }

    /** A DOT string: quotes and backslashes escaped, line breaks as {@code \n}. */
    static String quoted(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> b.append("\\\"");
                case '\\' -> b.append("\\\\");
                case '\n' -> b.append("\\n");
                case '\r' -> { }
                default -> b.append(c);
            }
        }
        return b.append('"').toString();
    }
}
