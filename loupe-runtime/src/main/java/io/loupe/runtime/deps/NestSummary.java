package io.loupe.runtime.deps;

import io.loupe.runtime.absint.NestPlan;
import io.loupe.runtime.absint.NestProgram;
import io.loupe.runtime.absint.TripCount;

/**
 * The accounting of a decided invocation of a nest (docs/absint.md, "Summaries"): what the profiler
 * would have recorded had it traced the nest's accesses, recorded without running them traced.
 *
 * <ul>
 *   <li><b>Loop records</b>: each loop's invocations and iterations, counted in closed form from
 *   the trip counts (the loop stack never sees the nest's loops: the untraced copy has no loop
 *   probes).</li>
 *   <li><b>Accesses</b>: per group of sites that may share a location ({@link NestPlan}), the nest
 *   is replayed on the thread's loop stack — its loops pushed as levels, its accesses given to the
 *   locations' histories in their order, with their contexts — so that every dependence, within the
 *   nest, with what ran before it, and the histories it leaves for what runs after it, is the one
 *   the traced run would have made. In a loop where the group is free, every iteration makes the
 *   same accesses to the same locations, so the histories after the second iteration relate to all
 *   later ones as they did to it: the replay runs two iterations and the second stands for all but
 *   the first ({@link DepThread#weight}). Different groups never share a location, so replaying
 *   them one after the other changes nothing they see.</li>
 * </ul>
 * A summary runs at the nest's entry, before the untraced copy: the analysis proved that the copy
 * throws nothing and ends, and no other thread runs (the profile is not shared), so nothing sees the
 * histories in between.
 */
final class NestSummary {

    private final DepThread t;
    private final NestProgram p;
    private final NestPlan plan;
    private final long[] values;
    private final int[] keys;
    private final int[] contexts;
    private final Object[] loaded;
    private long untraced;
    private long[] invocations;
    private long[] iterations;
    // the last array each site touched and its shadow
    private final Object[] lastArray;
    private final ArrayShadow[] lastShadow;
    /** The nest's loops in the order the invocation first enters them. */
    private final int[] firstEntered;
    private int entered;
    private long replayed;

    private NestSummary(DepThread t, NestProgram p, NestPlan plan) {
        this.t = t;
        this.p = p;
        this.plan = plan;
        this.values = plan.values;
        this.keys = new int[p.loops()];
        this.contexts = new int[p.loops()];
        this.loaded = new Object[p.sites()];
        this.lastArray = new Object[p.sites()];
        this.lastShadow = new ArrayShadow[p.sites()];
        this.firstEntered = new int[p.loops()];
        this.invocations = new long[p.loops()];
        this.iterations = new long[p.loops()];
    }

    /**
     * The summary of the invocation {@code plan} was made for, measured (its loop records, the
     * accesses it stands for, the accesses its replay would make) but not yet recorded: nothing
     * of the thread or the profile changes until {@link #apply()}.
     */
    static NestSummary measure(DepThread t, NestProgram p, NestPlan plan) {
        NestSummary s = new NestSummary(t, p, plan);
        s.count(0, 1);
        for (int g = 0; g < plan.groups; g++) {
            s.replayed += s.replays(g, 0);
        }
        return s;
    }

    /** The accesses the invocation makes, all of which the summary accounts for. */
    long untraced() {
        return untraced;
    }

    /** The accesses the summary's replay gives the histories one by one. */
    long replayed() {
        return replayed;
    }

    /** Records the invocation: its loops' records, then its accesses, replayed. */
    void apply() {
        boolean camp = t.camp();
        for (int i = 0; i < entered; i++) {   // context nodes made in the order the traced nest would make them
            int l = firstEntered[i];
            int outer = l == 0 ? t.context() : contexts[p.parent(l)];
            contexts[l] = camp ? t.loopNodeBelow(outer, p.loopId(l)) : -1;
            keys[l] = camp ? contexts[l] : p.loopId(l);
        }
        for (int l = 0; l < p.loops(); l++) {
            if (invocations[l] > 0) {
                t.countDecided(keys[l], p.loopId(l), invocations[l], iterations[l]);
            }
        }
        long before = t.access;
        for (int g = 0; g < plan.groups; g++) {
            replay(g, 0, 1);
        }
        t.summarized += untraced - (t.access - before);
    }

    private long trips(int l) {
        long m = TripCount.of(p.init(l, values), p.step(l), p.stay(l), p.bound(l, values));
        if (m == TripCount.NONE) {
            throw new IllegalStateException("loop " + p.loopId(l) + " of a decided nest has no trip count");
        }
        return m;
    }

