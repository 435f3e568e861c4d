package io.loupe.instrument.flow;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Moves Ball–Larus edge values onto as few, and as cold, edges as possible (Ball and Larus 1996,
 * §3.3; D'Elia et al. 2013 §3.2 uses the same idea as "smart numbering").
 *
 * <p>Take a maximum spanning tree of the DAG seen as undirected, with the extra edge EXIT→ENTRY
 * forced into it. Give every node a potential φ so that each tree edge {@code u→v} has
 * {@code val + φ(u) − φ(v) = 0}; then set {@code inc(e) = val(e) + φ(u) − φ(v)} on every edge.
 * Along any ENTRY→EXIT path the increments sum to the values plus φ(ENTRY) − φ(EXIT), and the
 * forced tree edge makes that difference 0: path ids are unchanged, yet tree edges need no probe.
 *
 * <p>Weights: edges touching ENTRY or EXIT are free to instrument (their increment folds into the
 * path start {@code r = c} or the path end {@code count[r + c]++} that is there anyway), so they
 * come last and end up as chords; other edges weigh by estimated frequency (loop depth), and edges
 * whose probe would need a trampoline weigh a little more, so they stay probe-free when they can.
 * Increments are {@code long}s that the emitted code truncates to {@code int}: sums wrap modulo
 * 2^32 and the final id, in {@code [0, 2^31)}, comes out exact.
 */
public final class ProbePlacement {

    private ProbePlacement() {
    }

    public static void place(BallLarusDag dag) {
        int n = dag.nodeCount();
        int[] uf = new int[n];
        for (int i = 0; i < n; i++) {
            uf[i] = i;
        }
        union(uf, dag.exit(), dag.entry());
        List<BallLarusDag.Edge> order = new ArrayList<>(dag.edges());
        order.sort(Comparator.comparingLong((BallLarusDag.Edge e) -> touchesTerminal(dag, e) ? -1 : e.weight).reversed());
        List<List<int[]>> tree = new ArrayList<>(n);   // node → (neighbour, edge index, +1 forward / -1 backward)
        for (int i = 0; i < n; i++) {
            tree.add(new ArrayList<>());
        }
        tree.get(dag.exit()).add(new int[] {dag.entry(), -1, 1});
        tree.get(dag.entry()).add(new int[] {dag.exit(), -1, -1});
        List<BallLarusDag.Edge> edges = dag.edges();
        java.util.IdentityHashMap<BallLarusDag.Edge, Integer> index = new java.util.IdentityHashMap<>();
        for (int i = 0; i < edges.size(); i++) {
            index.put(edges.get(i), i);
        }
        for (BallLarusDag.Edge e : order) {
            if (union(uf, e.from, e.to)) {
                int i = index.get(e);
                tree.get(e.from).add(new int[] {e.to, i, 1});
                tree.get(e.to).add(new int[] {e.from, i, -1});
            }
        }
        long[] phi = new long[n];
        boolean[] seen = new boolean[n];
        int[] work = new int[n];
        int sp = 0;
        work[sp++] = dag.entry();
        seen[dag.entry()] = true;
        while (sp > 0) {
            int u = work[--sp];
            for (int[] link : tree.get(u)) {
                int v = link[0];
                if (seen[v]) {
                    continue;
                }
                long val = link[1] < 0 ? 0 : edges.get(link[1]).val;
                // forward tree edge u→v: φ(v) = φ(u) + val; backward (edge v→u): φ(v) = φ(u) − val
                phi[v] = link[2] > 0 ? phi[u] + val : phi[u] - val;
                seen[v] = true;
                work[sp++] = v;
            }
        }
        for (BallLarusDag.Edge e : edges) {
            e.inc = e.val + phi[e.from] - phi[e.to];
        }
    }

    private static boolean touchesTerminal(BallLarusDag dag, BallLarusDag.Edge e) {
        return e.from == dag.entry() || e.to == dag.exit();
    }

    private static int find(int[] uf, int x) {
        while (uf[x] != x) {
            uf[x] = uf[uf[x]];
            x = uf[x];
        }
        return x;
    }

    private static boolean union(int[] uf, int a, int b) {
        int ra = find(uf, a);
        int rb = find(uf, b);
        if (ra == rb) {
            return false;
        }
        uf[ra] = rb;
        return true;
    }
}
