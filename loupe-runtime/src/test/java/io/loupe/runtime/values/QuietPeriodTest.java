package io.loupe.runtime.values;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.function.LongToIntFunction;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Quiet methods (SiteRecorder, <i>Quiet methods</i>): a method whose sites have all converged runs
 * without probes, and its sites are credited with estimated executions.
 */
class QuietPeriodTest {

    /** Site ids of their own for each simulated method: the quiet countdown is shared by site id. */
    private static int nextSite = 200_000;

    private static final ValueConfig CONVERGENT = new ValueConfig(8, 4, 2000, true, "bounds", 1000, 1000, 0.02, 0.02, 0.25);
    private static final ValueConfig FAST = new ValueConfig(8, 4, 2000, true, "bounds", 16, 16, 0.02, 0.02, 0.25);

    /**
     * A method as instrumented code runs it: at entry {@code Values.quiet}, then — unless quiet —
     * the count of {@code Values.probed} and site {@code s} run {@code times[s]} times in
     * activation {@code i} with the value {@code value[s]} gives for it (through the gate, as
     * {@code Values.onLong} does). The recorders are indexed from 0, the site ids from {@link #first}.
     */
    private static final class Method {
        final int first;
        final SiteRecorder[] rs;
        final LongToIntFunction[] times;
        final LongUnaryOperator[] value;
        long quietCalls;

        /** Site {@code s} runs {@code perCall[s]} times in every activation. */
        Method(ValueConfig config, int[] perCall, LongUnaryOperator... value) {
            this(config, java.util.Arrays.stream(perCall).mapToObj(n -> (LongToIntFunction) i -> n)
                    .toArray(LongToIntFunction[]::new), value);
        }

        Method(ValueConfig config, LongToIntFunction[] times, LongUnaryOperator... value) {
            this.first = nextSite;
            nextSite += times.length;
            this.rs = new SiteRecorder[times.length];
            for (int s = 0; s < rs.length; s++) {
                rs[s] = new SiteRecorder(config, first + s);
            }
            SiteRecorder.link(rs);
            this.times = times;
            this.value = value;
        }

        /** The method's entry: true if it runs quiet; else the activation is counted as {@code Values.probed} does. */
        boolean quiet() {
            if (Values.quiet(first)) {
                quietCalls++;
                return true;
            }
            rs[0].enter();
            return false;
        }

        void call(long i) {
            if (quiet()) {
                return;
            }
            for (int s = 0; s < rs.length; s++) {
                for (int k = times[s].applyAsInt(i); k > 0; k--) {
                    Values.onLong(value[s].applyAsLong(i), rs, s);
                }
            }
        }

        /** What the collector reports as executed: counted, plus the estimate for a quiet period under way. */
        long executed(int s) {
            return Collected.executed(rs[s]);
        }

        /** The site's counts as the collector merges them. */
        Map<Long, Long> counts(int s) {
            return Collected.counts(rs[s]);
        }
    }

    @Test
    void aMethodWhoseSitesConvergeRunsQuietMostOfTheTimeAndCountsWhatItSkips() {
        Method m = new Method(CONVERGENT, new int[] {1, 1, 3}, i -> 42, i -> i % 10 == 0 ? 5 : 7, i -> 9);
        int n = 2_000_000;
        for (int i = 0; i < n; i++) {
            m.call(i);
        }
        assertTrue(m.quietCalls > n * 9L / 10, "quiet activations " + m.quietCalls + " of " + n);
        assertEquals(m.quietCalls, m.rs[0].quietEntries());
        assertTrue(m.rs[0].quietPeriods() >= 2);
        assertEquals(n, m.rs[0].activations());
        // sites run a fixed number of times per activation: the estimates are exact
        assertEquals(n, m.executed(0));
        assertEquals(n, m.executed(1));
        assertEquals(3L * n, m.executed(2));
        // what the probes counted is measured: the activations that were not quiet, 3 executions each at site 2
        long probed = n - m.quietCalls;
        assertEquals(probed, Collected.counted(m.rs[0]));
        assertEquals(3 * probed, Collected.counted(m.rs[2]));
        assertTrue(m.rs[1].profiled() < n / 50, "profiled " + m.rs[1].profiled());
        long seen = 0;
        for (int i = 0; i < m.rs[1].table.size(); i++) {
            seen += m.rs[1].table.profiledCount(i);
        }
        assertEquals(m.rs[1].profiled(), seen, "two values: the table counted every profiled execution");
        assertEquals(Map.of(42L, (long) n), m.counts(0));
        Map<Long, Long> mostly = m.counts(1);
        assertEquals(n, mostly.values().stream().mapToLong(Long::longValue).sum());
        double inv1 = (double) mostly.get(7L) / n;
        assertTrue(Math.abs(inv1 - 0.9) < 0.03, "Inv-1 " + inv1);
    }

