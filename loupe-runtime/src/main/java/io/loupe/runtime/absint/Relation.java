package io.loupe.runtime.absint;

/**
 * The bisector relation domain's lattice (docs/absint.md, <i>Domains</i>; the paper's Fig. 2, after
 * Lari et al.): what is known of how one variable compares with another. ⊥ (no pair of values: an
 * unreached point) below the three exact relations {@code <}, {@code =}, {@code >}; above them
 * {@code ≤} (holding {@code <} and {@code =}) and {@code ≥}; {@link #ANY} on top. There is no
 * {@code ≠}: {@code <} joined with {@code >} is {@link #ANY}, as in the paper. Its chains are finite
 * (height 3), so it needs no widening. The analysis uses it to prove a store's address strictly
 * monotone across iterations: its index's new value {@code >} (or {@code <}) its old at every step.
 */
public enum Relation {
    BOTTOM, LESS, EQUAL, GREATER, LESS_EQUAL, GREATER_EQUAL, ANY;

    /** The relation of two concrete values. */
    public static Relation of(long x, long y) {
        return x < y ? LESS : x == y ? EQUAL : GREATER;
    }

    /** True if {@code x} and {@code y} compare as this relation allows. */
    public boolean holds(long x, long y) {
        return switch (this) {
            case BOTTOM -> false;
            case LESS -> x < y;
            case EQUAL -> x == y;
            case GREATER -> x > y;
            case LESS_EQUAL -> x <= y;
            case GREATER_EQUAL -> x >= y;
            case ANY -> true;
        };
    }

    /** The exact relations this one allows, as a set of bits: 1 {@code <}, 2 {@code =}, 4 {@code >}. */
    private int bits() {
        return switch (this) {
            case BOTTOM -> 0;
            case LESS -> 1;
            case EQUAL -> 2;
            case GREATER -> 4;
            case LESS_EQUAL -> 3;
            case GREATER_EQUAL -> 6;
            case ANY -> 7;
        };
    }

    /** The least relation of the lattice that allows every exact relation in {@code bits}. */
    private static Relation covering(int bits) {
        return switch (bits) {
            case 0 -> BOTTOM;
            case 1 -> LESS;
            case 2 -> EQUAL;
            case 4 -> GREATER;
            case 3 -> LESS_EQUAL;
            case 6 -> GREATER_EQUAL;
            default -> ANY;   // 5 (< or >) and 7: no ≠ in the lattice
        };
    }

    public boolean leq(Relation o) {
        return (bits() & ~o.bits()) == 0;
    }

    public Relation join(Relation o) {
        return covering(bits() | o.bits());
    }

    public Relation meet(Relation o) {
        return covering(bits() & o.bits());
    }

    /** The relation of {@code y} to {@code x}, given this one of {@code x} to {@code y}. */
    public Relation converse() {
        return switch (this) {
            case LESS -> GREATER;
            case GREATER -> LESS;
            case LESS_EQUAL -> GREATER_EQUAL;
            case GREATER_EQUAL -> LESS_EQUAL;
            default -> this;
        };
    }

    /**
     * The relation of {@code x} to {@code z}, given this one of {@code x} to {@code y} and
     * {@code o} of {@code y} to {@code z} (the paper's {@code mod_rel}): {@code <} then {@code ≤}
     * is {@code <}, {@code =} keeps the other, opposite directions tell nothing.
     */
    public Relation compose(Relation o) {
        if (this == BOTTOM || o == BOTTOM) {
            return BOTTOM;
        }
        int bits = 0;
        for (int a = 1; a <= 4; a <<= 1) {
            if ((bits() & a) == 0) {
                continue;
            }
            for (int b = 1; b <= 4; b <<= 1) {
                if ((o.bits() & b) != 0) {
                    bits |= composeExact(a, b);
                }
            }
        }
        return covering(bits);
    }

    /** Two exact relations (one bit each) composed: the exact relations {@code x} to {@code z} may then have. */
    private static int composeExact(int a, int b) {
        if (a == 2) {
            return b;
        }
        if (b == 2) {
            return a;
        }
        return a == b ? a : 7;   // < then < is <; < then > may be anything
    }

    @Override
    public String toString() {
        return switch (this) {
            case BOTTOM -> "⊥";
            case LESS -> "<";
            case EQUAL -> "=";
            case GREATER -> ">";
            case LESS_EQUAL -> "≤";
            case GREATER_EQUAL -> "≥";
            case ANY -> "?";
        };
    }
}
