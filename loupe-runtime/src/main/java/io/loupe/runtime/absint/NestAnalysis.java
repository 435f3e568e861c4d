package io.loupe.runtime.absint;

import io.loupe.data.deps.NestModel;

import java.lang.reflect.Array;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The analysis of one invocation of a nest from the concrete state it starts in (docs/absint.md,
 * "At the entry"): the paper's Algorithm 1 with the interval domain, on the equations of a counted
 * nest, solved in closed form. It decides an invocation only when it proves that nothing in the
 * nest can throw and that every loop ends:
 * <ol>
 *   <li>each induction variable's values, as an interval from its start and its test (the guard's
 *   meet), every start and bound inside {@code int} and every loop sure to end without wrapping
 *   around;</li>
 *   <li>each index's interval inside {@code int} (so Java's wrapping arithmetic computes the form's
 *   value) and inside the length of every array its site may access, rows included: a row is read
 *   from its spine over the loading index's interval, and must not be null;</li>
 *   <li>the sites grouped by the locations they may touch: two sites join one group when an object
 *   may be touched by both (two arguments that are one array, a row that two spines share) and
 *   their index sets meet in the interval domain and in the congruence domain — the paper's
 *   dependence test (Alg. 3), whose GCD part tells {@code a[2i]} from {@code a[2i+1]} — so that
 *   each group's accesses can be replayed apart from the others';</li>
 *   <li>per group, the loops in which every iteration repeats the group's accesses exactly: the
 *   group's addresses do not vary with the loop, nor does any bound inside it.</li>
 * </ol>
 */
public final class NestAnalysis {

    /** The most rows an invocation may read to check them: beyond it, the invocation is profiled. */
    static final int MAX_ROWS = 1 << 20;

    private NestAnalysis() {
    }

