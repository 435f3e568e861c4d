package io.loupe.runtime.values;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.function.LongUnaryOperator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Frozen quiet periods ({@link FrozenMethods}): a freezable method freezes when its quiet period
 * begins, counts its activations on past the period's end while it waits for a thaw burst, and is
 * credited with every activation it ran when the burst thaws it.
 */
class FrozenPeriodTest {

    /** Site ids of their own, apart from QuietPeriodTest's: the quiet countdown is shared by site id. */
    private static int nextSite = 300_000;

    private static final ValueConfig CONVERGENT = new ValueConfig(8, 4, 2000, true, "bounds", 1000, 1000, 0.02, 0.02, 0.25);

    @BeforeAll
    static void noBurstButTheTests() {
        FrozenMethods.configure(3_600_000);   // the thaw thread's first burst is an hour away
    }

    @BeforeEach
    void resume() {
        FrozenMethods.resume();
    }

    /** A freezable quiet method with one site run once per activation, as instrumented code runs it. */
    private static final class Method {
        final int first = nextSite++;
        final SiteRecorder[] rs = {new SiteRecorder(CONVERGENT, first)};
        final LongUnaryOperator value;
        /** Checks at entry as a method whose loops switch versions does ({@link Values#quietEntryFreezable}). */
        final boolean switching;
        long quietCalls;

        Method(LongUnaryOperator value) {
            this(value, false);
        }

        Method(LongUnaryOperator value, boolean switching) {
            this.switching = switching;
            if (switching) {
                QuietMethods.switchesInLoops(first, new int[0], new int[0]);   // its one site runs per activation
            }
            SiteRecorder.link(rs);
            FrozenMethods.declare(first);
            this.value = value;
        }

        void call(long i) {
            if (switching ? Values.quietEntryFreezable(first) : Values.quietFreezable(first)) {
                quietCalls++;
                return;
            }
            rs[0].enter();
            Values.onLong(value.applyAsLong(i), rs, 0);
        }

        long executed() {
            return Collected.executed(rs[0]);
        }

        Map<Long, Long> counts() {
            return Collected.counts(rs[0]);
        }
    }

    @Test
    void aFrozenMethodRunsQuietPastItsPeriodUntilTheBurstAndIsCreditedWithAllOfIt() {
        Method m = new Method(i -> 42);
        long i = 0;
        while (!FrozenMethods.frozen(m.first)) {
            m.call(i++);
            assertTrue(i < 1_000_000, "the method froze when its quiet period began");
        }
        long period = QuietMethods.LEFT[m.first];
        assertTrue(period > 0);
        // three times its period: it stays frozen, and quiet, until a burst thaws it
        for (long k = 0; k < 3 * period; k++) {
            m.call(i++);
        }
        assertTrue(FrozenMethods.frozen(m.first));
        assertEquals(3 * period, m.quietCalls);
        assertEquals(-2 * period, QuietMethods.LEFT[m.first]);
        assertEquals(i, m.executed(), "a period under way is credited as it stands");

        assertTrue(FrozenMethods.burst());
        assertFalse(FrozenMethods.frozen(m.first));
        assertEquals(i, m.executed(), "thawed, the period is credited as it stands");
        m.call(i++);
        assertEquals(3 * period + 1, m.quietCalls, "the next activation ends the period, quiet");
        assertEquals(0, QuietMethods.LEFT[m.first]);
        assertEquals(m.quietCalls, m.rs[0].quietEntries());
        assertEquals(i, m.executed());
        m.call(i++);
        assertEquals(3 * period + 1, m.quietCalls, "and the one after runs its probes");
        assertEquals(i, m.executed());
        assertEquals(Map.of(42L, i), m.counts());
    }

    /**
     * The countdown is written without a lock: an activation that read it just before the thaw
     * stores its decrement over the thaw's reset. The period is still credited with every
     * activation, as it stands and when the next activation ends it.
     */
    @Test
    void aDecrementThatOverwritesTheThawLosesNoActivation() {
        overwriteTheThaw(new Method(i -> 42));
    }

