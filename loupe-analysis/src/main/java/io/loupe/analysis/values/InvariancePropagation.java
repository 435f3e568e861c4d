package io.loupe.analysis.values;

import io.loupe.analysis.values.LocalFlowGraph.Change;
import io.loupe.data.values.Formula;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The invariance propagation estimate of Calder et al., §6 ("Estimating the invariance of
 * instructions from loads"): the Inv-1 of each {@code local} site estimated from the measured
 * Inv-1 of the other sites (parameters, fields, array elements, call results), through the data
 * flow its {@link Formula} records. No local site's values are used, only other sites' values and
 * execution counts.
 *
 * <p>The rules (undefined is written ⊥):
 * <ul>
 * <li>{@code c} → 1; {@code ?} → ⊥;
 * <li>{@code s<id>} of a param, field, array or return site → its measured Inv-1 (⊥ when it never
 *     ran or the profile does not describe it); of a local site → that site's <em>estimate</em>;
 * <li>{@code {a|b|…}} (definitions merged by control flow) → the minimum of the defined options,
 *     ⊥ when none is defined;
 * <li>{@code copy(x)}, {@code cast(x)} and every one-input operation → x's invariance;
 * <li>any other operation → the product of its inputs' invariances, ⊥ when one is ⊥: the
 *     paper's default heuristic ("the invariance of the def is the invariance of the first use
 *     times the invariance of the second").
 * </ul>
 *
 * <p><b>Cycles.</b> Loop-carried locals read each other ({@code i = {s_init|s_i} + 1}). Estimates
 * start at ⊥ and are recomputed from a worklist until nothing changes. Ordering ⊥ above every
 * number, each rule is monotone, so the iteration only goes down and ends in the greatest fixpoint
 * whatever the order sites are visited in.
 *
 * <p><b>Recurrences</b> (the induction-variable heuristic the paper mentions and omits). Under the
 * rules above, {@code i = i + 1} would keep the invariance of its initial value, 1 for
 * {@code i = 0}: badly wrong, since a loop counter takes a new value on every iteration; and a
 * cycle through a product with an input below 1 would only approach its fixpoint, 0, without
 * reaching it. A site whose formula reaches itself through an operation of two or more inputs
 * (see {@link LocalFlowGraph}) is therefore estimated in closed form. Through a stepping
 * operation (arithmetic, shifts) it is
 * <pre>  base × min(1, entries / executed)</pre>
 * where {@code base} is its formula evaluated with the cycle's own sites taken as 1 (the
 * invariance of the initial value and of the step), {@code entries} the executions of the
 * definitions that enter the cycle (the merge options from outside it: {@code i = 0} before the
 * loop) and {@code executed} the site's own executions. Each entry into the loop restarts the
 * sequence of values, so each value of the sequence is seen about once per entry: the top value's
 * share is one over the trip count. A loop that runs once per entry keeps the default rule's
 * estimate; a long loop goes to 0. When the entries cannot be counted (an entry that is not a
 * site) the estimate is 0. Through {@code logic} and {@code compare} alone (bounded updates such
 * as {@code x |= flag}, which stop changing after one step) it is {@code base}. docs/values.md
 * discusses where these rules are wrong.
 */
public final class InvariancePropagation {

    /** A site may be lowered this many times before the iteration is declared unsettled (never seen in practice). */
    private static final int MAX_UPDATES_PER_SITE = 10_000;

    private final List<ValueSiteMeta> sites;
    private final Map<Integer, SiteStats> ran;
    private final LocalFlowGraph graph;
    private final double[] estimate;
    private final List<String> problems = new ArrayList<>();

    private InvariancePropagation(List<ValueSiteMeta> sites, Map<Integer, SiteStats> ran) {
        this.sites = sites;
        this.ran = ran;
        Formula[] formulas = new Formula[sites.size()];
        for (int i = 0; i < formulas.length; i++) {
            formulas[i] = formulaOf(i);
        }
        this.graph = new LocalFlowGraph(formulas);
        this.estimate = new double[sites.size()];
        Arrays.fill(estimate, Double.NaN);
    }

    /**
     * Estimates every {@code local} site of a profile.
     *
     * @param sites the profile's value sites, indexed by id
     * @param ran   the metrics of the sites that ran, by id
     */
    public static PropagationResult run(List<ValueSiteMeta> sites, Map<Integer, SiteStats> ran) {
        InvariancePropagation p = new InvariancePropagation(sites, ran);
        p.solve();
        List<LocalEstimate> locals = new ArrayList<>();
        for (int i = 0; i < sites.size(); i++) {
            ValueSiteMeta m = sites.get(i);
            if (m != null && m.kind() == SiteKind.LOCAL) {
                locals.add(new LocalEstimate(m, ran.get(i), p.estimate[i], p.graph.recurrence(i) != Change.NONE));
            }
        }
        return new PropagationResult(List.copyOf(locals), List.copyOf(p.problems));
    }

