package io.loupe.runtime.absint;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The interval domain's lattice laws, and the soundness of its transfer functions against
 * concrete arithmetic: every concrete result of values drawn from two intervals lies in the
 * abstract result. Bounds are drawn small, large and infinite, so that the overflow to infinity is
 * exercised too.
 */
class IntervalProperties {

    @Provide
    Arbitrary<Interval> intervals() {
        Arbitrary<Long> bound = Arbitraries.oneOf(Arbitraries.longs().between(-20, 20),
                Arbitraries.longs().between(Integer.MIN_VALUE, Integer.MAX_VALUE),
                Arbitraries.longs(), Arbitraries.of(Interval.NEG_INF, Interval.POS_INF, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1));
        return Arbitraries.oneOf(Arbitraries.just(Interval.BOTTOM), Arbitraries.just(Interval.TOP),
                Combinators.combine(bound, bound).as((a, b) -> Interval.of(Math.min(a, b), Math.max(a, b))));
    }

    /** An interval with a value of it (finite bounds, so that a value can be drawn). */
    record Member(Interval interval, long value) {
    }

    @Provide
    Arbitrary<Member> members() {
        Arbitrary<Long> bound = Arbitraries.oneOf(Arbitraries.longs().between(-20, 20),
                Arbitraries.longs().between(Integer.MIN_VALUE, Integer.MAX_VALUE),
                Arbitraries.longs().between(Long.MIN_VALUE + 1, Long.MAX_VALUE - 1));
        return Combinators.combine(bound, bound, Arbitraries.doubles().between(0, 1)).as((a, b, f) -> {
            long lo = Math.min(a, b);
            long hi = Math.max(a, b);
            long v = lo + (long) (f * ((double) hi - (double) lo));
            v = Math.max(lo, Math.min(hi, v));
            return new Member(Interval.of(lo, hi), v);
        });
    }

    @Property
    void joinIsTheLeastUpperBound(@ForAll("intervals") Interval a, @ForAll("intervals") Interval b, @ForAll("intervals") Interval c) {
        Interval j = a.join(b);
        assertTrue(a.leq(j) && b.leq(j));
        assertEquals(j, b.join(a));
        assertEquals(a.join(b).join(c), a.join(b.join(c)));
        assertEquals(a, a.join(a));
        if (a.leq(c) && b.leq(c)) {
            assertTrue(j.leq(c), "no upper bound below the join");
        }
    }

    @Property
    void meetIsTheGreatestLowerBound(@ForAll("intervals") Interval a, @ForAll("intervals") Interval b) {
        Interval m = a.meet(b);
        assertTrue(m.leq(a) && m.leq(b));
        assertEquals(m, b.meet(a));
        assertEquals(a, a.meet(a.join(b)), "absorption");
        assertEquals(a, a.join(a.meet(b)), "absorption");
    }

    @Property
    void bottomAndTopAreTheIdentities(@ForAll("intervals") Interval a) {
        assertEquals(a, a.join(Interval.BOTTOM));
        assertEquals(a, a.meet(Interval.TOP));
        assertTrue(Interval.BOTTOM.leq(a) && a.leq(Interval.TOP));
    }

    @Property
    void wideningIsAnUpperBoundThatStopsAChain(@ForAll("intervals") Interval a, @ForAll("intervals") Interval b) {
        Interval w = a.widen(b);
        assertTrue(a.leq(w) && b.leq(w));
        // a chain that grows every step: the widened iterates stop within two steps
        Interval x = a;
        for (int i = 0; i < 3; i++) {
            x = x.widen(x.join(b).add(Interval.of(-1, 1)));
        }
        assertEquals(x, x.widen(x.join(b).add(Interval.of(-1, 1))));
    }

    @Property
    void arithmeticHoldsEveryConcreteResult(@ForAll("members") Member x, @ForAll("members") Member y) {
        long a = x.value();
        long b = y.value();
        Interval i = x.interval();
        Interval j = y.interval();
        if (noOverflow(Math::addExact, a, b)) {
            assertTrue(i.add(j).contains(a + b), i + " + " + j + " misses " + (a + b));
        }
        if (noOverflow(Math::subtractExact, a, b)) {
            assertTrue(i.sub(j).contains(a - b), i + " - " + j + " misses " + (a - b));
        }
        if (noOverflow(Math::multiplyExact, a, b)) {
            assertTrue(i.mul(j).contains(a * b), i + " * " + j + " misses " + (a * b));
        }
        if (b != 0 && !(a == Long.MIN_VALUE && b == -1)) {
            assertTrue(i.div(j).contains(a / b), i + " / " + j + " misses " + (a / b));
        }
        assertTrue(i.negate().contains(-a));
    }

    @Property
    void theOrderIsTheSetsInclusion(@ForAll("members") Member x, @ForAll("intervals") Interval other) {
        if (x.interval().leq(other)) {
            assertTrue(other.contains(x.value()));
        }
        assertTrue(x.interval().join(other).contains(x.value()));
        if (other.contains(x.value())) {
            assertTrue(x.interval().meet(other).contains(x.value()));
        }
    }

    /** The paper's rule, the products of the lower and of the upper bounds, gives [−2, 3] here. */
    @Example
    void aProductTakesAllFourProductsOfBounds() {
        assertEquals(Interval.of(-6, 3), Interval.of(-2, 1).mul(Interval.of(1, 3)));
        assertEquals(Interval.TOP, Interval.of(10, 20).div(Interval.of(-1, 1)));
        assertEquals(Interval.of(-10, 10), Interval.of(-20, 20).div(Interval.of(2, 5)));
    }

    @Property
    void fitsIntOnlyWithinTheIntRange(@ForAll("intervals") Interval a) {
        assertEquals(a.isBottom() || a.lo() >= Integer.MIN_VALUE && a.hi() <= Integer.MAX_VALUE, a.fitsInt());
    }

    private interface Exact {
        long apply(long a, long b);
    }

    private static boolean noOverflow(Exact op, long a, long b) {
        try {
            op.apply(a, b);
            return true;
        } catch (ArithmeticException e) {
            return false;
        }
    }
}
