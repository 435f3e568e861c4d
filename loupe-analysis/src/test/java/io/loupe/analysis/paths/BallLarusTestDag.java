package io.loupe.analysis.paths;

import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/**
 * Test-side Ball–Larus DAGs: random acyclic graphs in the instrumenter's conventions, numbered by
 * this class's own implementation of D'Elia et al.'s Fig. 2, with every ENTRY→EXIT walk enumerated so
 * that a decoder can be checked against the numbering.
 */
final class BallLarusTestDag {

    /** An unnumbered edge: endpoints and kind. */
    record Edge(int from, int to, EdgeKind kind) {
    }

    /** One ENTRY→EXIT walk: its edges in order and the id the numbering gives it. */
    record Walk(List<DagEdge> edges, long id) {
        int[] blocks(int exit) {
            return edges.stream().mapToInt(DagEdge::to).filter(b -> b != exit).toArray();
        }
    }

    private BallLarusTestDag() {
    }

    /**
     * A random DAG over {@code n} blocks: forward edges only (i → j with i < j), ENTRY → 0 plus
     * some LOOP_ENTRY/HANDLER_ENTRY edges, every block reachable and able to reach EXIT, some blocks
     * with both a METHOD_EXIT and a LOOP_EXIT edge (a loop tail that may also return).
     */
    static List<Edge> randomEdges(int n, Random random) {
        int entry = n;
        int exit = n + 1;
        List<Edge> edges = new ArrayList<>();
        edges.add(new Edge(entry, 0, EdgeKind.METHOD_ENTRY));
        for (int j = 1; j < n; j++) {
            if (random.nextInt(4) == 0) {
                edges.add(new Edge(entry, j, random.nextBoolean() ? EdgeKind.LOOP_ENTRY : EdgeKind.HANDLER_ENTRY));
            }
        }
        for (int i = 0; i < n; i++) {
            List<Integer> targets = new ArrayList<>();
            for (int j = i + 1; j < n; j++) {
                if (random.nextInt(3) == 0) {
                    targets.add(j);
                }
            }
            for (int j : targets) {
                edges.add(new Edge(i, j, EdgeKind.NORMAL));
            }
            boolean last = i == n - 1;
            if (last || targets.isEmpty() || random.nextInt(4) == 0) {
                edges.add(new Edge(i, exit, EdgeKind.METHOD_EXIT));
            }
            if (random.nextInt(5) == 0) {
                edges.add(new Edge(i, exit, EdgeKind.LOOP_EXIT));
            }
        }
        // every block needs a way in
        for (int j = 1; j < n; j++) {
            final int target = j;
            if (edges.stream().noneMatch(e -> e.to() == target)) {
                edges.add(new Edge(random.nextInt(j), j, EdgeKind.NORMAL));
            }
        }
        return edges;
    }

    /**
     * Fig. 2 of D'Elia et al. 2013: nodes in reverse topological order (EXIT, blocks n-1 … 0, ENTRY, since
     * every edge goes to a higher block or to EXIT); at each node the outgoing edges, in a random
     * order, get the running sum of their targets' path counts.
     */
    static List<DagEdge> number(int n, List<Edge> edges, Random random) {
        int entry = n;
        int exit = n + 1;
        long[] numPaths = new long[n + 2];
        numPaths[exit] = 1;
        List<DagEdge> numbered = new ArrayList<>();
        List<Integer> order = new ArrayList<>();
        for (int v = n - 1; v >= 0; v--) {
            order.add(v);
        }
        order.add(entry);
        for (int v : order) {
            List<Edge> out = new ArrayList<>(edges.stream().filter(e -> e.from() == v).toList());
            Collections.shuffle(out, random);
            for (Edge e : out) {
                numbered.add(new DagEdge(e.from(), e.to(), e.kind(), numPaths[v]));
                numPaths[v] += numPaths[e.to()];
            }
        }
        return numbered;
    }

    static long numPaths(List<DagEdge> numbered, int entry, int exit) {
        return walks(numbered, entry, exit).size();
    }

    /** Every ENTRY→EXIT walk, found by an explicit-stack depth-first search. */
    static List<Walk> walks(List<DagEdge> numbered, int entry, int exit) {
        List<Walk> walks = new ArrayList<>();
        collect(numbered, entry, exit, new ArrayList<>(), walks);
        return walks;
    }

    private static void collect(List<DagEdge> edges, int node, int exit, List<DagEdge> prefix, List<Walk> into) {
        if (node == exit) {
            into.add(new Walk(List.copyOf(prefix), prefix.stream().mapToLong(DagEdge::val).sum()));
            return;
        }
        for (DagEdge e : edges) {
            if (e.from() == node) {
                prefix.add(e);
                collect(edges, e.to(), exit, prefix, into);
                prefix.remove(prefix.size() - 1);
            }
        }
    }

    /** A method around a numbered DAG; block b covers source lines {@code lines[b]}. */
    static MethodMeta method(int n, List<DagEdge> numbered, int[][] lines, List<LoopMeta> loops) {
        List<BlockMeta> blocks = new ArrayList<>();
        for (int b = 0; b < n; b++) {
            blocks.add(new BlockMeta(b, b, lines[b], false));
        }
        long numPaths = numPaths(numbered, n, n + 1);
        return new MethodMeta(0, "com.example.Sample", "run", "(I)V", "Sample.java", blocks, numbered, loops,
                numPaths, 0, MethodMeta.Storage.ARRAY);
    }
}