    private Formula formulaOf(int id) {
        ValueSiteMeta m = sites.get(id);
        if (m == null || m.kind() != SiteKind.LOCAL) {
            return null;
        }
        if (m.formula() == null || m.formula().isEmpty()) {
            return null;
        }
        try {
            Formula f = Formula.parse(m.formula());
            LocalFlowGraph.forEachRead(f, Change.NONE, (y, change) -> {
                if (y < 0 || y >= sites.size() || sites.get(y) == null) {
                    problems.add("formula of value site " + id + " reads site " + y
                            + ", which the profile does not describe");
                }
            });
            return f;
        } catch (IllegalArgumentException e) {
            problems.add("value site " + id + ": " + e.getMessage() + "; not estimated");
            return null;
        }
    }

    private void solve() {
        int n = sites.size();
        Deque<Integer> work = new ArrayDeque<>();
        boolean[] queued = new boolean[n];
        int[] updates = new int[n];
        for (int x = 0; x < n; x++) {
            if (graph.formula(x) != null) {
                work.add(x);
                queued[x] = true;
            }
        }
        while (!work.isEmpty()) {
            int x = work.poll();
            queued[x] = false;
            double value = graph.recurrence(x) != Change.NONE ? recurrenceEstimate(x) : eval(graph.formula(x), -1);
            if (Double.compare(value, estimate[x]) == 0) {
                continue;
            }
            if (++updates[x] > MAX_UPDATES_PER_SITE) {
                problems.add("invariance propagation did not settle at value site " + x + "; its estimate is left as is");
                continue;
            }
            estimate[x] = value;
            for (int d : graph.dependents(x)) {
                if (!queued[d]) {
                    queued[d] = true;
                    work.add(d);
                }
            }
        }
    }

    /**
     * The value of {@code f}; NaN for ⊥. With {@code cycleOf} ≥ 0, reads of sites on the cycle of
     * that site count as 1 (the recurrence heuristic's base).
     */
    private double eval(Formula f, int cycleOf) {
        if (f instanceof Formula.Const) {
            return 1;
        }
        if (f instanceof Formula.Unknown) {
            return Double.NaN;
        }
        if (f instanceof Formula.Site s) {
            return read(s.id(), cycleOf);
        }
        if (f instanceof Formula.AnyOf any) {
            double min = Double.NaN;
            for (Formula option : any.options()) {
                double v = eval(option, cycleOf);
                if (!Double.isNaN(v) && (Double.isNaN(min) || v < min)) {
                    min = v;
                }
            }
            return min;
        }
        Formula.Op op = (Formula.Op) f;
        if (op.inputs().size() == 1) {
            return eval(op.inputs().get(0), cycleOf);
        }
        double product = 1;
        for (Formula input : op.inputs()) {
            double v = eval(input, cycleOf);
            if (Double.isNaN(v)) {
                return Double.NaN;
            }
            product *= v;
        }
        return product;
    }

    private double read(int id, int cycleOf) {
        if (id < 0 || id >= sites.size() || sites.get(id) == null) {
            return Double.NaN;
        }
        if (sites.get(id).kind() == SiteKind.LOCAL) {
            if (cycleOf >= 0 && graph.sameComponent(cycleOf, id)) {
                return 1;
            }
            return estimate[id];
        }
        SiteStats s = ran.get(id);
        return s == null || s.executed() == 0 ? Double.NaN : s.inv1();
    }

    private double recurrenceEstimate(int x) {
        double base = eval(graph.formula(x), x);
        if (Double.isNaN(base) || graph.recurrence(x) == Change.BOUNDED) {
            return base;
        }
        SiteStats own = ran.get(x);
        EntryCount entries = new EntryCount(x);
        entries.walk(graph.formula(x));
        if (!entries.known || entries.executions <= 0 || own == null || own.executed() <= 0) {
            return 0;
        }
        return base * Math.min(1.0, (double) entries.executions / own.executed());
    }

    /** The executions of the definitions that enter a recurrence's cycle from outside. */
    private final class EntryCount {
        private final int x;
        private final Set<Integer> seen = new HashSet<>();   // cycle sites expanded, entries counted
        long executions;
        boolean known = true;

        EntryCount(int x) {
            this.x = x;
            seen.add(x);
        }

        /** Walks the cycle's formulas from {@code f}, expanding each site of the cycle once. */
        void walk(Formula f) {
            if (f instanceof Formula.Site s) {
                if (graph.sameComponent(x, s.id()) && seen.add(s.id())) {
                    walk(graph.formula(s.id()));
                }
            } else if (f instanceof Formula.AnyOf any) {
                for (Formula option : any.options()) {
                    if (touchesCycle(option)) {
                        walk(option);
                    } else if (option instanceof Formula.Site entry) {
                        if (seen.add(entry.id())) {
                            SiteStats s = ran.get(entry.id());
                            executions += s == null ? 0 : s.executed();
                        }
                    } else {
                        known = false;   // a definition that is no site: its executions are not known
                    }
                }
            } else if (f instanceof Formula.Op op) {
                for (Formula input : op.inputs()) {
                    if (touchesCycle(input)) {
                        walk(input);
                    }
                }
            }
        }

        private boolean touchesCycle(Formula f) {
            boolean[] touches = {false};
            LocalFlowGraph.forEachRead(f, Change.NONE, (y, change) -> touches[0] |= graph.sameComponent(x, y));
            return touches[0];
        }
    }
}