    @Test
    void aDecrementThatOverwritesTheThawLosesNoActivationOfAMethodWhoseLoopsSwitch() {
        Method m = new Method(i -> 42, true);
        overwriteTheThaw(m);
        assertEquals(m.quietCalls, m.rs[0].quietEntries(), "every quiet activation counted as one");
    }

    private static void overwriteTheThaw(Method m) {
        long i = 0;
        while (!FrozenMethods.frozen(m.first)) {
            m.call(i++);
        }
        long period = QuietMethods.LEFT[m.first];
        for (long k = 0; k < 2 * period; k++) {
            m.call(i++);
        }
        int read = QuietMethods.LEFT[m.first];   // a racing activation reads the countdown...
        assertTrue(FrozenMethods.burst());        // ...the burst thaws the method and resets it to 1...
        assertEquals(1, QuietMethods.LEFT[m.first]);
        QuietMethods.LEFT[m.first] = read - 1;    // ...and the activation stores its decrement over that
        if (m.switching) {
            QuietMethods.ENTERED[m.first]++;      // (having counted itself as an activation first)
        }
        m.quietCalls++;
        i++;
        assertEquals(i, m.executed(), "credited as it stands");
        m.call(i++);
        assertEquals(2 * period + 2, m.quietCalls, "the next activation ends the period, quiet");
        assertEquals(0, QuietMethods.LEFT[m.first]);
        assertEquals(i, m.executed());
        m.call(i++);
        assertEquals(2 * period + 2, m.quietCalls, "and the one after runs its probes");
        assertEquals(i, m.executed());

        QuietMethods.LEFT[m.first] = -3;          // a decrement stored after the period ended
        m.call(i++);
        assertEquals(0, QuietMethods.LEFT[m.first], "cleared, without a period to credit");
        assertEquals(2 * period + 2, m.quietCalls);
        assertEquals(i, m.executed());
        assertEquals(Map.of(42L, i), m.counts());
    }

    @Test
    void aBurstThawsOnlyTheMethodsWhosePeriodIsOver() {
        Method over = new Method(i -> 1);
        Method under = new Method(i -> 2);
        long i = 0;
        while (!FrozenMethods.frozen(over.first) || !FrozenMethods.frozen(under.first)) {
            if (!FrozenMethods.frozen(over.first)) {
                over.call(i);
            }
            if (!FrozenMethods.frozen(under.first)) {
                under.call(i);
            }
            i++;
            assertTrue(i < 1_000_000);
        }
        for (long k = QuietMethods.LEFT[over.first]; k > 0; k--) {
            over.call(i);
        }
        under.call(i);
        FrozenMethods.burst();
        assertFalse(FrozenMethods.frozen(over.first));
        assertTrue(FrozenMethods.frozen(under.first));
    }

    @Test
    void aPhaseChangeIsCaughtAfterTheThaw() {
        long n = 4_000_000;
        Method m = new Method(i -> i < n / 2 ? 11 : 22);
        long bursts = 0;
        for (long i = 0; i < n; i++) {
            m.call(i);
            if (i % 100_000 == 0 && FrozenMethods.burst()) {   // a burst every 100,000 activations
                bursts++;
            }
        }
        assertTrue(bursts > 0);
        assertTrue(m.quietCalls > n * 8 / 10, "quiet activations " + m.quietCalls);
        Map<Long, Long> counts = m.counts();
        assertEquals(n, counts.values().stream().mapToLong(Long::longValue).sum());
        double second = (double) counts.getOrDefault(22L, 0L) / n;
        assertTrue(counts.getOrDefault(11L, 0L) > 0 && second > 0.3 && second < 0.7, "second phase share " + second);
    }

    @Test
    void nothingFreezesOnceTheProfileIsBeingCollected() {
        FrozenMethods.stop();
        Method m = new Method(i -> 5);
        for (long i = 0; i < 200_000; i++) {
            m.call(i);
            assertFalse(FrozenMethods.frozen(m.first));
        }
        assertTrue(m.quietCalls > 0, "its quiet periods are counted down as a quiet method's");
        assertFalse(FrozenMethods.burst());
        assertEquals(200_000, m.executed());
    }
}
