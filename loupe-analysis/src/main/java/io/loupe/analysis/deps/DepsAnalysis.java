package io.loupe.analysis.deps;

import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A profile's memory dependence data, analysed once for the reports (docs/deps.md, "Dependences
 * and loop verdicts"): every loop record with its context path, its carried RAW, WAR and WAW
 * counts and its verdicts, and every dependence with its ends' context paths and its relation at
 * each common loop level.
 *
 * <p>A loop is a loop record: per loop and context node in camp mode, per loop in lamp mode. A
 * dependence level names a loop context node (camp) or a loop id (lamp). A loop carries a
 * dependence when the dependence ran between accesses of one thread and has an inter-iteration
 * relation at that level; a dependence between threads is never carried.
 *
 * <p>Loops are listed by class, method, header line and context path; dependences by type, then
 * source and destination (class, method, line, ordinal, context path). Ties fall back to ids, so
 * two reports of one profile agree. Inconsistencies (an id the profile does not describe, a cycle
 * in the context tree, a level without a loop record) are reported as problems; what can be kept
 * is kept.
 */
public final class DepsAnalysis {

    /** Loops by class, method, header line, context path, then loop id and context node. */
    public static final Comparator<LoopVerdict> LOOP_ORDER = Comparator
            .comparing((LoopVerdict l) -> l.meta().className())
            .thenComparing(l -> l.meta().method() + l.meta().desc())
            .thenComparingInt(l -> l.meta().line())
            .thenComparing(LoopVerdict::context, ContextEntry.PATH_ORDER)
            .thenComparingInt(l -> l.meta().id())
            .thenComparingInt(LoopVerdict::contextNode);

    /** Ends by class, method, line, site ordinal, context path, then site id and context node. */
    public static final Comparator<DepEnd> END_ORDER = Comparator
            .comparing((DepEnd e) -> e.site().className())
            .thenComparing(e -> e.site().signature())
            .thenComparingInt(e -> e.site().line())
            .thenComparingInt(e -> e.site().index())
            .thenComparing(DepEnd::context, ContextEntry.PATH_ORDER)
            .thenComparingInt(e -> e.site().id())
            .thenComparingInt(DepEnd::contextNode);

    /** Dependences by type, source, destination, then same-thread before cross-thread. */
    public static final Comparator<DepEdge> DEPENDENCE_ORDER = Comparator
            .comparing(DepEdge::type)
            .thenComparing(DepEdge::src, END_ORDER)
            .thenComparing(DepEdge::dst, END_ORDER)
            .thenComparing(DepEdge::crossThread);

    private final String mode;
    private final boolean present;
    private final List<LoopVerdict> loops;
    private final List<DepEdge> dependences;
    private final List<String> problems;
    private final List<ContextNode> contexts;

    private final AbsintSummary absint;

    private DepsAnalysis(String mode, boolean present, List<LoopVerdict> loops, List<DepEdge> dependences,
                         List<String> problems, List<ContextNode> contexts, AbsintSummary absint) {
        this.absint = absint;
        this.mode = mode;
        this.present = present;
        this.loops = loops;
        this.dependences = dependences;
        this.problems = problems;
        this.contexts = contexts;
    }

    public static DepsAnalysis of(Profile profile) {
        return new Builder(profile.deps(), profile.stats().getOrDefault(StatKeys.DEPS_DISTANCES, 0L) > 0).build();
    }

    /** True when the profile holds dependence data: the dependence profiler ran. */
    public boolean present() {
        return present;
    }

    /** {@code camp} or {@code lamp}; null when the profile does not say. */
    public String mode() {
        return mode;
    }

    /** True in camp mode: loops and accesses are known per context. */
    public boolean contextual() {
        return DepsProfile.CAMP.equals(mode);
    }

    /** Every loop record, by class, method, line and context path; {@link LoopVerdict#id()} is the position. */
    public List<LoopVerdict> loops() {
        return loops;
    }

    /** Every dependence, by type, source and destination. */
    public List<DepEdge> dependences() {
        return dependences;
    }

    /** Loops that carry no dependence. */
    public List<LoopVerdict> parallelizable() {
        return loops.stream().filter(LoopVerdict::parallelizable).toList();
    }

    /**
     * The loop context nodes on the path from the root to a context node, outermost first, the node
     * itself included when it is a loop node (camp mode): the loop contexts an access in that
     * context ran within. Empty in lamp mode, and for a node the profile does not describe; a path
     * that does not lead to a root (a problem already reported) stops where it turns back.
     */
    public List<Integer> enclosingLoopContexts(int contextNode) {
        List<Integer> reversed = new ArrayList<>();
        int at = contextNode;
        for (int steps = 0; steps <= contexts.size() && at >= 0 && at < contexts.size(); steps++) {
            ContextNode node = contexts.get(at);
            if (node.kind() == ContextNode.Kind.LOOP) {
                reversed.add(at);
            }
            at = node.parent();
        }
        List<Integer> path = new ArrayList<>(reversed.size());
        for (int i = reversed.size() - 1; i >= 0; i--) {
            path.add(reversed.get(i));
        }
        return path;
    }