    /**
     * Counts {@code weight} invocations of loop {@code l}, its inner loops and its accesses, in the
     * order the nest runs them; notes the order in which it first enters its loops (a loop's context
     * node is made on its first entry).
     */
    private void count(int l, long weight) {
        long m = trips(l);
        if (invocations[l] == 0) {
            firstEntered[entered++] = l;
        }
        invocations[l] += weight;
        iterations[l] += weight * (m + 1);   // the header runs once more, to exit
        int[] body = p.body(l);
        int sites = 0;
        for (int item : body) {
            if (item >= 0) {
                sites++;
            }
        }
        untraced += weight * m * sites;
        if (m == 0 || sites == body.length) {
            return;
        }
        int iv = p.ivVariable(l);
        long init = p.init(l, values);
        if (!p.innerBoundsVary(l)) {
            values[iv] = init;   // the inner loops run alike in every iteration
            for (int item : body) {
                if (item < 0) {
                    count(-1 - item, weight * m);
                }
            }
            return;
        }
        for (long k = 0; k < m; k++) {
            values[iv] = init + k * p.step(l);
            for (int item : body) {
                if (item < 0) {
                    count(-1 - item, weight);
                }
            }
        }
    }

    /**
     * The accesses {@link #replay} gives the histories for group {@code g} in one invocation of
     * loop {@code l}: counted by the same walk, but an inner loop the group is not free in is counted
     * once for all the iterations of an enclosing loop whose inner bounds do not vary.
     */
    private long replays(int g, int l) {
        if (!plan.relevant[g][l]) {
            return 0;
        }
        long m = trips(l);
        if (m == 0) {
            return 0;
        }
        long n = plan.free[g][l] && m > 2 ? 2 : m;
        int[] body = p.body(l);
        long own = 0;
        boolean inner = false;
        for (int item : body) {
            if (item >= 0) {
                own += plan.group[item] == g ? 1 : 0;
            } else {
                inner |= plan.relevant[g][-1 - item];
            }
        }
        long total = n * own;
        if (!inner) {
            return total;
        }
        int iv = p.ivVariable(l);
        long init = p.init(l, values);
        if (!p.innerBoundsVary(l)) {
            values[iv] = init;
            for (int item : body) {
                if (item < 0) {
                    total += n * replays(g, -1 - item);
                }
            }
            return total;
        }
        for (long k = 0; k < n; k++) {
            values[iv] = init + k * p.step(l);
            for (int item : body) {
                if (item < 0) {
                    total += replays(g, -1 - item);
                }
            }
        }
        return total;
    }

    /** Replays group {@code g}'s accesses in one invocation of loop {@code l}, standing for {@code weight}. */
    private void replay(int g, int l, long weight) {
        if (!plan.relevant[g][l]) {
            return;
        }
        long m = trips(l);
        if (m == 0) {
            return;
        }
        boolean free = plan.free[g][l] && m > 2;
        long n = free ? 2 : m;
        int iv = p.ivVariable(l);
        long init = p.init(l, values);
        int[] body = p.body(l);
        boolean[] needs = plan.needs[g];
        t.enterReplayed(keys[l], p.loopId(l), contexts[l]);
        for (long k = 0; k < n; k++) {
            if (k > 0) {
                t.nextReplayed();
            }
            long w = free && k == 1 ? weight * (m - 1) : weight;
            values[iv] = init + k * p.step(l);
            for (int item : body) {
                if (item >= 0) {
                    if (needs[item]) {
                        access(g, item, w);
                    }
                } else {
                    replay(g, -1 - item, w);
                }
            }
        }
        t.exitReplayed();
    }

    private void access(int g, int s, long weight) {
        Object array = p.byInput(s) ? plan.arrays[s] : loaded[p.ref(s)];
        int index = (int) p.index(s, values);
        if (p.rows(s)) {
            loaded[s] = ((Object[]) array)[index];
        }
        if (plan.group[s] != g) {
            return;   // evaluated for the row it loads; its own accesses are another group's
        }
        ArrayShadow shadow;
        if (lastArray[s] == array) {
            shadow = lastShadow[s];
        } else {
            shadow = t.profiler.heap().array(array);
            lastArray[s] = array;
            lastShadow[s] = shadow;
        }
        LocationHistory h = shadow.element(index);
        t.weight = weight;
        if (p.store(s)) {
            t.store(h, p.siteId(s));
        } else {
            t.load(h, p.siteId(s));
        }
        t.weight = 1;
    }
}
