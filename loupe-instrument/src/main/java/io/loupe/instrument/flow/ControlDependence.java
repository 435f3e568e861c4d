package io.loupe.instrument.flow;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Which blocks' branches decide whether each block runs: control dependence as Ferrante, Ottenstein
 * and Warren define it (TOPLAS 1987, §3.1), over a method's normal control flow with a virtual exit
 * after every block that returns or throws. Block {@code b} depends on block {@code a} when
 * {@code a} has a successor {@code s} such that {@code b} post-dominates {@code s} and does not
 * strictly post-dominate {@code a}. A dynamic slice (docs/trace.md, <i>Slicing</i>) takes the
 * most recent run of such an {@code a} as the branch that decided a run of {@code b}.
 *
 * <p>Post-dominators are computed as sets, iterating to the fixed point over the reverse
 * graph: methods have few blocks, and the sets make the immediate post-dominator a plain lookup.
 * Exception edges are left out: a handler depends on no branch of its method (it runs because
 * something threw). A block from which no exit is reachable (an endless loop) post-dominates
 * nothing but itself.
 */
public final class ControlDependence {

    private ControlDependence() {
    }

    /** Per block of {@code g}, the blocks it is control dependent on, in increasing order. */
    public static int[][] of(ControlFlowGraph g) {
        int n = g.size();
        int exit = n;
        int[][] succ = new int[n][];
        for (int b = 0; b < n; b++) {
            ControlFlowGraph.Block block = g.block(b);
            int[] s = block.successors();
            if (block.exits() || s.length == 0) {
                s = append(s, exit);
            }
            succ[b] = s;
        }
        BitSet[] pdom = postDominators(succ, n);
        int[] ipdom = new int[n + 1];
        for (int b = 0; b <= n; b++) {
            ipdom[b] = immediate(pdom, b);
        }
        List<BitSet> parents = new ArrayList<>(n);
        for (int b = 0; b < n; b++) {
            parents.add(new BitSet(n));
        }
        for (int a = 0; a < n; a++) {
            if (succ[a].length < 2) {
                continue;   // no branch: nothing depends on it
            }
            for (int s : succ[a]) {
                // every block from s up the post-dominator tree to a's immediate post-dominator (excluded)
                int stop = ipdom[a];
                for (int r = s; r >= 0 && r != exit && r != stop; r = ipdom[r]) {
                    parents.get(r).set(a);
                    if (r == a) {
                        break;   // a loop header that decides itself
                    }
                }
            }
        }
        int[][] out = new int[n][];
        for (int b = 0; b < n; b++) {
            out[b] = parents.get(b).stream().toArray();
        }
        return out;
    }

    /** Post-dominator sets of nodes {@code 0..n} (node {@code n} the exit), by iteration. */
    private static BitSet[] postDominators(int[][] succ, int n) {
        BitSet[] pdom = new BitSet[n + 1];
        BitSet reaches = reachesExit(succ, n);
        for (int b = 0; b < n; b++) {
            pdom[b] = new BitSet(n + 1);
            if (reaches.get(b)) {
                pdom[b].set(0, n + 1);
            } else {
                pdom[b].set(b);   // no exit reachable: itself only, and never changed
            }
        }
        pdom[n] = new BitSet(n + 1);
        pdom[n].set(n);
        boolean changed = true;
        while (changed) {
            changed = false;
            for (int b = n - 1; b >= 0; b--) {
                if (!reaches.get(b)) {
                    continue;
                }
                BitSet next = null;
                for (int s : succ[b]) {
                    if (s != n && !reaches.get(s)) {
                        continue;
                    }
                    if (next == null) {
                        next = (BitSet) pdom[s].clone();
                    } else {
                        next.and(pdom[s]);
                    }
                }
                next.set(b);
                if (!next.equals(pdom[b])) {
                    pdom[b] = next;
                    changed = true;
                }
            }
        }
        return pdom;
    }

    /** The blocks from which the exit (node {@code n}) is reachable. */
    private static BitSet reachesExit(int[][] succ, int n) {
        List<List<Integer>> pred = new ArrayList<>();
        for (int b = 0; b <= n; b++) {
            pred.add(new ArrayList<>());
        }
        for (int b = 0; b < n; b++) {
            for (int s : succ[b]) {
                pred.get(s).add(b);
            }
        }
        BitSet seen = new BitSet(n + 1);
        int[] work = new int[n + 1];
        int top = 0;
        work[top++] = n;
        seen.set(n);
        while (top > 0) {
            int b = work[--top];
            for (int p : pred.get(b)) {
                if (!seen.get(p)) {
                    seen.set(p);
                    work[top++] = p;
                }
            }
        }
        return seen;
    }

    /** The immediate post-dominator of {@code b}: the strict post-dominator that all others post-dominate; -1 for none. */
    private static int immediate(BitSet[] pdom, int b) {
        int want = pdom[b].cardinality() - 1;
        for (int d = pdom[b].nextSetBit(0); d >= 0; d = pdom[b].nextSetBit(d + 1)) {
            if (d != b && pdom[d].cardinality() == want) {
                return d;
            }
        }
        return -1;
    }

    private static int[] append(int[] a, int x) {
        int[] r = java.util.Arrays.copyOf(a, a.length + 1);
        r[a.length] = x;
        return r;
    }
}