    /** Inconsistencies found while analysing (empty for a well-formed profile). */
    /** What abstract interpretation at loop entry did, or null when the run had it off. */
    public AbsintSummary absint() {
        return absint;
    }

    public List<String> problems() {
        return problems;
    }

    /** One pass over a profile's dependence data. */
    private static final class Builder {

        private final DepsProfile deps;
        private final boolean camp;
        private final List<String> problems = new ArrayList<>();
        private final Map<Integer, List<ContextEntry>> paths = new HashMap<>();
        /** Loop records by level key: context node (camp) or loop id (lamp). */
        private final Map<Integer, Draft> drafts = new TreeMap<>();

        /** Whether the run recorded which carried dependences were at distance 1 ({@link Dependence#NEAR}). */
        private final boolean distances;

        Builder(DepsProfile deps, boolean distances) {
            this.deps = deps;
            this.distances = distances;
            this.camp = !DepsProfile.LAMP.equals(deps.mode());
            // ProfileReader refuses such a profile; one built in memory still gets this far
            if (!deps.isEmpty() && !DepsProfile.MODES.contains(deps.mode())) {
                problems.add("dependence profile mode " + deps.mode() + " is neither camp nor lamp; read as camp");
            }
        }

        /** A loop record being put together. */
        private static final class Draft {
            final DepLoopMeta meta;
            final int contextNode;
            long invocations;
            long iterations;
            long decided;
            final int[] carried = new int[3];

            Draft(DepLoopMeta meta, int contextNode) {
                this.meta = meta;
                this.contextNode = contextNode;
            }
        }

        DepsAnalysis build() {
            for (LoopRecord r : deps.loopRecords()) {
                record(r);
            }
            List<Dependence> kept = new ArrayList<>();
            for (Dependence d : deps.dependences()) {
                if (site(d.srcSite()) == null || site(d.dstSite()) == null) {
                    problems.add(d.type() + " dependence between access sites " + d.srcSite() + " and " + d.dstSite()
                            + ", which the profile does not describe both; ignored");
                    continue;
                }
                kept.add(d);
                for (int i = 0; i < d.loops().length; i++) {
                    Draft loop = level(d.loops()[i]);
                    if (loop != null && !d.crossThread() && (d.relations()[i] & Dependence.INTER) != 0) {
                        loop.carried[d.type().ordinal()]++;
                    }
                }
            }
            List<LoopVerdict> loops = new ArrayList<>();
            for (Draft l : drafts.values()) {
                loops.add(new LoopVerdict(-1, l.meta, l.contextNode, loopContext(l.contextNode), l.invocations,
                        l.iterations, l.carried[0], l.carried[1], l.carried[2], l.decided));
            }
            loops.sort(LOOP_ORDER);
            Map<Integer, LoopVerdict> byLevel = new HashMap<>();
            for (int i = 0; i < loops.size(); i++) {
                LoopVerdict l = loops.get(i);
                l = new LoopVerdict(i, l.meta(), l.contextNode(), l.context(), l.invocations(), l.iterations(), l.raw(),
                        l.war(), l.waw(), l.decidedInvocations());
                loops.set(i, l);
                byLevel.put(camp ? l.contextNode() : l.meta().id(), l);
            }
            List<DepEdge> edges = new ArrayList<>();
            for (Dependence d : kept) {
                List<LoopRelation> levels = new ArrayList<>();
                for (int i = 0; i < d.loops().length; i++) {
                    LoopVerdict loop = byLevel.get(d.loops()[i]);
                    LoopRelation.Relation relation = relation(d.relations()[i]);
                    if (loop == null) {
                        continue;
                    }
                    if (relation == null) {
                        problems.add(d.type() + " dependence " + d.srcSite() + " → " + d.dstSite()
                                + " has no relation at loop level " + d.loops()[i] + "; level left out");
                        continue;
                    }
                    levels.add(new LoopRelation(loop, relation, distanceOne(d.relations()[i])));
                }
                edges.add(new DepEdge(d.type(), end(d.srcSite(), d.srcContext()), end(d.dstSite(), d.dstContext()),
                        d.count(), d.crossThread(), List.copyOf(levels)));
            }
            edges.sort(DEPENDENCE_ORDER);
            AbsintSummary absint = deps.absint().enabled() ? AbsintSummary.of(deps.absint(), loops) : null;
            return new DepsAnalysis(deps.mode(), !deps.isEmpty(), List.copyOf(loops), List.copyOf(edges),
                    List.copyOf(problems), camp ? deps.contexts() : List.of(), absint);
        }

