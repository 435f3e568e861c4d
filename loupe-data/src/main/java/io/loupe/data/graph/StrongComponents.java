package io.loupe.data.graph;

import java.util.Arrays;
import java.util.function.IntPredicate;

/**
 * Strongly connected components of a directed graph of nodes {@code 0 … n-1} (Tarjan's algorithm,
 * iterative, so a graph as deep as a method's instructions does not overflow the stack). Used by
 * the instrumenter (which stores lie on a control-flow cycle) and by the value analysis (cycles of
 * local-variable data flow).
 */
public final class StrongComponents {

    /** A graph's edges, read by index. */
    public interface Successors {
        /** The number of edges leaving {@code v}. */
        int count(int v);

        /** The target of the {@code i}-th edge leaving {@code v}. */
        int get(int v, int i);
    }

    private StrongComponents() {
    }

    /**
     * Per node, the id of its component, the components numbered as they complete (so every edge
     * leaving a component goes to one of a lower id or to its own); -1 for a node not reached from
     * any node that {@code root} accepts.
     */
    public static int[] of(int n, IntPredicate root, Successors successors) {
        int[] component = new int[n];
        Arrays.fill(component, -1);
        int[] index = new int[n];
        Arrays.fill(index, -1);
        int[] low = new int[n];
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] path = new int[n];
        int[] nextEdge = new int[n];
        int counter = 0;
        int components = 0;
        for (int r = 0; r < n; r++) {
            if (index[r] >= 0 || !root.test(r)) {
                continue;
            }
            int depth = 0;
            index[r] = low[r] = counter++;
            stack[sp++] = r;
            onStack[r] = true;
            path[depth++] = r;
            while (depth > 0) {
                int v = path[depth - 1];
                if (nextEdge[v] < successors.count(v)) {
                    int w = successors.get(v, nextEdge[v]++);
                    if (index[w] < 0) {
                        index[w] = low[w] = counter++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        path[depth++] = w;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                depth--;
                if (depth > 0) {
                    int parent = path[depth - 1];
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {   // v roots a component: the stack down to it
                    int w;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        component[w] = components;
                    } while (w != v);
                    components++;
                }
            }
        }
        return component;
    }
}