    /**
     * Analyses one invocation of {@code p} whose inputs are {@code ints} (for int inputs) and
     * {@code refs} (for reference and length inputs).
     */
    public static NestPlan analyze(NestProgram p, long[] ints, Object[] refs) {
        List<NestModel.Input> inputs = p.model.inputs();
        long[] values = new long[p.variables()];
        Interval[] ranges = new Interval[p.variables()];
        for (int k = 0; k < p.inputs; k++) {
            switch (inputs.get(k).kind()) {
                case INT -> values[k] = ints[k];
                case LENGTH -> {
                    if (refs[k] == null) {
                        return NestPlan.fallback("null array");
                    }
                    values[k] = Array.getLength(refs[k]);
                }
                default -> values[k] = 0;
            }
            ranges[k] = Interval.constant(values[k]);
        }
        // 1. the induction variables' ranges; a loop whose range is empty never runs
        boolean[] runs = new boolean[p.loops];
        for (int l = 0; l < p.loops; l++) {
            int parent = p.parent[l];
            if (parent >= 0 && !runs[parent]) {
                ranges[p.ivVariable(l)] = Interval.BOTTOM;
                continue;
            }
            Interval init = NestProgram.eval(p.initVars[l], p.initCoefs[l], p.initConst[l], ranges);
            Interval bound = NestProgram.eval(p.boundVars[l], p.boundCoefs[l], p.boundConst[l], ranges);
            if (!init.fitsInt() || !bound.fitsInt()) {
                return NestPlan.fallback("loop start or bound may overflow");
            }
            Interval range = ivRange(init, p.step[l], p.stay[l], bound, l == 0);
            if (range == null) {
                return NestPlan.fallback("loop may not end");
            }
            ranges[p.ivVariable(l)] = range;
            runs[l] = !range.isBottom();
        }
        // divisions: no divisor may be 0 (a form over loops that never run is empty)
        for (int d = 0; d < p.divisorVars.length; d++) {
            Interval v = NestProgram.eval(p.divisorVars[d], p.divisorCoefs[d], p.divisorConst[d], ranges);
            if (!v.fitsInt() || v.contains(0)) {
                return NestPlan.fallback("division by a value that may be 0");
            }
        }
        // 2. indices, arrays and rows, bounds
        Interval[] index = new Interval[p.sites];
        Object[][] objects = new Object[p.sites][];
        Object[] arrays = new Object[p.sites];
        int rowsRead = 0;
        for (int s = 0; s < p.sites; s++) {
            if (!runs[p.siteLoop[s]]) {
                objects[s] = new Object[0];
                continue;
            }
            index[s] = NestProgram.eval(p.indexVars[s], p.indexCoefs[s], p.indexConst[s], ranges);
            if (!index[s].fitsInt()) {
                return NestPlan.fallback("index may overflow");
            }
            if (p.byInput[s]) {
                Object a = refs[p.ref[s]];
                if (a == null) {
                    return NestPlan.fallback("null array");
                }
                arrays[s] = a;
                objects[s] = new Object[] {a};
            } else {
                int loader = p.ref[s];
                if (loader >= s || objects[loader] == null) {
                    return NestPlan.fallback("row loaded after its use");
                }
                Interval at = index[loader];
                long n = at == null ? 0 : (at.hi() - at.lo() + 1) * objects[loader].length;
                rowsRead += (int) Math.min(n, MAX_ROWS + 1L);
                if (rowsRead > MAX_ROWS) {
                    return NestPlan.fallback("too many rows");
                }
                Object[] rows = new Object[(int) n];
                int r = 0;
                for (Object spine : objects[loader]) {
                    Object[] elements = (Object[]) spine;
                    for (long i = at.lo(); i <= at.hi(); i++) {
                        Object row = elements[(int) i];   // in bounds: the loader's own check came first
                        if (row == null) {
                            return NestPlan.fallback("null row");
                        }
                        rows[r++] = row;
                    }
                }
                objects[s] = rows;
            }
            for (Object a : objects[s]) {
                int length = Array.getLength(a);
                if (index[s].lo() < 0 || index[s].hi() >= length) {
                    return NestPlan.fallback("index may be out of bounds");
                }
            }
        }
        // 3. groups: sites that may touch one location — one object, and index sets that meet in both
        //    the interval and the congruence domain (the paper's Alg. 3, its dependence test)
        Congruence[] congruences = congruences(p, values, runs);
        Congruence[] strides = new Congruence[p.sites];
        for (int s = 0; s < p.sites; s++) {
            strides[s] = index[s] == null ? Congruence.BOTTOM
                    : eval(p.indexVars[s], p.indexCoefs[s], p.indexConst[s], congruences);
        }
        int[] parent = new int[p.sites];
        for (int s = 0; s < p.sites; s++) {
            parent[s] = s;
        }
        Map<Object, java.util.List<Integer>> touching = new IdentityHashMap<>();
        for (int s = 0; s < p.sites; s++) {
            for (Object o : objects[s]) {
                java.util.List<Integer> others = touching.computeIfAbsent(o, k -> new java.util.ArrayList<>(2));
                for (int t : others) {
                    if (find(parent, t) != find(parent, s) && meet(index[t], strides[t], index[s], strides[s])) {
                        union(parent, t, s);
                    }
                }
                others.add(s);
            }
        }
        int[] group = new int[p.sites];
        int groups = 0;
        int[] id = new int[p.sites];
        java.util.Arrays.fill(id, -1);
        for (int s = 0; s < p.sites; s++) {
            int root = find(parent, s);
            if (id[root] < 0) {
                id[root] = groups++;
            }
            group[s] = id[root];
        }
        // 4. per group: the sites to evaluate, the loops that hold them, the free loops
        boolean[][] needs = new boolean[groups][p.sites];
        boolean[][] relevant = new boolean[groups][p.loops];
        boolean[][] free = new boolean[groups][p.loops];
        for (int s = 0; s < p.sites; s++) {
            for (int t = s; t >= 0; t = p.byInput[t] ? -1 : p.ref[t]) {
                needs[group[s]][t] = true;
            }
        }
        for (int g = 0; g < groups; g++) {
            for (int l = 0; l < p.loops; l++) {
                boolean holds = false;
                boolean varies = p.innerBoundsVary[l];
                for (int s = 0; s < p.sites; s++) {
                    if (needs[g][s] && p.inside[l][p.siteLoop[s]]) {
                        holds = true;
                        varies |= p.siteVaries[s][l];
                    }
                }
                relevant[g][l] = holds;
                free[g][l] = holds && !varies;
            }
        }
        return NestPlan.decided(values, arrays, group, groups, free, needs, relevant, objects, index);
    }

    /**
     * Whether {@code plan}, decided for an invocation with the same inputs as this one (equal ints,
     * the same references), holds for this one too (docs/absint.md, "Reuse"). What it depends on
     * beyond the inputs is the rows the nest loads: the arrays' lengths cannot change, their
     * elements can. So the rows are read again from their spines, over the same intervals, and
     * must be the same objects. A plan is only ever reused by the thread that made it.
     */
    public static boolean stillHolds(NestProgram p, NestPlan plan) {
        for (int s = 0; s < p.sites; s++) {
            if (p.byInput[s] || plan.objects[s].length == 0) {
                continue;
            }
            int loader = p.ref[s];
            Interval at = plan.index[loader];
            int r = 0;
            for (Object spine : plan.objects[loader]) {
                Object[] elements = (Object[]) spine;
                for (long i = at.lo(); i <= at.hi(); i++) {
                    if (elements[(int) i] != plan.objects[s][r++]) {
                        return false;
                    }
                }
            }
        }
        return true;
    }

