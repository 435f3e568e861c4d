package io.loupe.analysis.paths;

import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * Turns a Ball–Larus path id back into its walk through the method's DAG (D'Elia et al. 2013, §2.1).
 *
 * <p>Implementation notes. The Fig. 2 numbering gives, at each node v, its outgoing edges the
 * values 0, numPaths(w1), numPaths(w1)+numPaths(w2), …: increasing prefix sums of the successors'
 * path counts, in whatever order the instrumenter visited them (smart numbering only changes that
 * order). So the paths through the edge with value x are exactly the ids in
 * {@code [x, x + numPaths(w))}, and the id's path leaves v by the edge with the largest value not
 * above the remaining id. Subtracting that value and repeating from w reaches EXIT with remaining
 * id 0. The walk only needs the edge values, never numPaths itself, and costs one binary search per
 * block on the path.
 *
 * <p>A decoder is immutable and can be shared; build one per method and decode many ids with it.
 */
public final class PathDecoder {

    private final MethodMeta method;
    private final int entry;
    private final int exit;
    /** Per node, outgoing edges sorted by value. */
    private final DagEdge[][] out;
    private final long[][] outVals;

    public PathDecoder(MethodMeta method) {
        this.method = method;
        this.entry = method.entryNode();
        this.exit = method.exitNode();
        int nodes = exit + 1;
        List<List<DagEdge>> byNode = new ArrayList<>(nodes);
        for (int i = 0; i < nodes; i++) {
            byNode.add(new ArrayList<>(2));
        }
        for (DagEdge e : method.edges()) {
            if (e.from() < 0 || e.from() >= nodes || e.to() < 0 || e.to() >= nodes) {
                throw new IllegalArgumentException("edge " + e.from() + "->" + e.to() + " of " + describe()
                        + " leaves the DAG's " + nodes + " nodes");
            }
            byNode.get(e.from()).add(e);
        }
        this.out = new DagEdge[nodes][];
        this.outVals = new long[nodes][];
        for (int v = 0; v < nodes; v++) {
            DagEdge[] edges = byNode.get(v).toArray(new DagEdge[0]);
            Arrays.sort(edges, Comparator.comparingLong(DagEdge::val));
            out[v] = edges;
            outVals[v] = Arrays.stream(edges).mapToLong(DagEdge::val).toArray();
        }
    }

    /** The method this decoder reads. */
    public MethodMeta method() {
        return method;
    }

    /**
     * The path with id {@code pathId}.
     *
     * @throws IllegalArgumentException if the id is outside {@code [0, numPaths)}, or the DAG's edge
     *                                  values do not lead from ENTRY to EXIT with this id (metadata
     *                                  inconsistent with the id)
     */
    public DecodedPath decode(long pathId) {
        if (pathId < 0 || pathId >= method.numPaths()) {
            throw new IllegalArgumentException("path id " + pathId + " is outside [0, " + method.numPaths()
                    + ") of " + describe());
        }
        long remaining = pathId;
        int node = entry;
        EdgeKind start = null;
        EdgeKind end = null;
        int[] blocks = new int[8];
        int length = 0;
        // A DAG walk visits each node at most once; the bound only guards against broken metadata.
        for (int steps = 0; node != exit; steps++) {
            if (steps > exit) {
                throw inconsistent(pathId, "the walk does not reach EXIT (a cycle in the DAG?)");
            }
            int i = largestAtMost(outVals[node], remaining);
            if (i < 0) {
                throw inconsistent(pathId, "no edge out of node " + node + " has a value <= " + remaining);
            }
            DagEdge e = out[node][i];
            remaining -= e.val();
            if (start == null) {
                start = e.kind();
            }
            end = e.kind();
            node = e.to();
            if (node != exit && node != entry) {
                if (length == blocks.length) {
                    blocks = Arrays.copyOf(blocks, length * 2);
                }
                blocks[length++] = node;
            }
        }
        if (remaining != 0) {
            throw inconsistent(pathId, "the walk reaches EXIT with " + remaining + " left over");
        }
        blocks = Arrays.copyOf(blocks, length);
        int header = end == EdgeKind.LOOP_EXIT && length > 0 ? loopHeaderOf(blocks[length - 1]) : -1;
        return new DecodedPath(pathId, blocks, start, end, linesOf(blocks), header);
    }

    /**
     * For a path register read before its path ended (when an exception was thrown): the index,
     * in {@code decode(register).blocks()}, of the first block where the path may have been. The
     * register is the sum of the values of the edges taken so far, and each later edge of
     * {@code decode(register)} has value 0, so the path was at one of the blocks from this index
     * on: the walk's blocks where the remaining id is already 0.
     */
    public int stopsFrom(long register) {
        DecodedPath p = decode(register);
        long remaining = register;
        int node = entry;
        for (int i = 0; i < p.blocks().length; i++) {
            int next = p.blocks()[i];
            long taken = 0;   // the walk took the edge to next of the largest value not above the remaining id
            for (DagEdge e : out[node]) {
                if (e.to() == next && e.val() <= remaining) {
                    taken = e.val();
                }
            }
            remaining -= taken;
            if (remaining == 0) {
                return i;
            }
            node = next;
        }
        return p.blocks().length;
    }

    /** Index of the largest value {@code <= x} in the sorted array, or -1. */
    private static int largestAtMost(long[] sorted, long x) {
        int lo = 0;
        int hi = sorted.length - 1;
        int found = -1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] <= x) {
                found = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return found;
    }

    /** The blocks' lines concatenated, a line repeated by the next block written once. */
    private int[] linesOf(int[] blocks) {
        List<BlockMeta> metas = method.blocks();
        int[] lines = new int[16];
        int n = 0;
        for (int b : blocks) {
            for (int line : metas.get(b).lines()) {
                if (n > 0 && lines[n - 1] == line) {
                    continue;
                }
                if (n == lines.length) {
                    lines = Arrays.copyOf(lines, n * 2);
                }
                lines[n++] = line;
            }
        }
        return Arrays.copyOf(lines, n);
    }

    /** The header of the (innermost) loop whose back edge leaves {@code tail}, or -1. */
    private int loopHeaderOf(int tail) {
        int best = -1;
        int bestDepth = -1;
        for (LoopMeta loop : method.loops()) {
            for (int source : loop.backEdgeSources()) {
                if (source == tail && loop.depth() > bestDepth) {
                    best = loop.header();
                    bestDepth = loop.depth();
                }
            }
        }
        return best;
    }

    private IllegalArgumentException inconsistent(long pathId, String why) {
        return new IllegalArgumentException("path id " + pathId + " of " + describe() + " does not decode: " + why);
    }

    private String describe() {
        return method.className() + "." + method.signature();
    }
}
