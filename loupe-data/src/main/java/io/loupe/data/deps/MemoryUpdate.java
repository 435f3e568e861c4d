package io.loupe.data.deps;

import java.util.Locale;

/**
 * A store that writes back what it read from the same location combined with another value:
 * {@code acc.total += a[i]}, {@code hist[k] += x}, {@code Foo.sum = Foo.sum * x},
 * {@code best.v = Math.max(best.v, x)}. The instrumenter recognises it in the bytecode
 * (docs/deps.md, "What to do next"): the store's value is {@code load op e} (or {@code e op load}
 * when {@code op} commutes), {@code load} reads the location the store writes, and its value is used
 * by that operation alone. DiscoPoP detects reductions from such read–modify–write pairs; a loop whose
 * carried dependences all stay within such pairs is a reduction through memory.
 *
 * @param load    the ordinal ({@link AccessSiteMeta#index()}) of the load site in the same method
 * @param op      the operation
 * @param inexact true for {@code +}, {@code -} or {@code *} on {@code float} or {@code double}:
 *                reordering them changes rounding, so the update is a reduction only up to rounding
 */
public record MemoryUpdate(int load, Op op, boolean inexact) {

    public MemoryUpdate {
        if (load < 0) {
            throw new IllegalArgumentException("an update's load is an ordinal, got " + load);
        }
        if (op == null) {
            throw new IllegalArgumentException("an update needs an operation");
        }
    }

    /**
     * The operations of an update. Each is associative and commutative, so partial results computed
     * apart combine in any order; {@link #MINUS} ({@code x = x - e}) subtracts a sum of the {@code e}s,
     * whose partial sums combine with {@code +}.
     */
    public enum Op {
        PLUS("+"), MINUS("-"), TIMES("*"), AND("&"), OR("|"), XOR("^"), MIN("min"), MAX("max");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        /** {@code +}, {@code -}, {@code *}, {@code &}, {@code |}, {@code ^}, {@code min} or {@code max}. */
        public String symbol() {
            return symbol;
        }

        /** The operation whose symbol is {@code symbol}, or null. */
        public static Op ofSymbol(String symbol) {
            for (Op op : values()) {
                if (op.symbol.equals(symbol)) {
                    return op;
                }
            }
            return null;
        }

        /** {@code plus}, {@code min}, …: the constant's name in lower case. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }
}
