package io.loupe.analysis.values;

import io.loupe.data.graph.StrongComponents;
import io.loupe.data.values.Formula;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The data flow between {@code local} sites that their formulas describe: an edge {@code y → x}
 * when x's formula reads site y, with the strongest {@linkplain Change change} an operation above
 * the read makes. Strongly connected components are the cycles of loop-carried variables; a site
 * whose component holds an edge through an operation of two or more inputs reaches itself through
 * a computation: a recurrence, such as {@code i = i + 1} (stepping) or {@code x = x | flag}
 * (bounded).
 *
 * <p>Implementation notes: Tarjan's algorithm, iterative (chains of thousands of locals would
 * overflow the stack). In a strongly connected component every edge lies on a closed walk
 * through every member, so "the component holds such an edge" is exactly "the site reaches itself
 * through such an operation".
 */
final class LocalFlowGraph {

    private final Formula[] formulas;
    private final int[][] dependents;     // y → the sites whose formula reads y
    private final int[] component;        // component id per site, -1 for sites without a formula
    private final Change[] recurrence;    // the strongest change around the site's cycle

    LocalFlowGraph(Formula[] formulas) {
        this.formulas = formulas;
        int n = formulas.length;
        List<List<Integer>> deps = new ArrayList<>();
        List<List<int[]>> reads = new ArrayList<>();   // per x: {y, change ordinal}
        for (int i = 0; i < n; i++) {
            deps.add(new ArrayList<>());
            reads.add(new ArrayList<>());
        }
        for (int x = 0; x < n; x++) {
            if (formulas[x] == null) {
                continue;
            }
            int reader = x;
            forEachRead(formulas[x], Change.NONE, (y, change) -> {
                if (y >= 0 && y < n && formulas[y] != null) {
                    reads.get(reader).add(new int[] {y, change.ordinal()});
                    deps.get(y).add(reader);
                }
            });
        }
        dependents = new int[n][];
        for (int y = 0; y < n; y++) {
            dependents[y] = deps.get(y).stream().distinct().mapToInt(Integer::intValue).toArray();
        }
        component = components(n, reads);
        Change[] byComponent = new Change[n];
        Arrays.fill(byComponent, Change.NONE);
        for (int x = 0; x < n; x++) {
            for (int[] read : reads.get(x)) {
                int c = component[x];
                if (component[read[0]] == c && read[1] > byComponent[c].ordinal()) {
                    byComponent[c] = Change.values()[read[1]];
                }
            }
        }
        recurrence = new Change[n];
        for (int x = 0; x < n; x++) {
            recurrence[x] = component[x] >= 0 ? byComponent[component[x]] : Change.NONE;
        }
    }

    /** The sites whose formula reads site {@code y}. */
    int[] dependents(int y) {
        return dependents[y];
    }

    /** The strongest change on the cycles through site {@code x}: NONE when it is no recurrence. */
    Change recurrence(int x) {
        return recurrence[x];
    }

    /** True when sites {@code x} and {@code y} (both with formulas) lie on a common cycle or are the same. */
    boolean sameComponent(int x, int y) {
        return y >= 0 && y < component.length && component[x] >= 0 && component[x] == component[y];
    }

    Formula formula(int x) {
        return formulas[x];
    }

    /** What an operation does to a value that goes round a loop through it. */
    enum Change {
        /**
         * Passes it on: {@code copy}, {@code cast} and one-input operations ({@code convert},
         * {@code length}, a negation), and merges. A cycle through these alone only ever holds
         * the values that entered it.
         */
        NONE,
        /**
         * {@code logic} and {@code compare}: a new value, but from a small set that an update
         * soon stops leaving ({@code x |= flag}, {@code x &= mask} stop changing after one step;
         * a comparison has three results).
         */
        BOUNDED,
        /**
         * Any other operation of two or more inputs ({@code int-arith}, {@code int-mul},
         * {@code fp-arith}, {@code shift}, …): a new value on every trip round the loop.
         */
        STEPPING;

        static Change of(Formula.Op op) {
            if (op.inputs().size() < 2 || op.op().equals("copy") || op.op().equals("cast")) {
                return NONE;
            }
            return op.op().equals("logic") || op.op().equals("compare") ? BOUNDED : STEPPING;
        }

        Change max(Change other) {
            return ordinal() >= other.ordinal() ? this : other;
        }
    }

    /** How a formula reads other sites. */
    interface ReadVisitor {
        void read(int site, Change above);
    }

    /** Every site reference of {@code f}, with the strongest change an operation above it makes. */
    static void forEachRead(Formula f, Change above, ReadVisitor visitor) {
        if (f instanceof Formula.Site s) {
            visitor.read(s.id(), above);
        } else if (f instanceof Formula.AnyOf any) {
            for (Formula option : any.options()) {
                forEachRead(option, above, visitor);
            }
        } else if (f instanceof Formula.Op op) {
            Change change = above.max(Change.of(op));
            for (Formula input : op.inputs()) {
                forEachRead(input, change, visitor);
            }
        }
    }

    /** Strongly connected components over the read edges; -1 for sites without a formula. */
    private int[] components(int n, List<List<int[]>> reads) {
        return StrongComponents.of(n, v -> formulas[v] != null, new StrongComponents.Successors() {
            @Override
            public int count(int v) {
                return reads.get(v).size();
            }

            @Override
            public int get(int v, int i) {
                return reads.get(v).get(i)[0];
            }
        });
    }
}
