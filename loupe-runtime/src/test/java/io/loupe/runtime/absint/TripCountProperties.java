package io.loupe.runtime.absint;

import io.loupe.data.deps.NestModel;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Trip counts against the loop run on Java's ints, and the analysis' induction variable ranges
 * against the values the variable takes: for starts and bounds drawn from intervals, every value
 * the body sees lies in the range, and a range is given only for loops that end.
 */
class TripCountProperties {

    @Provide
    Arbitrary<Integer> ends() {
        return Arbitraries.oneOf(Arbitraries.integers().between(-40, 40),
                Arbitraries.integers().between(Integer.MAX_VALUE - 10, Integer.MAX_VALUE),
                Arbitraries.integers().between(Integer.MIN_VALUE, Integer.MIN_VALUE + 10));
    }

    @Provide
    Arbitrary<Integer> steps() {
        return Arbitraries.oneOf(Arbitraries.integers().between(-3, 3).filter(s -> s != 0),
                Arbitraries.of(Integer.MAX_VALUE, Integer.MIN_VALUE, 1 << 30));
    }

    private static final long CAP = 100_000;

    /** The loop, run: its iterations, or -1 if it runs past {@link #CAP} (it wraps around, never ends, or is long). */
    static long run(int init, int step, NestModel.Stay stay, int bound) {
        long n = 0;
        for (int v = init; TripCount.stays(v, stay, bound); v += step) {
            if (++n > CAP) {
                return -1;
            }
        }
        return n;
    }

    @Property(tries = 3000)
    void theCountIsTheLoopsOrNone(@ForAll("ends") int init, @ForAll("steps") int step, @ForAll NestModel.Stay stay,
                                  @ForAll("ends") int bound) {
        long ran = run(init, step, stay, bound);
        long count = TripCount.of(init, step, stay, bound);
        if (count != TripCount.NONE && ran >= 0) {
            assertEquals(ran, count, "a count is exact");
        } else if (count != TripCount.NONE) {
            assertTrue(count > CAP && !wraps(init, step, Math.min(count, CAP)), "a long loop, not one that wraps");
        } else {
            assertTrue(ran < 0 || wraps(init, step, ran), "no count only for a loop that wraps around");
        }
    }

    /** Whether the variable wraps around within the loop's {@code n} iterations. */
    private static boolean wraps(int init, int step, long n) {
        long v = init;
        for (long k = 0; k <= n; k++, v += step) {
            if (v != (int) v) {
                return true;
            }
        }
        return false;
    }

    @Property(tries = 3000)
    void theRangeHoldsEveryValueOfTheBody(@ForAll("small") int initLo, @ForAll("width") int initWidth,
                                          @ForAll("steps") int step, @ForAll NestModel.Stay stay,
                                          @ForAll("small") int boundLo, @ForAll("width") int boundWidth) {
        Interval init = Interval.of(initLo, initLo + initWidth);
        Interval bound = Interval.of(boundLo, boundLo + boundWidth);
        Interval range = NestAnalysis.ivRange(init, step, stay, bound, false);
        if (range == null) {
            return;   // not decided: nothing to hold
        }
        for (long i = init.lo(); i <= init.hi(); i++) {
            for (long b = bound.lo(); b <= bound.hi(); b++) {
                long ran = run((int) i, step, stay, (int) b);
                assertTrue(ran >= 0 && !wraps((int) i, step, ran), "a range only for loops that end: " + i + " " + b);
                long v = i;
                for (long k = 0; k < ran; k++, v += step) {
                    assertTrue(range.contains(v), v + " outside " + range);
                }
            }
        }
    }

    @Provide
    Arbitrary<Integer> small() {
        return Arbitraries.integers().between(-12, 12);
    }

    @Provide
    Arbitrary<Integer> width() {
        return Arbitraries.integers().between(0, 4);
    }

    @Example
    void aLoopToTheLastIntWrapsAround() {
        assertEquals(TripCount.NONE, TripCount.of(0, 1, NestModel.Stay.LE, Integer.MAX_VALUE));
        assertEquals(Integer.MAX_VALUE, TripCount.of(0, 1, NestModel.Stay.LT, Integer.MAX_VALUE));
        assertEquals(TripCount.NONE, TripCount.of(0, 2, NestModel.Stay.NE, 5), "a != its steps jump over");
        assertEquals(3, TripCount.of(0, 2, NestModel.Stay.NE, 6));
        assertEquals(0, TripCount.of(5, 1, NestModel.Stay.GT, 9), "a test false at the start: no iteration");
    }
}