    @Test
    void theEndOfAQuietPeriodCatchesAPhaseChange() {
        int n = 4_000_000;
        Method m = new Method(CONVERGENT, new int[] {1, 1}, i -> i < n / 2 ? 11 : 22, i -> 3);
        for (int i = 0; i < n; i++) {
            m.call(i);
        }
        assertTrue(m.quietCalls > n * 8L / 10, "quiet activations " + m.quietCalls);
        assertTrue(m.rs[0].switchedOn() >= 1);
        Map<Long, Long> counts = m.counts(0);
        assertEquals(n, counts.values().stream().mapToLong(Long::longValue).sum());
        double second = (double) counts.getOrDefault(22L, 0L) / n;
        assertTrue(counts.getOrDefault(11L, 0L) > 0 && second > 0.35 && second < 0.65, "second phase share " + second);
    }

    /**
     * A site whose executions per activation change with the program's phase (once, then three
     * times) is credited at its rate just before each quiet period, not at its rate over the whole
     * run, which would lag behind the change: its executions come out within 1% of the exact count.
     */
    @Test
    void quietPeriodsAreCreditedAtTheRateOfThePhaseTheyFollow() {
        int n = 4_000_000;
        Method m = new Method(CONVERGENT, new LongToIntFunction[] {i -> 1, i -> i < n / 2 ? 1 : 3}, i -> 5, i -> 6);
        for (int i = 0; i < n; i++) {
            m.call(i);
        }
        assertTrue(m.quietCalls > n * 8L / 10, "quiet activations " + m.quietCalls);
        assertEquals(n, m.executed(0));
        long exact = n / 2 + 3L * (n / 2);
        long estimated = m.executed(1);
        assertTrue(Math.abs(estimated - exact) < exact / 100, "executed " + estimated + " against " + exact);
    }

    @Test
    void aRareSiteDoesNotKeepItsMethodInstrumented() {
        // site 1 runs on one activation in 100 and would need 100,000 activations to fill a window;
        // its rate rests on samples of 128 activations after each quiet period (about 32 of its
        // executions together, SiteRecorder.MEMORY), so its estimate is within some 20%
        Method rare = new Method(CONVERGENT, new LongToIntFunction[] {i -> 1, i -> i % 100 == 0 ? 1 : 0}, i -> 1, i -> 2);
        int n = 2_000_000;
        for (int i = 0; i < n; i++) {
            rare.call(i);
        }
        assertTrue(rare.quietCalls > n / 2, "quiet activations " + rare.quietCalls);
        assertEquals(0, rare.rs[1].switchedOff());
        long estimated = rare.executed(1);
        assertTrue(Math.abs(estimated - n / 100) < n / 100 / 5, "rare site executed about " + estimated);
        assertEquals(n, rare.executed(0));
    }

    /**
     * A rare site whose off period ends while its branch is no longer taken waits for an execution
     * that never comes (its gate at 1). It must not keep the method out of its quiet periods: on
     * luaj, {@code LuaDouble.valueOf}'s call of {@code LuaInteger.valueOf} stopped running early and
     * left the method probed for 112 of its 127 million activations.
     */
    @Test
    void aRareSiteThatStopsRunningDoesNotKeepItsMethodInstrumented() {
        int phase = 300_000;
        Method m = new Method(CONVERGENT, new LongToIntFunction[] {i -> 1, i -> i < phase && i % 4 == 0 ? 1 : 0},
                i -> 1, i -> 2);
        for (int i = 0; i < phase; i++) {
            m.call(i);
        }
        assertTrue(m.rs[1].switchedOff() >= 1, "the rare site converged in the first phase");
        long quietBefore = m.quietCalls;
        int n = 3_000_000;
        for (int i = phase; i < phase + n; i++) {
            m.call(i);
        }
        assertTrue(m.quietCalls - quietBefore > n * 9L / 10, "quiet activations " + (m.quietCalls - quietBefore) + " of " + n);
        assertEquals(phase + n, m.executed(0));
    }

