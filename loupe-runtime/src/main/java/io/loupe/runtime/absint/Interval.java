package io.loupe.runtime.absint;

/**
 * The interval domain (docs/absint.md, <i>Domains</i>; Cousot and Cousot 1977, as the loop-entry
 * analysis uses it): the integers from {@link #lo} to {@link #hi}, both included, over the
 * mathematical integers, with {@link Long#MIN_VALUE} and {@link Long#MAX_VALUE} standing for −∞ and
 * +∞. A bound that an operation would carry past them becomes infinite, so every result holds every
 * concrete result ({@code IntervalProperties}). Java's {@code int} and {@code long} wrap where the
 * integers do not: {@link #fitsInt} tells the caller when an {@code int} operation may have wrapped,
 * and it takes ⊤ then.
 *
 * <p>Multiplication and division are not the paper's (Appendix A takes the products and quotients of
 * the lower bounds and of the upper bounds only, wrong once a bound is negative, and divides by an
 * interval that holds 0): the product is the hull of the four products of bounds, and a quotient by
 * an interval that holds 0 is ⊤ (the division throws on 0; the values it yields otherwise are
 * bounded only by the dividend's magnitude, which ⊤ covers).
 */
public record Interval(long lo, long hi) {

    public static final long NEG_INF = Long.MIN_VALUE;
    public static final long POS_INF = Long.MAX_VALUE;

    /** No value: what a variable holds at a point no path reaches. */
    public static final Interval BOTTOM = new Interval(1, 0);
    /** Every value. */
    public static final Interval TOP = new Interval(NEG_INF, POS_INF);

    public Interval {
        if (lo > hi && (lo != 1 || hi != 0)) {
            throw new IllegalArgumentException("an empty interval is BOTTOM, not [" + lo + ", " + hi + "]");
        }
    }

    /** The interval [lo, hi], or ⊥ if {@code lo > hi}. */
    public static Interval of(long lo, long hi) {
        return lo > hi ? BOTTOM : new Interval(lo, hi);
    }

    /** The one value {@code v}. */
    public static Interval constant(long v) {
        return new Interval(v, v);
    }

    public boolean isBottom() {
        return lo > hi;
    }

    public boolean isTop() {
        return lo == NEG_INF && hi == POS_INF;
    }

    public boolean contains(long v) {
        return lo <= v && v <= hi;
    }

    /** True if this is a constant. */
    public boolean isConstant() {
        return lo == hi;
    }

    /** True if every value is an {@code int}: an {@code int} operation that gave this did not wrap. */
    public boolean fitsInt() {
        return isBottom() || lo >= Integer.MIN_VALUE && hi <= Integer.MAX_VALUE;
    }

    /** The order of the lattice: every value of this is one of {@code o}'s. */
    public boolean leq(Interval o) {
        return isBottom() || !o.isBottom() && o.lo <= lo && hi <= o.hi;
    }

    public Interval join(Interval o) {
        if (isBottom()) {
            return o;
        }
        if (o.isBottom()) {
            return this;
        }
        return new Interval(Math.min(lo, o.lo), Math.max(hi, o.hi));
    }

    public Interval meet(Interval o) {
        if (isBottom() || o.isBottom()) {
            return BOTTOM;
        }
        return of(Math.max(lo, o.lo), Math.min(hi, o.hi));
    }

    /**
     * Widening: a bound that moved since {@code this} (the earlier iterate) goes to infinity, so an
     * ascending chain of iterates stops after two more steps at most.
     */
    public Interval widen(Interval next) {
        if (isBottom()) {
            return next;
        }
        if (next.isBottom()) {
            return this;
        }
        return new Interval(next.lo < lo ? NEG_INF : lo, next.hi > hi ? POS_INF : hi);
    }

    public Interval add(Interval o) {
        if (isBottom() || o.isBottom()) {
            return BOTTOM;
        }
        return new Interval(addBound(lo, o.lo, NEG_INF), addBound(hi, o.hi, POS_INF));
    }

    public Interval negate() {
        if (isBottom()) {
            return BOTTOM;
        }
        return new Interval(negateBound(hi), negateBound(lo));
    }

    public Interval sub(Interval o) {
        return add(o.negate());
    }

    /** The hull of the four products of bounds. */
    public Interval mul(Interval o) {
        if (isBottom() || o.isBottom()) {
            return BOTTOM;
        }
        return hull(mulBound(lo, o.lo), mulBound(lo, o.hi), mulBound(hi, o.lo), mulBound(hi, o.hi));
    }

    /**
     * Java's division (truncating toward 0): ⊤ when the divisor may be 0; else the hull of the
     * four quotients of bounds (for a divisor of one sign, a quotient is monotone in each operand).
     */
    public Interval div(Interval o) {
        if (isBottom() || o.isBottom()) {
            return BOTTOM;
        }
        if (o.contains(0)) {
            return TOP;
        }
        return hull(divBound(lo, o.lo), divBound(lo, o.hi), divBound(hi, o.lo), divBound(hi, o.hi));
    }

    /** The least interval that holds four values. */
    private static Interval hull(long a, long b, long c, long d) {
        return new Interval(Math.min(Math.min(a, b), Math.min(c, d)), Math.max(Math.max(a, b), Math.max(c, d)));
    }

    private static boolean infinite(long b) {
        return b == NEG_INF || b == POS_INF;
    }

    /** {@code a + b} for two bounds of the same side ({@code inf} that side's infinity). */
    private static long addBound(long a, long b, long inf) {
        if (a == inf || b == inf) {
            return inf;
        }
        long s = a + b;
        if (((a ^ s) & (b ^ s)) < 0) {   // overflowed: past that side's end
            return a < 0 ? NEG_INF : POS_INF;
        }
        return s == NEG_INF || s == POS_INF ? (s < 0 ? NEG_INF : POS_INF) : s;
    }

    private static long negateBound(long b) {
        return b == NEG_INF ? POS_INF : b == POS_INF ? NEG_INF : -b;
    }

    private static long mulBound(long a, long b) {
        if (a == 0 || b == 0) {
            return 0;   // 0 × ∞ is 0 here: a bound of 0 is a value the variable takes
        }
        boolean negative = (a < 0) != (b < 0);
        if (infinite(a) || infinite(b)) {
            return negative ? NEG_INF : POS_INF;
        }
        long p = a * b;
        if (Math.multiplyHigh(a, b) != (p >> 63) || p == NEG_INF) {
            return negative ? NEG_INF : POS_INF;
        }
        return p;
    }

    /** {@code a / b} for a bound {@code b} that is not 0. */
    private static long divBound(long a, long b) {
        if (infinite(b)) {
            return 0;   // a finite dividend over an infinite divisor; an infinite one gives the other bounds
        }
        if (infinite(a)) {
            return (a < 0) != (b < 0) ? NEG_INF : POS_INF;
        }
        return a / b;
    }

    @Override
    public String toString() {
        if (isBottom()) {
            return "⊥";
        }
        return "[" + (lo == NEG_INF ? "-∞" : lo) + ", " + (hi == POS_INF ? "+∞" : hi) + "]";
    }
}
