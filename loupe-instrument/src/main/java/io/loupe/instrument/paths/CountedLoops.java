package io.loupe.instrument.paths;

import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.flow.BallLarusDag;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.MethodModel;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * The loops of a method whose path ends can be counted instead of run-length encoded: loops where
 * only the header branches, so every iteration follows one chain of blocks from the header to the
 * single back edge.
 *
 * <p>Why. Run-length encoding ({@link PathRegister}) ends each iteration's path with
 * {@code if (x == last) run++; else flush}: a compare and a branch whose outcome the JIT cannot
 * prove, so it keeps them in the loop, and a branch in the body stops C2 from vectorizing it. In
 * SciMark's LU kernel that alone made the innermost loop 2.6 times slower. Without run-length
 * encoding (k = 1 by default) each iteration updates a counter in memory instead. In a loop of one
 * chain neither is needed: every iteration after the first ends the same path,
 * {@code repeated = start(h) + K} (the header's start increment plus the increments along the chain
 * and the back edge's end increment), and the first ends {@code first = r_in + K}, where
 * {@code r_in} is the path register on arrival at the header from outside. So the loop keeps
 * {@code r_in} (saved on each entry edge, outside the loop) and counts its iterations in a
 * {@code long} ({@code iterations += 1} at the back edge: an induction variable, which C2 folds into
 * the loop's own); each exit edge then streams, in order, the pending run, {@code first} once and
 * {@code repeated} for the other iterations, and the catch-all handler does the same when an
 * exception leaves the loop. Nothing else ends a path while the loop runs, so the stream of path
 * ends is exactly the one recorded item by item (or run-length encoded): every profile is
 * unchanged. A constructor counts its loops only when {@link ConstructorBody} places them all after
 * its {@code super(…)} call, where its catch-all handler starts.
 *
 * <p>A loop qualifies when it is reducible with one back edge {@code t→h}; every block but the
 * header has exactly one successor and does not end the method; the header has two successors, one
 * in the loop, and is neither the method's first block nor a handler entry (arrivals that are
 * not edges); every edge along the chain is a plain forward edge of the DAG (no cut edge); and no handler
 * of the method covers the loop, so an exception can only leave it through the catch-all.
 */
final class CountedLoops {

    /**
     * One counted loop.
     *
     * @param index    its number in the method, which picks its locals
     * @param header   the header block {@code h}
     * @param blocks   the loop's blocks
     * @param offset   {@code K}: the first iteration's path id is {@code r_in + K}
     * @param repeated the path id every later iteration ends
     */
    record Loop(int index, int header, BitSet blocks, int offset, int repeated) {

        /** True for the back edge {@code u→v} of this loop. */
        boolean isBackEdge(int u, int v) {
            return v == header && blocks.get(u);
        }

        /** True for an edge {@code u→v} that enters the loop from outside. */
        boolean isEntry(int u, int v) {
            return v == header && !blocks.get(u);
        }

        /** True for an edge {@code u→v} that leaves the loop. */
        boolean isExit(int u, int v) {
            return blocks.get(u) && !blocks.get(v);
        }
    }

    private CountedLoops() {
    }

    /** The counted loops of {@code model}'s method, numbered from 0. */
    static List<Loop> find(MethodModel model) {
        ControlFlowGraph g = model.cfg();
        BallLarusDag dag = model.dag();
        List<Loop> out = new ArrayList<>();
        for (LoopMeta loop : model.loops().loops()) {
            Loop counted = counted(g, dag, model, loop, out.size());
            if (counted != null) {
                out.add(counted);
            }
        }
        return out;
    }

    private static Loop counted(ControlFlowGraph g, BallLarusDag dag, MethodModel model, LoopMeta loop, int index) {
        int h = loop.header();
        if (!loop.reducible() || loop.backEdgeSources().length != 1 || h == 0 || g.block(h).handler()) {
            return null;
        }
        int t = loop.backEdgeSources()[0];
        BitSet blocks = new BitSet(g.size());
        for (int b : loop.blocks()) {
            blocks.set(b);
            ControlFlowGraph.Block block = g.block(b);
            if (!model.dominators().reachable(b) || block.exceptionSuccessors().length > 0 || block.exits()) {
                return null;
            }
            int[] succ = block.successors();
            if (b != h && succ.length != 1) {
                return null;
            }
        }
        int[] hs = g.block(h).successors();
        if (hs.length != 2 || blocks.get(hs[0]) == blocks.get(hs[1])) {
            return null;
        }
        BallLarusDag.Edge end = dag.edge(t, dag.exit());
        BallLarusDag.Edge start = dag.edge(dag.entry(), h);
        if (end == null || start == null || end.kind() != EdgeKind.LOOP_EXIT) {
            return null;
        }
        // Walk the chain h → … → t (t's one successor is h: t → h is the back edge), summing its increments.
        int inLoop = blocks.get(hs[0]) ? hs[0] : hs[1];
        long k = 0;
        for (int u = h, steps = 0; u != t; steps++) {
            int v = u == h ? inLoop : g.block(u).successors()[0];
            BallLarusDag.Edge e = dag.edge(u, v);
            if (steps > loop.blocks().length || e == null || e.kind() != EdgeKind.NORMAL) {
                return null;
            }
            k += e.inc();
            u = v;
        }
        k += end.inc();
        return new Loop(index, h, blocks, (int) k, (int) (start.inc() + k));
    }
}