    /**
     * A site run once per activation, in a method whose every activation runs another site
     * thousands of times (Commons Math's {@code SingularValueDecomposition} constructor), is not
     * cold: it would need as many activations as a window has executions to converge. It is minor,
     * and must not keep the busy site's gates running meanwhile.
     */
    @Test
    void aMinorSiteDoesNotKeepItsMethodInstrumented() {
        Method m = new Method(CONVERGENT, new int[] {2_000, 1}, i -> i % 3, i -> 8);
        int n = 3_000;
        for (int i = 0; i < n; i++) {
            m.call(i);
        }
        assertTrue(m.quietCalls > n * 3L / 4, "quiet activations " + m.quietCalls + " of " + n);
        assertEquals(0, m.rs[1].switchedOff(), "the minor site never filled two windows");
        assertEquals(2_000L * n, m.executed(0));
        assertEquals(n, m.executed(1));
        assertEquals(Map.of(8L, (long) n), m.counts(1));
    }

    @Test
    void aFrequentSiteStillProfiledKeepsItsMethodInstrumented() {
        // site 1 runs on every other activation: when site 0 switches off, site 1 is half-way
        Method m = new Method(CONVERGENT, new LongToIntFunction[] {i -> 1, i -> i % 2 == 0 ? 1 : 0}, i -> 1, i -> 2);
        for (int i = 0; i < 3_000; i++) {
            m.call(i);
        }
        assertEquals(1, m.rs[0].switchedOff());
        assertEquals(0, m.rs[1].switchedOff());
        assertEquals(0, m.quietCalls);
        for (int i = 3_000; i < 20_000; i++) {
            m.call(i);
        }
        assertEquals(1, m.rs[1].switchedOff());
        assertTrue(m.quietCalls > 0);
    }

    @Test
    void aMethodThatIsNotQuietNeverGoesQuiet() {
        // its code never calls Values.quiet or Values.probed: the sites' own gates do all the work
        int first = nextSite;
        nextSite += 2;
        SiteRecorder[] rs = {new SiteRecorder(CONVERGENT, first), new SiteRecorder(CONVERGENT, first + 1)};
        SiteRecorder.link(rs);
        int n = 500_000;
        for (int i = 0; i < n; i++) {
            Values.onLong(4, rs, 0);
            Values.onLong(5, rs, 1);
        }
        assertEquals(0, QuietMethods.LEFT[first]);
        assertEquals(0, rs[0].quietPeriods());
        assertEquals(n, rs[1].executed());
    }

    @Test
    void theCountdownIsSharedAndItsEndIsCreditedToTheThreadWhoseSitesConverged() throws InterruptedException {
        Method m = new Method(CONVERGENT, new int[] {1}, i -> 6);
        int n = 100_000;
        for (int i = 0; i < n; i++) {
            m.call(i);
        }
        int left = QuietMethods.LEFT[m.first];
        assertTrue(left > 1, "quiet, with " + left + " activations left");
        long quietBefore = m.rs[0].quietEntries();
        // another thread's activations count the same period down, and run quiet
        int[] quietThere = new int[1];
        Thread other = new Thread(() -> {
            for (int i = 0; i < left; i++) {
                quietThere[0] += Values.quiet(m.first) ? 1 : 0;
            }
        });
        other.start();
        other.join();
        assertEquals(left, quietThere[0]);
        assertEquals(0, QuietMethods.LEFT[m.first], "the period ended");
        assertEquals(quietBefore + left, m.rs[0].quietEntries(), "credited to the recorders whose sites converged");
        assertEquals(n + left, m.executed(0));
    }

    /** Whatever the rates, sites run a fixed number of times per activation are counted exactly. */
    @Property(tries = 40)
    void fixedRatesAreEstimatedExactly(@ForAll @IntRange(min = 0, max = 4) int a, @ForAll @IntRange(min = 1, max = 4) int b,
                                      @ForAll @IntRange(min = 1, max = 6) int modulus,
                                      @ForAll @IntRange(min = 1, max = 30_000) int n) {
        Method m = new Method(FAST, new int[] {a, b}, i -> 7, i -> i % modulus);
        for (int i = 0; i < n; i++) {
            m.call(i);
        }
        assertEquals((long) a * n, m.executed(0));
        assertEquals((long) b * n, m.executed(1));
        assertEquals(n, m.rs[0].activations());
        long weight = m.counts(1).values().stream().mapToLong(Long::longValue).sum();
        assertEquals((long) b * n, weight);
    }
}
