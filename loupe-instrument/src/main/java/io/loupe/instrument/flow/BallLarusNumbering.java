package io.loupe.instrument.flow;

import java.util.ArrayList;
import java.util.List;

/**
 * Ball–Larus path numbering (D'Elia et al. 2013, Fig. 2): in reverse topological order, each edge
 * {@code v→w} gets {@code val = numPaths(v)} so far and {@code numPaths(v) += numPaths(w)}; the
 * values along any ENTRY→EXIT path then sum to a distinct id in {@code [0, numPaths(ENTRY))}.
 *
 * <p>Path ids are {@code int}s, so the path register is one local and {@code iinc} can update it.
 * When a method has more than {@link #MAX_PATHS} paths, forward edges are cut like back edges
 * (the path ends there and a new one starts) until the count fits: the edge cut each time is the
 * one with the most paths through it, {@code min(pathsTo(v), numPaths(w))} with saturating
 * counts, which roughly halves the exponent of the count per cut. Cutting every forward edge
 * leaves one path per block, so the loop ends. The method stays profiled; the report says so.
 */
public final class BallLarusNumbering {

    /** The most paths a method may have: ids must fit a non-negative {@code int}. */
    public static final long MAX_PATHS = Integer.MAX_VALUE;

    private static final long SATURATED = Long.MAX_VALUE / 4;

    private BallLarusNumbering() {
    }

    /** Numbers the DAG's edges (cutting edges if needed) and returns the number of paths. */
    public static long number(BallLarusDag dag) {
        while (true) {
            List<BallLarusDag.Edge>[] out = outgoing(dag);
            int[] topo = topologicalOrder(dag, out);
            long[] numPaths = new long[dag.nodeCount()];
            for (int i = topo.length - 1; i >= 0; i--) {
                int v = topo[i];
                if (v == dag.exit()) {
                    numPaths[v] = 1;
                    continue;
                }
                long sum = 0;
                for (BallLarusDag.Edge e : out[v]) {
                    e.val = sum;
                    sum = Math.min(SATURATED, sum + numPaths[e.to]);
                }
                numPaths[v] = sum;
            }
            long total = numPaths[dag.entry()];
            if (total <= MAX_PATHS) {
                return total;
            }
            dag.cut(busiestForwardEdge(dag, topo, out, numPaths));
        }
    }

    private static BallLarusDag.Edge busiestForwardEdge(BallLarusDag dag, int[] topo, List<BallLarusDag.Edge>[] out,
                                                        long[] numPaths) {
        long[] pathsTo = new long[dag.nodeCount()];
        pathsTo[dag.entry()] = 1;
        for (int v : topo) {
            for (BallLarusDag.Edge e : out[v]) {
                pathsTo[e.to] = Math.min(SATURATED, pathsTo[e.to] + pathsTo[v]);
            }
        }
        BallLarusDag.Edge best = null;
        long bestScore = -1;
        for (BallLarusDag.Edge e : dag.edges()) {
            if (e.kind == io.loupe.data.meta.EdgeKind.NORMAL) {
                long score = Math.min(pathsTo[e.from], numPaths[e.to]);
                if (score > bestScore) {
                    bestScore = score;
                    best = e;
                }
            }
        }
        if (best == null) {
            throw new IllegalStateException("path count overflows with no forward edge left to cut");
        }
        return best;
    }

    @SuppressWarnings("unchecked")
    static List<BallLarusDag.Edge>[] outgoing(BallLarusDag dag) {
        List<BallLarusDag.Edge>[] out = new List[dag.nodeCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = new ArrayList<>();
        }
        for (BallLarusDag.Edge e : dag.edges()) {
            out[e.from].add(e);
        }
        return out;
    }

    /** Kahn's algorithm over the nodes in the DAG; fails loudly if a cycle slipped through. */
    static int[] topologicalOrder(BallLarusDag dag, List<BallLarusDag.Edge>[] out) {
        int n = dag.nodeCount();
        int[] indeg = new int[n];
        int members = 0;
        for (int v = 0; v < n; v++) {
            if (dag.inDag(v)) {
                members++;
                for (BallLarusDag.Edge e : out[v]) {
                    indeg[e.to]++;
                }
            }
        }
        int[] order = new int[members];
        int head = 0;
        int tail = 0;
        for (int v = 0; v < n; v++) {
            if (dag.inDag(v) && indeg[v] == 0) {
                order[tail++] = v;
            }
        }
        while (head < tail) {
            int v = order[head++];
            for (BallLarusDag.Edge e : out[v]) {
                if (--indeg[e.to] == 0) {
                    order[tail++] = e.to;
                }
            }
        }
        if (tail != members) {
            throw new IllegalStateException("Ball-Larus graph is not acyclic");
        }
        return order;
    }
}