    /**
     * The values a counted loop's variable takes in its body, as an interval, over every start and
     * bound in {@code init} and {@code bound}: the test's meet with the sweep from the start
     * (empty when the loop never runs). Null when the loop might not end without wrapping around
     * for some start and bound in them. The root's start and bound are constants: its range is
     * then exact.
     */
    static Interval ivRange(Interval init, int step, NestModel.Stay stay, Interval bound, boolean exact) {
        if (exact || init.isConstant() && bound.isConstant()) {
            long m = TripCount.of(init.lo(), step, stay, bound.lo());
            if (m == TripCount.NONE) {
                return null;
            }
            if (m == 0) {
                return Interval.BOTTOM;
            }
            long last = init.lo() + (m - 1) * step;
            return step > 0 ? Interval.of(init.lo(), last) : Interval.of(last, init.lo());
        }
        if (step > 0) {
            long hi;
            switch (stay) {
                case LT -> hi = bound.hi() - 1;
                case LE -> hi = bound.hi();
                case NE -> {
                    if (step != 1 || bound.lo() < init.hi()) {
                        return null;   // may step over the bound, or start past it
                    }
                    hi = bound.hi() - 1;
                }
                default -> {
                    // grows while v > bound (or >=): ends only by never starting
                    boolean never = stay == NestModel.Stay.GT ? init.hi() <= bound.lo() : init.hi() < bound.lo();
                    return never ? Interval.BOTTOM : null;
                }
            }
            if (hi + step > Integer.MAX_VALUE) {
                return null;   // the last increment would wrap around
            }
            return init.lo() > hi ? Interval.BOTTOM : Interval.of(init.lo(), hi);
        }
        long lo;
        switch (stay) {
            case GT -> lo = bound.lo() + 1;
            case GE -> lo = bound.lo();
            case NE -> {
                if (step != -1 || bound.hi() > init.lo()) {
                    return null;
                }
                lo = bound.lo() + 1;
            }
            default -> {
                boolean never = stay == NestModel.Stay.LT ? init.lo() >= bound.hi() : init.lo() > bound.hi();
                return never ? Interval.BOTTOM : null;
            }
        }
        if (lo + step < Integer.MIN_VALUE) {
            return null;
        }
        return init.hi() < lo ? Interval.BOTTOM : Interval.of(lo, init.hi());
    }

    /** Whether two index sets may share a value: their intervals and their congruences both meet. */
    static boolean meet(Interval a, Congruence ac, Interval b, Congruence bc) {
        return !a.meet(b).isBottom() && !ac.meet(bc).isBottom();
    }

    /**
     * Each variable's congruence over the invocation: an input's is its value; an induction
     * variable's is its start's plus its step's multiples, {@code init + step·Z} (bottom for a loop
     * that never runs).
     */
    static Congruence[] congruences(NestProgram p, long[] values, boolean[] runs) {
        Congruence[] c = new Congruence[p.variables()];
        for (int k = 0; k < p.inputs; k++) {
            c[k] = Congruence.constant(values[k]);
        }
        for (int l = 0; l < p.loops; l++) {
            c[p.ivVariable(l)] = !runs[l] ? Congruence.BOTTOM
                    : eval(p.initVars[l], p.initCoefs[l], p.initConst[l], c).add(Congruence.of(Math.abs((long) p.step[l]), 0));
        }
        return c;
    }

    /** A linear form's congruence from the variables'. */
    static Congruence eval(int[] vars, int[] coefs, int constant, Congruence[] values) {
        Congruence v = Congruence.constant(constant);
        for (int i = 0; i < vars.length; i++) {
            v = v.add(Congruence.constant(coefs[i]).mul(values[vars[i]]));
        }
        return v;
    }

    private static int find(int[] parent, int s) {
        while (parent[s] != s) {
            parent[s] = parent[parent[s]];
            s = parent[s];
        }
        return s;
    }

    private static void union(int[] parent, int a, int b) {
        int ra = find(parent, a);
        int rb = find(parent, b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}
