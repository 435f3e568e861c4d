package io.loupe.instrument.flow;

import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The acyclic graph on which Ball–Larus numbers paths (D'Elia et al. 2013, §2.1): the method's blocks plus a
 * virtual ENTRY (node {@code n}) and EXIT (node {@code n+1}). Every retreating edge {@code t→h} is
 * replaced by the dummy pair {@code t→EXIT}, {@code ENTRY→h}; every exception handler {@code H}
 * gets {@code ENTRY→H}; every block ending in a return or throw gets {@code b→EXIT}. Only blocks
 * reachable from the method entry take part. Edges are unique per (from, to) pair: a path is a
 * sequence of blocks, so parallel CFG edges are one DAG edge.
 *
 * <p>{@link BallLarusNumbering} then assigns edge values and, if the path count does not fit an
 * {@code int}, cuts forward edges ({@link #cut}) the same way back edges are cut.
 */
public final class BallLarusDag {

    /** A mutable DAG edge during numbering and probe placement. */
    public static final class Edge {
        final int from;
        final int to;
        EdgeKind kind;
        long val;
        long inc;
        long weight;

        Edge(int from, int to, EdgeKind kind) {
            this.from = from;
            this.to = to;
            this.kind = kind;
        }

        public int from() {
            return from;
        }

        public int to() {
            return to;
        }

        public EdgeKind kind() {
            return kind;
        }

        /** The Fig. 2 value. */
        public long val() {
            return val;
        }

        /** Makes the increment the edge's value (no probe placement). */
        void incrementIsValue() {
            inc = val;
        }

        /** The increment the probe on this edge adds to the path register (0 on spanning-tree edges). */
        public long inc() {
            return inc;
        }
    }

    private final int blocks;
    private final List<Edge> edges = new ArrayList<>();
    private final Map<Long, Edge> byPair = new HashMap<>();
    private final boolean[] inDag;
    private int cuts;

    private BallLarusDag(int blocks) {
        this.blocks = blocks;
        this.inDag = new boolean[blocks + 2];
    }

    public static BallLarusDag of(ControlFlowGraph g, Dominators dom, LoopForest loops) {
        int n = g.size();
        BallLarusDag dag = new BallLarusDag(n);
        dag.inDag[n] = true;
        dag.inDag[n + 1] = true;
        dag.add(n, 0, EdgeKind.METHOD_ENTRY, 0);
        for (int b : dom.reversePostorder()) {
            dag.inDag[b] = true;
            ControlFlowGraph.Block blk = g.block(b);
            if (blk.handler()) {
                dag.add(n, b, EdgeKind.HANDLER_ENTRY, 0);
            }
            int[] succ = blk.successors();
            for (int i = 0; i < succ.length; i++) {
                long weight = frequencyWeight(loops, b, succ[i]) * 4 + (needsTrampoline(g, b, succ[i]) ? 2 : 0);
                if (dom.isRetreating(b, i)) {
                    dag.add(b, n + 1, EdgeKind.LOOP_EXIT, 0);
                    dag.add(n, succ[i], EdgeKind.LOOP_ENTRY, 0);
                } else {
                    dag.add(b, succ[i], EdgeKind.NORMAL, weight);
                }
            }
            if (blk.exits()) {
                dag.add(b, n + 1, EdgeKind.METHOD_EXIT, 0);
            }
        }
        return dag;
    }

    /** Estimated relative frequency: 8 to the power of the loop depth of the edge (at most 8^6). */
    private static long frequencyWeight(LoopForest loops, int from, int to) {
        int d = Math.min(6, Math.min(loops.depth(from), loops.depth(to)));
        return 1L << (3 * d);
    }

    /** True if the edge is the taken side of a conditional jump or a switch: its probe needs a trampoline. */
    static boolean needsTrampoline(ControlFlowGraph g, int from, int to) {
        var last = g.instructions().get(g.block(from).last());
        if (last.getOpcode() == org.objectweb.asm.Opcodes.GOTO) {
            return false;
        }
        for (var label : ControlFlowGraph.targets(last)) {
            if (g.blockAt(label) == to) {
                return true;
            }
        }
        return false;
    }

    private void add(int from, int to, EdgeKind kind, long weight) {
        long key = ((long) from << 32) | to;
        Edge e = byPair.get(key);
        if (e == null) {
            e = new Edge(from, to, kind);
            e.weight = weight;
            byPair.put(key, e);
            edges.add(e);
        }
    }

    /** Replaces forward edge {@code e} by {@code from→EXIT} and {@code ENTRY→to} (path count overflow). */
    void cut(Edge e) {
        edges.remove(e);
        byPair.remove(((long) e.from << 32) | e.to);
        add(e.from, exit(), EdgeKind.CUT_EXIT, 0);
        add(entry(), e.to, EdgeKind.CUT_ENTRY, 0);
        cuts++;
    }

    public int entry() {
        return blocks;
    }

    public int exit() {
        return blocks + 1;
    }

    /** Number of nodes including ENTRY and EXIT. */
    public int nodeCount() {
        return blocks + 2;
    }

    /** True for ENTRY, EXIT and reachable blocks. */
    public boolean inDag(int node) {
        return inDag[node];
    }

    public List<Edge> edges() {
        return edges;
    }

    /** The DAG edge from {@code from} to {@code to}, or null. */
    public Edge edge(int from, int to) {
        return byPair.get(((long) from << 32) | to);
    }

    /** Forward edges cut to keep the path count in an {@code int}. */
    public int cuts() {
        return cuts;
    }

    /** The edges in the profile model's form. */
    public List<DagEdge> toMeta() {
        List<DagEdge> out = new ArrayList<>(edges.size());
        for (Edge e : edges) {
            out.add(new DagEdge(e.from, e.to, e.kind, e.val));
        }
        return out;
    }
}
