package io.loupe.data.deps;

import java.util.Locale;

/**
 * A local variable whose value flows around a loop's back edge: written in the loop and read in a
 * later iteration before it is written again (docs/deps.md, "Carried register dependences"). The
 * memory dependence profiler sees only the heap; these come from a static analysis of the loop's
 * bytecode, so that a loop's verdict can say what its locals need too.
 *
 * @param slot the local variable slot
 * @param name its name in the local variable table, or null when the class has none
 * @param kind an induction variable, a reduction, or a true carried register dependence
 */
public record CarriedRegisterMeta(int slot, String name, Kind kind) {

    public CarriedRegisterMeta {
        if (kind == null) {
            throw new IllegalArgumentException("a carried register needs a kind");
        }
    }

    /** The kinds of carried register dependence. */
    public enum Kind {
        /**
         * Only stepped by a loop-invariant amount ({@code i++}, {@code i += step}): an iteration can
         * compute it from its iteration number.
         */
        INDUCTION,
        /**
         * Only updated by {@code x = x op e} with an associative {@code op} and not read otherwise
         * in the loop: partial results can be combined after the loop.
         */
        REDUCTION,
        /** Anything else: a true carried register dependence. */
        OTHER;

        /** {@code induction}, {@code reduction} or {@code other}, as reports print it. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** The name, or {@code #slot} without a local variable table. */
    public String label() {
        return name != null ? name : "#" + slot;
    }
}
