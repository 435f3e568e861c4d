package io.loupe.runtime.values;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SiteRecorderTest {

    private static final ValueConfig FULL = ValueConfig.DEFAULTS;
    private static final ValueConfig CONVERGENT = new ValueConfig(8, 4, 2000, true, "bounds", 1000, 1000, 0.02, 0.02, 0.25);

    /** What instrumented code does: the gate, then the recorder. */
    private static void run(SiteRecorder r, long value) {
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    @Test
    void fullProfilingProfilesEveryExecutionWithWeightOne() {
        SiteRecorder r = new SiteRecorder(FULL, 0);
        for (int i = 0; i < 10_000; i++) {
            run(r, i % 10 == 0 ? 7 : 3);
        }
        assertEquals(10_000, r.executed());
        assertEquals(10_000, r.profiled());
        assertEquals(10_000, r.weightTotal());
        assertEquals(3, r.table.value(0));
        assertEquals(9_000, r.table.count(0));
        assertEquals(7, r.table.value(1));
        assertEquals(1_000, r.table.count(1));
        // MRV: a value equals the previous one except at each 7 and the 3 after it
        assertEquals(10_000 - 1 - 1_000 - 999, r.mrvHits());
    }

    @Test
    void anInvariantSiteConvergesAndIsProfiledRarely() {
        SiteRecorder r = new SiteRecorder(CONVERGENT, 1);
        int n = 2_000_000;
        for (int i = 0; i < n; i++) {
            run(r, 42);
        }
        assertEquals(n, r.executed());
        assertTrue(r.profiled() < n / 50, "profiled " + r.profiled());
        assertTrue(r.switchedOff() >= 1);
        assertEquals(42, r.table.value(0));
        // every skipped execution is credited, those of the unfinished off period by the collector
        assertEquals(n, r.weightTotal() + r.pendingSkipped());
    }

    @Test
    void backOffCatchesAPhaseChangeHalfWay() {
        SiteRecorder r = new SiteRecorder(CONVERGENT, 2);
        int n = 4_000_000;
        for (int i = 0; i < n; i++) {
            run(r, i < n / 2 ? 1 : 2);
        }
        assertTrue(r.profiled() < n / 20, "profiled " + r.profiled());
        assertTrue(r.switchedOn() >= 1);
        // both phases are in the table, each with roughly half of the executions (the unfinished
        // off period credited as the collector does)
        java.util.Map<Long, Long> counts = new java.util.HashMap<>();
        for (int i = 0; i < r.table.size(); i++) {
            counts.merge(r.table.value(i), r.table.count(i), Long::sum);
        }
        SiteRecorder.credit(r.window, r.creditTotal(), r.pendingSkipped(), (v, c) -> counts.merge(v, c, Long::sum));
        assertEquals(n, r.weightTotal() + r.pendingSkipped());
        double share = (double) counts.getOrDefault(2L, 0L) / n;
        assertTrue(counts.getOrDefault(1L, 0L) > 0 && share > 0.35 && share < 0.65, "second phase share " + share);
    }

    @Test
    void theIncreaseCriterionStopsOnceInvarianceStopsRising() {
        ValueConfig increase = new ValueConfig(8, 4, 2000, true, "increase", 100, 100, 0.02, 0.02, 0.5);
        SiteRecorder r = new SiteRecorder(increase, 3);
        for (int i = 0; i < 250; i++) {
            run(r, 5);
        }
        // first test (after 100) has nothing to compare; the second (after 200) sees no increase
        assertEquals(1, r.switchedOff());
        assertEquals(200, r.profiled());
        assertEquals(250, r.executed());
    }

    @Test
    void theBoundsCriterionKeepsProfilingWhileInvarianceMoves() {
        ValueConfig bounds = new ValueConfig(8, 4, 1_000_000, true, "bounds", 100, 100, 0.02, 0.02, 0.5);
        SiteRecorder r = new SiteRecorder(bounds, 4);
        // invariance (top half of the table) falls steadily while new values keep arriving
        for (int i = 0; i < 400; i++) {
            run(r, i < 100 ? 0 : i / 10);
        }
        assertEquals(0, r.switchedOff());
        assertEquals(400, r.profiled());
    }

    @Test
    void theSeedMovesTheOffPeriodsAndSeedZeroKeepsEachSitesOwn() {
        assertEquals(0x9E3779B97F4A7C15L * 6 ^ 0xD1B54A32D192ED03L, SiteRecorder.seed(5, 0), "the seed a site had before the option");
        long mix = 0xBF58476D1CE4E5B9L;   // the multiplier of the configured seed: odd, so it has an inverse
        long inverse = mix;
        for (int i = 0; i < 5; i++) {
            inverse *= 2 - mix * inverse;   // Newton's iteration, modulo 2^64
        }
        long zeroing = SiteRecorder.seed(5, 0) * inverse;   // the one seed that would cancel site 5's own
        assertNotEquals(0, SiteRecorder.seed(5, zeroing), "never 0, which the xorshift would keep");
        // the same site and values: the same seed gives the same off periods, another seed others
        assertEquals(offPeriods(0), offPeriods(0));
        assertEquals(offPeriods(7), offPeriods(7));
        assertNotEquals(offPeriods(0), offPeriods(7));
    }

    /** When a converged site of constant value comes back on, over 200,000 executions, with {@code seed}. */
    private static List<Integer> offPeriods(long seed) {
        ValueConfig config = new ValueConfig(8, 4, 2000, true, "bounds", 100, 25, 0.02, 0.02, 0.25, seed);
        SiteRecorder r = new SiteRecorder(config, 5);
        List<Integer> on = new ArrayList<>();
        long switchedOn = 0;
        for (int i = 0; i < 200_000; i++) {
            run(r, 8);
            if (r.switchedOn() != switchedOn) {
                switchedOn = r.switchedOn();
                on.add(i);
            }
        }
        assertTrue(on.size() > 3, on.toString());
        return on;
    }

    @Test
    void aConvergedSiteIsTestedAgainInAShorterWindow() {
        ValueConfig config = new ValueConfig(8, 4, 2000, true, "bounds", 100, 25, 0.02, 0.02, 0.25);
        SiteRecorder r = new SiteRecorder(config, 5);
        int executed = 0;
        while (r.switchedOff() == 0) {
            run(r, 8);
            executed++;
        }
        assertEquals(200, r.profiled(), "two windows of the interval: the first has nothing to compare with");
        while (r.switchedOn() == 0) {
            run(r, 8);
            executed++;
        }
        assertEquals(201, r.profiled(), "the off period ended");
        while (r.switchedOff() == 1) {
            run(r, 8);
            executed++;
        }
        assertEquals(225, r.profiled(), "nothing moved: off again after a re-check window");
        assertEquals(executed, r.executed());

        // values that move in the re-check (a new one each time: invariance falls) keep profiling on
        int next = 1000;
        while (r.switchedOn() == 1) {
            run(r, next++);
        }
        for (int i = 1; i < 25; i++) {
            run(r, next++);
        }
        assertEquals(250, r.profiled());
        assertEquals(2, r.switchedOff(), "the re-check saw the change");
        for (int i = 0; i < 99; i++) {
            run(r, next++);
        }
        assertEquals(349, r.profiled());
        assertEquals(2, r.switchedOff(), "still on");
    }

    @Test
    void runsAreReproducible() {
        SiteRecorder a = new SiteRecorder(CONVERGENT, 9);
        SiteRecorder b = new SiteRecorder(CONVERGENT, 9);
        for (int i = 0; i < 500_000; i++) {
            run(a, i % 3);
            run(b, i % 3);
        }
        assertEquals(a.profiled(), b.profiled());
        assertEquals(a.weightTotal(), b.weightTotal());
    }

    // ---- full profiling: run counting ----

    /** What a full-profiling site does (Values.fullLong). */
    private static void full(SiteRecorder r, long value) {
        Values.fullLong(value, new SiteRecorder[] {r}, 0);
    }

    /**
     * Run counting against the gate path, one profiled execution at a time: the same table (read
     * as the collector reads it), executions, weight and MRV hits, at every point of the stream.
     */
    @Property
    void runCountingEqualsProfilingEachExecution(@ForAll("streams") List<Long> values,
                                                 @ForAll @IntRange(min = 16, max = 64) int clear) {
        ValueConfig config = new ValueConfig(4, 2, clear, false, "bounds", 1000, 1000, 0.02, 0.02, 0.25);
        SiteRecorder each = new SiteRecorder(config, 0);
        SiteRecorder runs = new SiteRecorder(config, 0);
        for (long v : values) {
            run(each, v);
            full(runs, v);
            assertEquals(each.executed(), runs.executed());
            assertEquals(each.profiled(), runs.profiled());
            assertEquals(each.weightTotal(), runs.weightTotal());
            assertEquals(each.mrvHits(), runs.mrvHits());
            TnvTable expected = each.tableWithRun(false);
            TnvTable actual = runs.tableWithRun(false);
            assertEquals(expected.size(), actual.size());
            for (int i = 0; i < expected.size(); i++) {
                assertEquals(expected.value(i), actual.value(i));
                assertEquals(expected.count(i), actual.count(i));
            }
        }
    }

    @Test
    void aSiteWhoseFirstValueIsZeroHasRunWithoutATable() {
        SiteRecorder r = new SiteRecorder(FULL, 0);
        assertNull(r.tableWithRun(false));
        full(r, 0);
        full(r, 0);
        assertNull(r.table);   // the run is pending: still no change
        assertEquals(2, r.executed());
        assertEquals(1, r.mrvHits());
        TnvTable t = r.tableWithRun(false);
        assertEquals(1, t.size());
        assertEquals(0, t.value(0));
        assertEquals(2, t.count(0));
        assertNull(r.table);   // reading it did not touch the recorder
        full(r, 5);
        assertEquals(2, r.table.count(0));
        assertEquals(3, r.executed());
        assertEquals(1, r.mrvHits());
    }

    /** Long runs, some values repeated far apart, a few distinct ones: clears fall inside runs. */
    @Provide
    Arbitrary<List<Long>> streams() {
        Arbitrary<List<Long>> run = Arbitraries.longs().between(-2, 6)
                .flatMap(v -> Arbitraries.integers().between(1, 70).map(n -> java.util.Collections.nCopies(n, v)));
        return run.list().ofMaxSize(25).map(rs -> rs.stream().flatMap(List::stream).toList());
    }
}
