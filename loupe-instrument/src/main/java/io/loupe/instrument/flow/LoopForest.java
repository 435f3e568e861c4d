package io.loupe.instrument.flow;

import io.loupe.data.meta.LoopMeta;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The loop nesting forest of a method. Every retreating edge {@code t→h} found by
 * {@link Dominators} belongs to the loop headed by {@code h}; back edges with the same header
 * share one loop. For a natural loop ({@code h} dominates {@code t}) the body is {@code h} plus
 * every block that reaches a back-edge source backwards without passing {@code h}; an irreducible
 * retreating edge gets the same construction limited to blocks reachable from {@code h}, and is
 * marked non-reducible. A loop's parent is the smallest other loop whose body contains its header.
 */
public final class LoopForest {

    private final List<LoopMeta> loops;
    private final int[] depth;   // per block: number of loops containing it

    private LoopForest(List<LoopMeta> loops, int[] depth) {
        this.loops = loops;
        this.depth = depth;
    }

    public static LoopForest of(ControlFlowGraph g, Dominators dom) {
        int n = g.size();
        int[][] pred = predecessors(g, dom);
        Map<Integer, List<Integer>> sourcesByHeader = new TreeMap<>();
        for (int b = 0; b < n; b++) {
            if (!dom.reachable(b)) {
                continue;
            }
            int[] succ = g.block(b).successors();
            for (int i = 0; i < succ.length; i++) {
                if (dom.isRetreating(b, i)) {
                    sourcesByHeader.computeIfAbsent(succ[i], h -> new ArrayList<>()).add(b);
                }
            }
        }
        List<BitSet> bodies = new ArrayList<>();
        List<Integer> headers = new ArrayList<>();
        List<int[]> sources = new ArrayList<>();
        List<Boolean> reducible = new ArrayList<>();
        for (Map.Entry<Integer, List<Integer>> e : sourcesByHeader.entrySet()) {
            int h = e.getKey();
            boolean natural = true;
            for (int t : e.getValue()) {
                natural &= dom.dominates(h, t);
            }
            BitSet limit = natural ? null : forwardReach(g, h);
            BitSet body = new BitSet(n);
            body.set(h);
            int[] work = new int[n];
            int sp = 0;
            for (int t : e.getValue()) {
                if (!body.get(t)) {
                    body.set(t);
                    work[sp++] = t;
                }
            }
            while (sp > 0) {
                int v = work[--sp];
                for (int p : pred[v]) {
                    if (!body.get(p) && (limit == null || limit.get(p))) {
                        body.set(p);
                        work[sp++] = p;
                    }
                }
            }
            headers.add(h);
            bodies.add(body);
            sources.add(e.getValue().stream().mapToInt(Integer::intValue).toArray());
            reducible.add(natural);
        }
        int count = headers.size();
        int[] parent = new int[count];
        for (int i = 0; i < count; i++) {
            parent[i] = -1;
            for (int j = 0; j < count; j++) {
                if (j != i && bodies.get(j).get(headers.get(i))
                        && (bodies.get(j).cardinality() > bodies.get(i).cardinality()
                            || (bodies.get(j).cardinality() == bodies.get(i).cardinality() && j < i))
                        && (parent[i] < 0 || bodies.get(j).cardinality() < bodies.get(parent[i]).cardinality())) {
                    parent[i] = j;
                }
            }
        }
        int[] depth = new int[n];
        List<LoopMeta> loops = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int d = 0;
            for (int p = parent[i]; p >= 0; p = parent[p]) {
                d++;
            }
            BitSet body = bodies.get(i);
            int[] blocks = new int[body.cardinality()];
            blocks[0] = headers.get(i);
            int k = 1;
            for (int b = body.nextSetBit(0); b >= 0; b = body.nextSetBit(b + 1)) {
                depth[b]++;
                if (b != headers.get(i)) {
                    blocks[k++] = b;
                }
            }
            loops.add(new LoopMeta(headers.get(i), parent[i], d + 1, blocks, sources.get(i), reducible.get(i)));
        }
        return new LoopForest(loops, depth);
    }

    private static BitSet forwardReach(ControlFlowGraph g, int from) {
        BitSet seen = new BitSet(g.size());
        int[] work = new int[g.size()];
        int sp = 0;
        seen.set(from);
        work[sp++] = from;
        while (sp > 0) {
            ControlFlowGraph.Block b = g.block(work[--sp]);
            for (int[] succ : new int[][] {b.successors(), b.exceptionSuccessors()}) {
                for (int w : succ) {
                    if (!seen.get(w)) {
                        seen.set(w);
                        work[sp++] = w;
                    }
                }
            }
        }
        return seen;
    }

    private static int[][] predecessors(ControlFlowGraph g, Dominators dom) {
        int n = g.size();
        List<List<Integer>> pred = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            pred.add(new ArrayList<>());
        }
        for (int b = 0; b < n; b++) {
            if (dom.reachable(b)) {
                for (int w : g.block(b).successors()) {
                    pred.get(w).add(b);
                }
                for (int w : g.block(b).exceptionSuccessors()) {
                    pred.get(w).add(b);
                }
            }
        }
        int[][] out = new int[n][];
        for (int i = 0; i < n; i++) {
            out[i] = pred.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return out;
    }

    /** The loops, outer loops not necessarily first; {@link LoopMeta#parent()} indexes this list. */
    public List<LoopMeta> loops() {
        return loops;
    }

    /** Number of loops containing block {@code b}. */
    public int depth(int b) {
        return depth[b];
    }
}
