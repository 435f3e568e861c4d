package io.loupe.runtime.deps;

import io.loupe.runtime.absint.NestAnalysis;
import io.loupe.runtime.absint.NestPlan;
import io.loupe.runtime.absint.NestProgram;

/**
 * What code instrumented with abstract interpretation at loop entry calls on the entry edges of an
 * eligible nest (docs/absint.md, "Probes"): the nest's inputs one by one, then {@link #decide},
 * which analyses the invocation from them and, when it is decided, records its summary and returns
 * true: the code then runs the nest's untraced copy. Otherwise it returns false and the traced
 * nest runs, as without abstract interpretation. An invocation with the same inputs as the thread's
 * last decided one reuses its plan ({@link NestMemo}).
 */
public final class NestEntry {

    private static final int THREADS = NestCounts.reason("threads");

    private NestEntry() {
    }

    /** The next input, an {@code int}. */
    public static void intInput(int value, DepThread t) {
        t.nestInput(value, null);
    }

    /** The next input, a reference (or the array whose length is the input). */
    public static void refInput(Object value, DepThread t) {
        t.nestInput(0, value);
    }

    /** Whether this invocation of nest {@code nest}, whose inputs were just passed, is decided (and recorded). */
    public static boolean decide(DepThread t, int nest) {
        long[] ints = t.nestInts;
        Object[] refs = t.nestRefs;
        int n = t.nestInputs;
        t.nestInputs = 0;
        try {
            if (t.profiler.shared()) {
                t.nests.fellBack(nest, THREADS);
                return false;
            }
            NestMemo memo = t.memo(nest);
            if (memo.disabled >= 0) {
                t.nests.fellBack(nest, memo.disabled);
                return false;
            }
            NestProgram p = DepRegistry.nest(nest);
            NestPlan plan;
            NestSummary summary;
            try {
                NestPlan last = memo.planFor(ints, refs, n);
                if (last != null && NestAnalysis.stillHolds(p, last)) {
                    plan = last;
                } else {
                    plan = NestAnalysis.analyze(p, ints, refs);
                    if (!plan.decided()) {
                        t.nests.fellBack(nest, plan.fallback);
                        return false;
                    }
                    memo.remember(ints, refs, n, plan);
                }
                summary = NestSummary.measure(t, p, plan);
            } catch (RuntimeException e) {
                // a defect of Loupe's: the program must not see it, and the nest is traced from now on
                memo.disabled = NestCounts.reason("analysis failed: " + e);
                t.nests.fellBack(nest, memo.disabled);
                return false;
            }
            if (!t.profiler.absintAlways() && !memo.pays(summary.untraced(), summary.replayed())) {
                t.nests.fellBack(nest, NestMemo.NO_GAIN_ID);
                return false;
            }
            summary.apply();
            t.nests.decided(nest, summary.untraced());
            return true;
        } finally {
            java.util.Arrays.fill(refs, 0, n, null);   // hold no object of the program's
        }
    }
}
