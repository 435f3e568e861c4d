package io.loupe.runtime.absint;

/**
 * The congruence domain (docs/absint.md, <i>Domains</i>; Granger 1989): the integers
 * {@code modulus·k + remainder}; a modulus of 0 is the one value {@code remainder}, a modulus of 1
 * every integer (⊤). Kept canonical: {@code 0 ≤ remainder < modulus} when the modulus is positive.
 * Its chains are finite (a join only divides the modulus), so it needs no widening.
 *
 * <p>Addition and subtraction are not the paper's (its eq. 24 gives {@code gcd(a, a', |b − b'|)Z ±
 * min(b, b')}, which is the join): {@code (aZ + b) ± (a'Z + b') = gcd(a, a')Z + (b ± b')}. A meet
 * that is empty is the GCD test: {@code 2Z} and {@code 4Z + 1} share no value. Arithmetic that would
 * leave {@code long} gives ⊤; {@code int} arithmetic that wraps is the caller's to catch (the
 * interval of the same value tells, {@link Interval#fitsInt}).
 */
public record Congruence(long modulus, long remainder, boolean isBottom) {

    public static final Congruence BOTTOM = new Congruence(0, 0, true);
    public static final Congruence TOP = new Congruence(1, 0, false);

    public Congruence {
        if (modulus < 0 || modulus > 0 && (remainder < 0 || remainder >= modulus)) {
            throw new IllegalArgumentException("not canonical: " + modulus + "Z + " + remainder);
        }
    }

    /** {@code modulus·Z + remainder}, canonical; {@code modulus} at least 0. */
    public static Congruence of(long modulus, long remainder) {
        if (modulus < 0) {
            throw new IllegalArgumentException("modulus " + modulus);
        }
        return new Congruence(modulus, modulus == 0 ? remainder : Math.floorMod(remainder, modulus), false);
    }

    public static Congruence constant(long v) {
        return new Congruence(0, v, false);
    }

    public boolean isTop() {
        return !isBottom && modulus == 1;
    }

    public boolean isConstant() {
        return !isBottom && modulus == 0;
    }

    public boolean contains(long v) {
        if (isBottom) {
            return false;
        }
        return modulus == 0 ? v == remainder : Math.floorMod(v, modulus) == remainder;
    }

    /** The order: every value of this is one of {@code o}'s. */
    public boolean leq(Congruence o) {
        if (isBottom) {
            return true;
        }
        if (o.isBottom) {
            return false;
        }
        if (o.modulus == 0) {
            return modulus == 0 && remainder == o.remainder;
        }
        return modulus % o.modulus == 0 && Math.floorMod(remainder, o.modulus) == o.remainder;
    }

    public Congruence join(Congruence o) {
        if (isBottom) {
            return o;
        }
        if (o.isBottom) {
            return this;
        }
        try {
            long g = gcd(gcd(modulus, o.modulus), Math.abs(Math.subtractExact(remainder, o.remainder)));
            return g < 0 ? TOP : of(g, remainder);   // g < 0: |Long.MIN_VALUE|
        } catch (ArithmeticException e) {
            return TOP;
        }
    }

    /** The values of both: by the Chinese remainder theorem, ⊥ when the remainders disagree modulo the gcd. */
    public Congruence meet(Congruence o) {
        if (isBottom || o.isBottom) {
            return BOTTOM;
        }
        if (modulus == 0) {
            return o.contains(remainder) ? this : BOTTOM;
        }
        if (o.modulus == 0) {
            return contains(o.remainder) ? o : BOTTOM;
        }
        long g = gcd(modulus, o.modulus);
        if (Math.floorMod(o.remainder - remainder, g) != 0) {
            return BOTTOM;
        }
        long mg = modulus / g;
        long og = o.modulus / g;
        long m;
        try {
            m = Math.multiplyExact(mg, o.modulus);   // the lcm
        } catch (ArithmeticException e) {
            // no long modulus for the meet: the operand with the larger modulus holds it (an upper bound, sound)
            return modulus >= o.modulus ? this : o;
        }
        // x = remainder + modulus·t, where mg·t ≡ (o.remainder − remainder)/g (mod og); x < remainder + m
        long t = og == 1 ? 0 : mulMod(Math.floorMod((o.remainder - remainder) / g, og), inverse(Math.floorMod(mg, og), og), og);
        long x = modulus * t;   // < m
        return of(m, x >= m - remainder ? x - (m - remainder) : x + remainder);   // (x + remainder) mod m, without overflow
    }

    /** {@code a·b mod m} for {@code 0 ≤ a, b < m}, without overflow. */
    private static long mulMod(long a, long b, long m) {
        if (Math.multiplyHigh(a, b) == 0 && a * b >= 0) {
            return (a * b) % m;
        }
        return java.math.BigInteger.valueOf(a).multiply(java.math.BigInteger.valueOf(b))
                .mod(java.math.BigInteger.valueOf(m)).longValue();
    }

    public Congruence add(Congruence o) {
        if (isBottom || o.isBottom) {
            return BOTTOM;
        }
        try {
            return of(gcd(modulus, o.modulus), Math.addExact(remainder, o.remainder));
        } catch (ArithmeticException e) {
            return TOP;
        }
    }

    public Congruence negate() {
        if (isBottom) {
            return BOTTOM;
        }
        return modulus == 0 ? (remainder == Long.MIN_VALUE ? TOP : constant(-remainder)) : of(modulus, -remainder);
    }

    public Congruence sub(Congruence o) {
        return add(o.negate());
    }

    /** {@code gcd(a·a', a·b', a'·b)Z + b·b'}. */
    public Congruence mul(Congruence o) {
        if (isBottom || o.isBottom) {
            return BOTTOM;
        }
        try {
            long m = gcd(gcd(Math.multiplyExact(modulus, o.modulus), Math.abs(Math.multiplyExact(modulus, o.remainder))),
                    Math.abs(Math.multiplyExact(o.modulus, remainder)));
            return m < 0 ? TOP : of(m, Math.multiplyExact(remainder, o.remainder));
        } catch (ArithmeticException e) {
            return TOP;
        }
    }

    static long gcd(long a, long b) {
        while (b != 0) {
            long t = a % b;
            a = b;
            b = t;
        }
        return Math.abs(a);
    }

    /** The inverse of {@code a} modulo {@code m}, for {@code a} and {@code m} coprime, {@code m > 1}. */
    private static long inverse(long a, long m) {
        long r0 = m;
        long r1 = a;
        long s0 = 0;
        long s1 = 1;
        while (r1 != 0) {
            long q = r0 / r1;
            long r = r0 - q * r1;
            r0 = r1;
            r1 = r;
            long s = s0 - q * s1;
            s0 = s1;
            s1 = s;
        }
        return Math.floorMod(s0, m);
    }

    @Override
    public String toString() {
        if (isBottom) {
            return "⊥";
        }
        return modulus == 0 ? Long.toString(remainder) : modulus + "Z+" + remainder;
    }
}
