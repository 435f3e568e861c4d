package io.loupe.runtime.absint;

import io.loupe.data.deps.NestModel;

import java.util.List;

/**
 * A {@link NestModel} in the form the runtime evaluates it, with what can be known of it before it
 * runs: which loop each site is in, and which sites' addresses and which loops' bounds change from
 * one iteration of each loop to the next (docs/absint.md, "Free levels").
 *
 * <p>A variable <em>varies with loop {@code l}</em> when it may take another value in another
 * iteration of {@code l}: {@code l}'s own induction variable, and the induction variable of every
 * loop inside {@code l} whose start or bound uses a variable that varies with {@code l}. A site
 * varies with {@code l} when its index, or the index of a site its array was loaded by, uses such
 * a variable.
 */
public final class NestProgram {

    final NestModel model;
    final int inputs;
    final int loops;
    final int sites;
    // loops
    final int[] parent;
    final int[] step;
    final NestModel.Stay[] stay;
    final int[][] initVars;
    final int[][] initCoefs;
    final int[] initConst;
    final int[][] boundVars;
    final int[][] boundCoefs;
    final int[] boundConst;
    final int[][] body;
    final int[] loopId;
    // sites
    final int[] siteId;
    final boolean[] store;
    final boolean[] byInput;
    final int[] ref;
    final boolean[] rows;
    final int[][] indexVars;
    final int[][] indexCoefs;
    final int[] indexConst;
    /** The loop whose body holds the site. */
    final int[] siteLoop;
    /** [site][loop]: the site's address varies with the loop. */
    final boolean[][] siteVaries;
    /** [loop]: some loop inside it (not itself) has a start or bound that varies with it. */
    final boolean[] innerBoundsVary;
    /** [loop][loop']: loop' is loop or inside it. */
    final boolean[][] inside;
    /** The divisors that must not be 0, as forms. */
    final int[][] divisorVars;
    final int[][] divisorCoefs;
    final int[] divisorConst;

    public NestProgram(NestModel model) {
        this.model = model;
        this.inputs = model.inputs().size();
        List<NestModel.Loop> ls = model.loops();
        List<NestModel.Site> ss = model.sites();
        this.loops = ls.size();
        this.sites = ss.size();
        parent = new int[loops];
        step = new int[loops];
        stay = new NestModel.Stay[loops];
        initVars = new int[loops][];
        initCoefs = new int[loops][];
        initConst = new int[loops];
        boundVars = new int[loops][];
        boundCoefs = new int[loops][];
        boundConst = new int[loops];
        body = new int[loops][];
        loopId = new int[loops];
        for (int l = 0; l < loops; l++) {
            NestModel.Loop x = ls.get(l);
            parent[l] = x.parent();
            step[l] = x.step();
            stay[l] = x.stay();
            initVars[l] = x.init().variables();
            initCoefs[l] = x.init().coefficients();
            initConst[l] = x.init().constant();
            boundVars[l] = x.bound().variables();
            boundCoefs[l] = x.bound().coefficients();
            boundConst[l] = x.bound().constant();
            body[l] = x.body().clone();
            loopId[l] = x.loopId();
        }
        siteId = new int[sites];
        store = new boolean[sites];
        byInput = new boolean[sites];
        ref = new int[sites];
        rows = new boolean[sites];
        indexVars = new int[sites][];
        indexCoefs = new int[sites][];
        indexConst = new int[sites];
        siteLoop = new int[sites];
        for (int s = 0; s < sites; s++) {
            NestModel.Site x = ss.get(s);
            siteId[s] = x.siteId();
            store[s] = x.store();
            byInput[s] = x.refKind() == NestModel.RefKind.INPUT;
            ref[s] = x.ref();
            rows[s] = x.rows();
            indexVars[s] = x.index().variables();
            indexCoefs[s] = x.index().coefficients();
            indexConst[s] = x.index().constant();
        }
        for (int l = 0; l < loops; l++) {
            for (int item : body[l]) {
                if (item >= 0) {
                    siteLoop[item] = l;
                }
            }
        }
        List<NestModel.Affine> ds = model.divisors();
        divisorVars = new int[ds.size()][];
        divisorCoefs = new int[ds.size()][];
        divisorConst = new int[ds.size()];
        for (int d = 0; d < ds.size(); d++) {
            divisorVars[d] = ds.get(d).variables();
            divisorCoefs[d] = ds.get(d).coefficients();
            divisorConst[d] = ds.get(d).constant();
        }
        inside = new boolean[loops][loops];
        for (int l = 0; l < loops; l++) {
            for (int k = l; k >= 0; k = parent[k]) {
                inside[k][l] = true;
            }
        }
        // variables varying with each loop: loops come parents first, so one pass in order
        boolean[][] varies = new boolean[loops][inputs + loops];
        innerBoundsVary = new boolean[loops];
        for (int l = 0; l < loops; l++) {
            varies[l][inputs + l] = true;
            for (int k = l + 1; k < loops; k++) {
                if (inside[l][k] && (uses(initVars[k], varies[l]) || uses(boundVars[k], varies[l]))) {
                    varies[l][inputs + k] = true;
                    innerBoundsVary[l] = true;
                }
            }
        }
        siteVaries = new boolean[sites][loops];
        for (int s = 0; s < sites; s++) {
            for (int l = 0; l < loops; l++) {
                for (int t = s; t >= 0 && !siteVaries[s][l]; t = byInput[t] ? -1 : ref[t]) {
                    siteVaries[s][l] = uses(indexVars[t], varies[l]);
                }
            }
        }
    }

