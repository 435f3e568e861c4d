package io.loupe.instrument.flow;

import java.util.Arrays;

/**
 * Dominators of a method's blocks over normal and exceptional edges, from block 0, by the
 * iterative algorithm of Cooper, Harvey and Kennedy ("A Simple, Fast Dominance Algorithm", 2001)
 * on a reverse postorder. Also records that order, the depth-first retreating edges and which
 * blocks are reachable at all.
 */
public final class Dominators {

    private final int[] idom;         // immediate dominator, -1 for block 0 and unreachable blocks
    private final int[] rpoNumber;    // position in reverse postorder, -1 if unreachable
    private final int[] rpo;          // blocks in reverse postorder
    private final boolean[][] retreating; // per block, per normal successor index: retreating edge?

    private Dominators(int[] idom, int[] rpoNumber, int[] rpo, boolean[][] retreating) {
        this.idom = idom;
        this.rpoNumber = rpoNumber;
        this.rpo = rpo;
        this.retreating = retreating;
    }

    public static Dominators of(ControlFlowGraph g) {
        int n = g.size();
        int[][] succ = new int[n][];
        for (int b = 0; b < n; b++) {
            ControlFlowGraph.Block blk = g.block(b);
            int[] s = Arrays.copyOf(blk.successors(), blk.successors().length + blk.exceptionSuccessors().length);
            System.arraycopy(blk.exceptionSuccessors(), 0, s, blk.successors().length, blk.exceptionSuccessors().length);
            succ[b] = s;
        }
        // Iterative depth-first search: postorder and retreating edges (target on the DFS stack).
        int[] post = new int[n];
        int postCount = 0;
        int[] state = new int[n];           // 0 unvisited, 1 on stack, 2 done
        boolean[][] retreating = new boolean[n][];
        for (int b = 0; b < n; b++) {
            retreating[b] = new boolean[g.block(b).successors().length];
        }
        int[] stack = new int[n];
        int[] next = new int[n];
        int sp = 0;
        stack[sp++] = 0;
        state[0] = 1;
        while (sp > 0) {
            int v = stack[sp - 1];
            if (next[v] < succ[v].length) {
                int i = next[v]++;
                int w = succ[v][i];
                if (state[w] == 0) {
                    state[w] = 1;
                    stack[sp++] = w;
                } else if (state[w] == 1 && i < retreating[v].length) {
                    retreating[v][i] = true;
                }
            } else {
                state[v] = 2;
                post[postCount++] = v;
                sp--;
            }
        }
        int[] rpo = new int[postCount];
        int[] rpoNumber = new int[n];
        Arrays.fill(rpoNumber, -1);
        for (int i = 0; i < postCount; i++) {
            rpo[i] = post[postCount - 1 - i];
            rpoNumber[rpo[i]] = i;
        }
        int[][] pred = predecessors(succ, rpoNumber);
        int[] idom = new int[n];
        Arrays.fill(idom, -1);
        idom[0] = 0;
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int i = 1; i < rpo.length; i++) {
                int b = rpo[i];
                int newIdom = -1;
                for (int p : pred[b]) {
                    if (idom[p] >= 0) {
                        newIdom = newIdom < 0 ? p : intersect(p, newIdom, idom, rpoNumber);
                    }
                }
                if (newIdom != idom[b]) {
                    idom[b] = newIdom;
                    changed = true;
                }
            }
        }
        idom[0] = -1;
        return new Dominators(idom, rpoNumber, rpo, retreating);
    }

    private static int[][] predecessors(int[][] succ, int[] rpoNumber) {
        int n = succ.length;
        int[] counts = new int[n];
        for (int v = 0; v < n; v++) {
            if (rpoNumber[v] >= 0) {
                for (int w : succ[v]) {
                    counts[w]++;
                }
            }
        }
        int[][] pred = new int[n][];
        for (int v = 0; v < n; v++) {
            pred[v] = new int[counts[v]];
            counts[v] = 0;
        }
        for (int v = 0; v < n; v++) {
            if (rpoNumber[v] >= 0) {
                for (int w : succ[v]) {
                    pred[w][counts[w]++] = v;
                }
            }
        }
        return pred;
    }

    private static int intersect(int a, int b, int[] idom, int[] rpoNumber) {
        while (a != b) {
            while (rpoNumber[a] > rpoNumber[b]) {
                a = idom[a];
            }
            while (rpoNumber[b] > rpoNumber[a]) {
                b = idom[b];
            }
        }
        return a;
    }

    /** Immediate dominator of {@code b}, -1 for the entry block and unreachable blocks. */
    public int idom(int b) {
        return idom[b];
    }

    /** True if {@code a} dominates {@code b} (every block dominates itself). */
    public boolean dominates(int a, int b) {
        if (!reachable(b)) {
            return false;
        }
        for (int x = b; x >= 0; x = idom[x]) {
            if (x == a) {
                return true;
            }
        }
        return false;
    }

    public boolean reachable(int b) {
        return rpoNumber[b] >= 0;
    }

    /** Reachable blocks in reverse postorder. */
    public int[] reversePostorder() {
        return rpo;
    }

    /** True if the {@code i}-th normal successor edge of block {@code b} is a retreating (back) edge. */
    public boolean isRetreating(int b, int i) {
        return retreating[b][i];
    }
}
