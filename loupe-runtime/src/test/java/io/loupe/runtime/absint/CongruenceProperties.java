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
 * The congruence domain's lattice laws, and the soundness of its transfer functions against
 * concrete arithmetic: a value of each operand's class gives a result in the result's class.
 */
class CongruenceProperties {

    @Provide
    Arbitrary<Congruence> congruences() {
        Arbitrary<Long> modulus = Arbitraries.oneOf(Arbitraries.longs().between(0, 12), Arbitraries.longs().between(0, 1L << 40));
        Arbitrary<Long> remainder = Arbitraries.oneOf(Arbitraries.longs().between(-30, 30), Arbitraries.longs().between(-(1L << 40), 1L << 40));
        return Arbitraries.oneOf(Arbitraries.just(Congruence.BOTTOM), Arbitraries.just(Congruence.TOP),
                Combinators.combine(modulus, remainder).as(Congruence::of));
    }

    /** A congruence with a value of it. */
    record Member(Congruence congruence, long value) {
    }

    @Provide
    Arbitrary<Member> members() {
        return Combinators.combine(Arbitraries.longs().between(0, 64), Arbitraries.longs().between(-1000, 1000),
                Arbitraries.longs().between(-1000, 1000)).as((m, r, k) -> new Member(Congruence.of(m, r), m * k + r));
    }

    @Property
    void joinIsTheLeastUpperBound(@ForAll("congruences") Congruence a, @ForAll("congruences") Congruence b,
                                  @ForAll("congruences") Congruence c) {
        Congruence j = a.join(b);
        assertTrue(a.leq(j) && b.leq(j), a + " ⊔ " + b + " = " + j);
        assertEquals(j, b.join(a));
        assertEquals(a.join(b).join(c), a.join(b.join(c)));
        assertEquals(a, a.join(a));
        if (a.leq(c) && b.leq(c)) {
            assertTrue(j.leq(c), "no upper bound below the join");
        }
    }

    @Property
    void meetIsTheGreatestLowerBound(@ForAll("congruences") Congruence a, @ForAll("congruences") Congruence b,
                                     @ForAll("congruences") Congruence c) {
        Congruence m = a.meet(b);
        if (!representable(a, b)) {
            assertTrue(m.isBottom() || m.equals(a) || m.equals(b), "no common value (the GCD test), or an operand, which holds the meet");
            return;
        }
        assertTrue(m.leq(a) && m.leq(b), a + " ⊓ " + b + " = " + m);
        assertEquals(m, b.meet(a));
        assertEquals(a, a.meet(a.join(b)), "absorption");
        if (c.leq(a) && c.leq(b)) {
            assertTrue(c.leq(m), "no lower bound above the meet");
        }
    }

    /** True unless both are classes whose lcm is past {@code long}: then no congruence is their meet. */
    private static boolean representable(Congruence a, Congruence b) {
        if (a.isBottom() || b.isBottom() || a.modulus() == 0 || b.modulus() == 0) {
            return true;
        }
        try {
            Math.multiplyExact(a.modulus() / Congruence.gcd(a.modulus(), b.modulus()), b.modulus());
            return true;
        } catch (ArithmeticException e) {
            return false;
        }
    }

    @Property
    void theMeetHoldsExactlyTheCommonValues(@ForAll("members") Member x, @ForAll("congruences") Congruence other) {
        assertEquals(other.contains(x.value()), x.congruence().meet(other).contains(x.value()));
        assertTrue(x.congruence().join(other).contains(x.value()));
    }

    @Property
    void arithmeticHoldsEveryConcreteResult(@ForAll("members") Member x, @ForAll("members") Member y) {
        Congruence a = x.congruence();
        Congruence b = y.congruence();
        long u = x.value();
        long v = y.value();
        assertTrue(a.add(b).contains(u + v), a + " + " + b + " misses " + (u + v));
        assertTrue(a.sub(b).contains(u - v), a + " - " + b + " misses " + (u - v));
        assertTrue(a.mul(b).contains(u * v), a + " * " + b + " misses " + (u * v));
        assertTrue(a.negate().contains(-u));
    }

    /** The paper's eq. 24 gives 2Z+1 for 4Z+1 + 2Z+0 (its join); the sum is 2Z+1 here too, but 4Z+1 + 4Z+2 is 4Z+3, not 1Z. */
    @Example
    void additionIsNotTheJoin() {
        assertEquals(Congruence.of(4, 3), Congruence.of(4, 1).add(Congruence.of(4, 2)));
        assertEquals(Congruence.TOP, Congruence.of(4, 1).join(Congruence.of(4, 2)));
    }

    /** The GCD test: a[2i] and a[4j + 1] never meet. */
    @Example
    void disjointClassesMeetInBottom() {
        assertTrue(Congruence.of(2, 0).meet(Congruence.of(4, 1)).isBottom());
        assertEquals(Congruence.of(12, 10), Congruence.of(4, 2).meet(Congruence.of(6, 4)));
    }
}