    private static boolean uses(int[] vars, boolean[] set) {
        for (int v : vars) {
            if (set[v]) {
                return true;
            }
        }
        return false;
    }

    public NestModel model() {
        return model;
    }

    /** The number of loops in the nest. */
    public int loops() {
        return loops;
    }

    /** The loop id of the nest's loop {@code l}. */
    public int loopId(int l) {
        return loopId[l];
    }

    /** The access site id of the nest's site {@code s}. */
    public int siteId(int s) {
        return siteId[s];
    }

    /** The number of the nest's sites. */
    public int sites() {
        return sites;
    }

    /** Whether site {@code s} stores. */
    public boolean store(int s) {
        return store[s];
    }

    /** Whether site {@code s} loads a row whose elements other sites access. */
    public boolean rows(int s) {
        return rows[s];
    }

    /** The parent of loop {@code l} in the nest, -1 for the root. */
    public int parent(int l) {
        return parent[l];
    }

    /** What one iteration of loop {@code l} runs: sites {@code ≥ 0}, loops as {@code -1 - l}. */
    public int[] body(int l) {
        return body[l];
    }

    /** The step of loop {@code l}'s induction variable. */
    public int step(int l) {
        return step[l];
    }

    /** The variable of loop {@code l}'s induction variable. */
    public int ivVariable(int l) {
        return inputs + l;
    }

    /** The number of variables: inputs, then one induction variable per loop. */
    public int variables() {
        return inputs + loops;
    }

    /** Loop {@code l}'s start, its variables' values in {@code values}. */
    public long init(int l, long[] values) {
        return eval(initVars[l], initCoefs[l], initConst[l], values);
    }

    /** Loop {@code l}'s bound. */
    public long bound(int l, long[] values) {
        return eval(boundVars[l], boundCoefs[l], boundConst[l], values);
    }

    /** Loop {@code l}'s test. */
    public NestModel.Stay stay(int l) {
        return stay[l];
    }

    /** Site {@code s}'s index. */
    public long index(int s, long[] values) {
        return eval(indexVars[s], indexCoefs[s], indexConst[s], values);
    }

    /** Whether site {@code s}'s array is an input ({@link #ref} its input), else a row site {@link #ref} loaded. */
    public boolean byInput(int s) {
        return byInput[s];
    }

    public int ref(int s) {
        return ref[s];
    }

    /** Whether a loop inside {@code l} has a start or bound that varies with {@code l}. */
    public boolean innerBoundsVary(int l) {
        return innerBoundsVary[l];
    }

    /** The form's value in Z, from {@code values} (a linear form of ints stays well inside a long). */
    static long eval(int[] vars, int[] coefs, int c, long[] values) {
        long v = c;
        for (int i = 0; i < vars.length; i++) {
            v += coefs[i] * values[vars[i]];
        }
        return v;
    }

    /** The form's interval from the variables' intervals. */
    static Interval eval(int[] vars, int[] coefs, int c, Interval[] values) {
        Interval v = Interval.constant(c);
        for (int i = 0; i < vars.length; i++) {
            v = v.add(Interval.constant(coefs[i]).mul(values[vars[i]]));
        }
        return v;
    }
}