        private void record(LoopRecord r) {
            DepLoopMeta meta = loop(r.loop());
            if (meta == null) {
                problems.add("loop record of loop " + r.loop() + ", which the profile does not describe; ignored");
                return;
            }
            int key;
            if (camp) {
                ContextNode node = node(r.context());
                if (node == null || node.kind() != ContextNode.Kind.LOOP || node.site() != r.loop()) {
                    problems.add("loop record of loop " + r.loop() + " names context " + r.context()
                            + ", which is not that loop's context node; ignored");
                    return;
                }
                key = r.context();
            } else {
                key = r.loop();
            }
            Draft d = drafts.get(key);
            if (d == null) {
                d = new Draft(meta, camp ? r.context() : -1);
                drafts.put(key, d);
            } else {
                problems.add("loop " + r.loop() + " has more than one record for context " + r.context() + "; added up");
            }
            d.invocations += r.invocations();
            d.iterations += r.iterations();
            d.decided += r.decidedInvocations();
        }

        /** The loop record of a dependence's level, made empty (with a problem) when it has none. */
        private Draft level(int key) {
            Draft d = drafts.get(key);
            if (d != null) {
                return d;
            }
            DepLoopMeta meta;
            if (camp) {
                ContextNode node = node(key);
                meta = node != null && node.kind() == ContextNode.Kind.LOOP ? loop(node.site()) : null;
            } else {
                meta = loop(key);
            }
            if (meta == null) {
                problems.add("dependence at loop level " + key + ", which names no loop the profile describes; level left out");
                return null;
            }
            problems.add("dependence at loop level " + key + " (loop " + meta.id() + "), which has no loop record");
            d = new Draft(meta, camp ? key : -1);
            drafts.put(key, d);
            return d;
        }

        private static LoopRelation.Relation relation(byte bits) {
            boolean intra = (bits & Dependence.INTRA) != 0;
            boolean inter = (bits & Dependence.INTER) != 0;
            if (intra && inter) {
                return LoopRelation.Relation.BOTH;
            }
            return inter ? LoopRelation.Relation.INTER : intra ? LoopRelation.Relation.INTRA : null;
        }

        /**
         * Seen at distance 1 (true), only farther (false), or not known (null: the run did not record
         * distances, or the level is not across iterations).
         */
        private Boolean distanceOne(byte bits) {
            if ((bits & Dependence.INTER) == 0 || !distances) {
                return null;
            }
            return (bits & Dependence.NEAR) != 0;
        }

        private DepEnd end(int site, int context) {
            return new DepEnd(site(site), camp ? context : -1, camp ? path(context) : List.of());
        }

        /** The path leading to a loop's context node, the loop itself left out. */
        private List<ContextEntry> loopContext(int node) {
            if (!camp) {
                return List.of();
            }
            List<ContextEntry> path = path(node);
            return path.isEmpty() ? path : path.subList(0, path.size() - 1);
        }

        /** A context node's path from its root, outermost first; the root is no entry. */
        private List<ContextEntry> path(int id) {
            List<ContextEntry> known = paths.get(id);
            if (known != null) {
                return known;
            }
            List<ContextEntry> reversed = new ArrayList<>();
            int at = id;
            int steps = 0;
            while (true) {
                ContextNode node = node(at);
                if (node == null) {
                    problems.add("context " + id + " leads to node " + at + ", which the profile does not describe");
                    break;
                }
                if (node.kind() == ContextNode.Kind.ROOT) {
                    break;
                }
                if (++steps > deps.contexts().size()) {
                    problems.add("context " + id + " does not lead to a root (a cycle in the context tree)");
                    break;
                }
                reversed.add(entry(node));
                at = node.parent();
            }
            List<ContextEntry> path = new ArrayList<>(reversed.size());
            for (int i = reversed.size() - 1; i >= 0; i--) {
                path.add(reversed.get(i));
            }
            path = List.copyOf(path);
            paths.put(id, path);
            return path;
        }

        private ContextEntry entry(ContextNode node) {
            if (node.kind() == ContextNode.Kind.CALL) {
                CallSiteMeta c = node.site() >= 0 && node.site() < deps.calls().size() ? deps.calls().get(node.site()) : null;
                if (c == null) {
                    problems.add("context node " + node.id() + " names call site " + node.site()
                            + ", which the profile does not describe");
                    return new ContextEntry(ContextEntry.Kind.CALL, "?", "?", -1);
                }
                return new ContextEntry(ContextEntry.Kind.CALL, c.className(), c.method() + c.desc(), c.line());
            }
            DepLoopMeta l = loop(node.site());
            if (l == null) {
                problems.add("context node " + node.id() + " names loop " + node.site()
                        + ", which the profile does not describe");
                return new ContextEntry(ContextEntry.Kind.LOOP, "?", "?", -1);
            }
            return new ContextEntry(ContextEntry.Kind.LOOP, l.className(), l.method() + l.desc(), l.line(), l.recursion());
        }

        private ContextNode node(int id) {
            return id >= 0 && id < deps.contexts().size() ? deps.contexts().get(id) : null;
        }

        private DepLoopMeta loop(int id) {
            return id >= 0 && id < deps.loops().size() ? deps.loops().get(id) : null;
        }

        private AccessSiteMeta site(int id) {
            return id >= 0 && id < deps.sites().size() ? deps.sites().get(id) : null;
        }
    }
}
