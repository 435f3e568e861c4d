package io.loupe.runtime.absint;

import io.loupe.data.deps.NestModel;

/**
 * The exact number of iterations of a counted loop {@code for (v = init; v STAY bound; v += step)}
 * on Java's {@code int}s, tested before each iteration (docs/absint.md, "Trip counts"). The
 * paper's interval equations reach the same numbers by iterating to a fixpoint with widening
 * (Alg. 1); a counted loop's are solved in closed form here.
 *
 * <p>A loop that would run until its variable wraps around (an increment past
 * {@link Integer#MAX_VALUE}, a {@code !=} test its steps jump over, a test its steps never make
 * false) has no count: {@link #NONE}. Abstract interpretation never decides such a loop.
 */
public final class TripCount {

    /** No finite count without wrapping around. */
    public static final long NONE = -1;

    private TripCount() {
    }

    /** Whether {@code v STAY bound} holds. */
    public static boolean stays(long v, NestModel.Stay stay, long bound) {
        return switch (stay) {
            case LT -> v < bound;
            case LE -> v <= bound;
            case GT -> v > bound;
            case GE -> v >= bound;
            case NE -> v != bound;
        };
    }

    /** The iterations of {@code for (v = init; v STAY bound; v += step)}, or {@link #NONE}; {@code init} and {@code bound} are ints. */
    public static long of(long init, int step, NestModel.Stay stay, long bound) {
        if (!stays(init, stay, bound)) {
            return 0;
        }
        long m;
        if (step > 0) {
            m = switch (stay) {
                case LT -> (bound - init + step - 1) / step;
                case LE -> (bound - init) / step + 1;
                case NE -> (bound - init) % step == 0 && bound > init ? (bound - init) / step : NONE;
                default -> NONE;   // v > bound or v >= bound with v growing: until it wraps
            };
            return m != NONE && init + m * step <= Integer.MAX_VALUE ? m : NONE;
        }
        long s = -(long) step;
        m = switch (stay) {
            case GT -> (init - bound + s - 1) / s;
            case GE -> (init - bound) / s + 1;
            case NE -> (init - bound) % s == 0 && init > bound ? (init - bound) / s : NONE;
            default -> NONE;
        };
        return m != NONE && init - m * s >= Integer.MIN_VALUE ? m : NONE;
    }
}
