package io.loupe.analysis.values;

import io.loupe.data.values.Formula;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The data flow between {@code local} sites that their formulas describe: an edge {@code y → x}
 * when x's formula reads site y, marked "changing" when the read sits under an operation that
 * computes a new value from two or more inputs (not under {@code copy}, {@code cast}, a one-input
 * operation or a merge alone). Strongly connected components are the cycles of loop-carried
 * variables; a site whose component holds a changing edge reaches itself through a computation:
 * a recurrence such as {@code i = i + 1}.
 *
 * <p>Implementation notes: Tarjan's algorithm, iterative (chains of thousands of locals would
 * overflow the stack). In a strongly connected component every edge lies on a closed walk
 * through every member, so "the component holds a changing edge" is exactly "the site reaches
 * itself through a changing operation".
 */
final class LocalFlowGraph {

    private final Formula[] formulas;
    private final int[][] dependents;     // y → the sites whose formula reads y
    private final int[] component;        // component id per site, -1 for sites without a formula
    private final boolean[] recurrence;

    LocalFlowGraph(Formula[] formulas) {
        this.formulas = formulas;
        int n = formulas.length;
        List<List<Integer>> deps = new ArrayList<>();
        List<List<int[]>> reads = new ArrayList<>();   // per x: {y, changing ? 1 : 0}
        for (int i = 0; i < n; i++) {
            deps.add(new ArrayList<>());
            reads.add(new ArrayList<>());
        }
        for (int x = 0; x < n; x++) {
            if (formulas[x] == null) {
                continue;
            }
            int reader = x;
            forEachRead(formulas[x], false, (y, changing) -> {
                if (y >= 0 && y < n && formulas[y] != null) {
                    reads.get(reader).add(new int[] {y, changing ? 1 : 0});
                    deps.get(y).add(reader);
                }
            });
        }
        dependents = new int[n][];
        for (int y = 0; y < n; y++) {
            dependents[y] = deps.get(y).stream().distinct().mapToInt(Integer::intValue).toArray();
        }
        component = components(n, reads);
        recurrence = new boolean[n];
        boolean[] changingComponent = new boolean[n];
        for (int x = 0; x < n; x++) {
            for (int[] read : reads.get(x)) {
                if (read[1] == 1 && component[read[0]] == component[x]) {
                    changingComponent[component[x]] = true;
                }
            }
        }
        for (int x = 0; x < n; x++) {
            recurrence[x] = component[x] >= 0 && changingComponent[component[x]];
        }
    }

    /** The sites whose formula reads site {@code y}. */
    int[] dependents(int y) {
        return dependents[y];
    }

    /** True when site {@code x} reaches itself through a changing operation. */
    boolean recurrence(int x) {
        return recurrence[x];
    }

    /** True when sites {@code x} and {@code y} (both with formulas) lie on a common cycle or are the same. */
    boolean sameComponent(int x, int y) {
        return y >= 0 && y < component.length && component[x] >= 0 && component[x] == component[y];
    }

    Formula formula(int x) {
        return formulas[x];
    }

    /** How a formula reads other sites. */
    interface ReadVisitor {
        void read(int site, boolean changing);
    }

    /** Every site reference of {@code f}; {@code changing} says whether a changing operation lies above it. */
    static void forEachRead(Formula f, boolean underChange, ReadVisitor visitor) {
        if (f instanceof Formula.Site s) {
            visitor.read(s.id(), underChange);
        } else if (f instanceof Formula.AnyOf any) {
            for (Formula option : any.options()) {
                forEachRead(option, underChange, visitor);
            }
        } else if (f instanceof Formula.Op op) {
            boolean changing = underChange || changesValue(op);
            for (Formula input : op.inputs()) {
                forEachRead(input, changing, visitor);
            }
        }
    }

    /**
     * True for an operation that makes a new value out of two or more inputs ({@code int-arith},
     * {@code fp-mul}, {@code shift}, …). {@code copy}, {@code cast} and one-input operations pass
     * a value on (possibly converted): a cycle through them alone is not a recurrence.
     */
    static boolean changesValue(Formula.Op op) {
        return op.inputs().size() >= 2 && !op.op().equals("copy") && !op.op().equals("cast");
    }

    /** Strongly connected components (Tarjan, iterative) over the read edges; -1 for sites without a formula. */
    private int[] components(int n, List<List<int[]>> reads) {
        int[] comp = new int[n];
        Arrays.fill(comp, -1);
        int[] index = new int[n];
        int[] low = new int[n];
        Arrays.fill(index, -1);
        boolean[] onStack = new boolean[n];
        int[] stack = new int[n];
        int sp = 0;
        int[] callStack = new int[n];
        int[] edgeCursor = new int[n];
        int next = 0;
        int components = 0;
        for (int root = 0; root < n; root++) {
            if (formulas[root] == null || index[root] >= 0) {
                continue;
            }
            int csp = 0;
            callStack[csp++] = root;
            index[root] = low[root] = next++;
            stack[sp++] = root;
            onStack[root] = true;
            while (csp > 0) {
                int v = callStack[csp - 1];
                List<int[]> out = reads.get(v);
                if (edgeCursor[v] < out.size()) {
                    int w = out.get(edgeCursor[v]++)[0];
                    if (index[w] < 0) {
                        index[w] = low[w] = next++;
                        stack[sp++] = w;
                        onStack[w] = true;
                        callStack[csp++] = w;
                    } else if (onStack[w]) {
                        low[v] = Math.min(low[v], index[w]);
                    }
                    continue;
                }
                csp--;
                if (csp > 0) {
                    int parent = callStack[csp - 1];
                    low[parent] = Math.min(low[parent], low[v]);
                }
                if (low[v] == index[v]) {
                    int w;
                    do {
                        w = stack[--sp];
                        onStack[w] = false;
                        comp[w] = components;
                    } while (w != v);
                    components++;
                }
            }
        }
        return comp;
    }
}
