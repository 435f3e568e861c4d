package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.deps.NestModel;
import io.loupe.runtime.absint.NestAnalysis;
import io.loupe.runtime.absint.NestPlan;
import io.loupe.runtime.absint.NestProgram;
import io.loupe.runtime.absint.TripCount;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Test helper: one invocation of a nest, run through the profiler two ways on fresh profilers —
 * traced, every access and loop event given to the thread as instrumented code would (the
 * oracle), and decided, through the analysis and the summary — with the same accesses before and
 * after it, so that the profiles can be compared.
 */
final class NestReplay {

    /** What a profile recorded, in a form that compares: dependences by key, then loop records. */
    record Profile(List<String> dependences, List<String> loops, long accesses) {
    }

    /** Over the decided runs since the last reset: the replay's accesses as measured before it and as made. */
    static long replayed;
    static long actual;

    private NestReplay() {
    }

    /**
     * Runs {@code before} accesses (site -1 - k stores to every element of every array), then the
     * nest {@code invocations} times with the inputs, then a load of every element: traced if
     * {@code decide} is false, else decided (failing if the analysis falls back).
     */
    static Profile run(NestModel model, long[] ints, Object[] refs, DepMode mode, boolean decide, int invocations) {
        DepProfiler profiler = new DepProfiler(mode, cs -> 100_000 + cs);
        DepThread t = profiler.newThread();
        NestProgram p = new NestProgram(model);
        List<Object> arrays = arrays(p, refs);
        t.enterLoop(50_000);   // a driver loop around the nest
        for (int r = 0; r < invocations; r++) {
            if (r > 0) {
                t.nextIteration();
            }
            for (Object a : arrays) {
                for (int i = 0; i < java.lang.reflect.Array.getLength(a); i++) {
                    if (r == 0) {
                        t.store(profiler.heap().array(a).element(i), 90_000);
                    }
                }
            }
            if (decide) {
                long before = t.access;
                NestPlan plan = NestAnalysis.analyze(p, ints, refs);
                if (!plan.decided()) {
                    throw new AssertionError("not decided: " + plan.fallback);
                }
                NestSummary summary = NestSummary.measure(t, p, plan);
                summary.apply();
                replayed += summary.replayed();
                actual += t.access - before;
            } else {
                long[] values = new long[p.variables()];
                for (int k = 0; k < model.inputs().size(); k++) {
                    values[k] = model.inputs().get(k).kind() == NestModel.InputKind.LENGTH
                            ? java.lang.reflect.Array.getLength(refs[k]) : ints[k];
                }
                traced(t, p, refs, values, new Object[p.sites()], 0);
            }
        }
        t.exitLoop();
        for (Object a : arrays) {
            for (int i = 0; i < java.lang.reflect.Array.getLength(a); i++) {
                t.load(profiler.heap().array(a).element(i), 90_001);
            }
        }
        List<String> deps = new ArrayList<>();
        for (Dependence d : profiler.dependences()) {
            TreeMap<Integer, Byte> rel = new TreeMap<>();
            for (int i = 0; i < d.loops().length; i++) {
                rel.put(d.loops()[i], d.relations()[i]);
            }
            deps.add(d.type() + " " + d.srcSite() + "@" + d.srcContext() + " -> " + d.dstSite() + "@" + d.dstContext()
                    + " x" + d.count() + " " + rel);
        }
        deps.sort(null);
        List<String> loops = new ArrayList<>();
        for (LoopRecord l : profiler.loops()) {
            loops.add(l.loop() + "@" + l.context() + " inv " + l.invocations() + " it " + l.iterations());
        }
        return new Profile(deps, loops, profiler.accesses());
    }

    /** The distinct arrays the nest may touch: its reference inputs and every row of them, to any depth it loads. */
    private static List<Object> arrays(NestProgram p, Object[] refs) {
        List<Object> out = new ArrayList<>();
        java.util.Set<Object> seen = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        for (Object r : refs) {
            add(r, out, seen);
        }
        return out;
    }

    private static void add(Object a, List<Object> out, java.util.Set<Object> seen) {
        if (a == null || !a.getClass().isArray() || !seen.add(a)) {
            return;
        }
        out.add(a);
        if (a instanceof Object[] rows) {
            for (Object r : rows) {
                add(r, out, seen);
            }
        }
    }

    /** One traced invocation of loop {@code l}, as the instrumented code's probes would report it. */
    private static void traced(DepThread t, NestProgram p, Object[] refs, long[] values, Object[] loaded, int l) {
        t.enterLoop(p.loopId(l));
        long m = TripCount.of(p.init(l, values), p.step(l), p.stay(l), p.bound(l, values));
        long init = p.init(l, values);
        for (long k = 0; k < m; k++) {
            values[p.ivVariable(l)] = init + k * p.step(l);
            for (int item : p.body(l)) {
                if (item < 0) {
                    traced(t, p, refs, values, loaded, -1 - item);
                    continue;
                }
                Object a = p.byInput(item) ? refs[p.ref(item)] : loaded[p.ref(item)];
                int i = (int) p.index(item, values);
                LocationHistory h = t.profiler.heap().array(a).element(i);
                if (p.rows(item)) {
                    loaded[item] = ((Object[]) a)[i];
                }
                if (p.store(item)) {
                    t.store(h, p.siteId(item));
                } else {
                    t.load(h, p.siteId(item));
                }
            }
            t.nextIteration();
        }
        t.exitLoop();
    }
}
