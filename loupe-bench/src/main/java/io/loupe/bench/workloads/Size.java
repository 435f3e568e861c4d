package io.loupe.bench.workloads;

import java.util.Locale;

/**
 * How much fixed work a driver does. {@link #FULL} is the measured size (a few seconds without an
 * agent on two cores); {@link #SMALL} keeps the same code paths busy for a fraction of a second so
 * that tests can run every driver.
 */
public enum Size {
    SMALL, FULL;

    /** The size named by the optional first argument of a driver; {@link #FULL} when absent. */
    public static Size fromArgs(String[] args) {
        if (args.length == 0) {
            return FULL;
        }
        if (args.length > 1) {
            throw new IllegalArgumentException("expected at most one argument (small|full), got " + args.length);
        }
        return parse(args[0]);
    }

    /** Parses {@code small} or {@code full}, failing with the offending text named. */
    public static Size parse(String text) {
        return switch (text.toLowerCase(Locale.ROOT)) {
            case "small" -> SMALL;
            case "full" -> FULL;
            default -> throw new IllegalArgumentException("unknown size '" + text + "' (expected small or full)");
        };
    }

    /** The argument a driver's {@code main} understands for this size. */
    public String argument() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Picks the repetition count (or problem size) that belongs to this size. */
    public int pick(int small, int full) {
        return this == SMALL ? small : full;
    }
}
