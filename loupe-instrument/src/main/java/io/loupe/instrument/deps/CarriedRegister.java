package io.loupe.instrument.deps;

/**
 * A local variable whose value flows around a loop's back edge: defined in the loop and read in the
 * loop, in the next iteration, before it is defined again.
 *
 * @param slot the local variable slot
 * @param name its name in the local variable table, or null if the class has none
 * @param kind what the dependence is
 */
public record CarriedRegister(int slot, String name, Kind kind) {

    /** The kinds of carried register dependence. */
    public enum Kind {
        /**
         * Only updated by {@code iinc} or {@code x = x ± c} with {@code c} a constant or a local the
         * loop does not write ({@code i++}, {@code i += 2}, {@code i -= step}): an iteration can
         * compute it from the iteration number.
         */
        INDUCTION,
        /**
         * Only updated by {@code x = x op e} with {@code op} one of {@code + - * & | ^} or
         * {@code Math.min}/{@code Math.max}, where {@code e} does not read {@code x}, and not read
         * anywhere else in the loop: partial results can be combined afterwards.
         */
        REDUCTION,
        /** A true carried register dependence. */
        OTHER
    }

    /** The name, or {@code #slot} without a local variable table. */
    public String label() {
        return name != null ? name : "#" + slot;
    }
}
