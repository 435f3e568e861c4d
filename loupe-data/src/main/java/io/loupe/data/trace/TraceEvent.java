package io.loupe.data.trace;

/**
 * One event of a whole-program trace, packed in a long: the kind in bits 63–60, the method id in
 * bits 59–32, a 32-bit value below. The runtime appends them per thread in the order they happen;
 * the trace file maps each thread's distinct events to dense terminals, which its grammars derive
 * (docs/trace.md, <i>The trace</i>).
 *
 * <pre>
 * kind    method       value
 * ENTER   the callee   the caller's call site: the instruction index of the call it marked last, or -1
 * PATH    its method   the Ball–Larus path id of a path that ended at a back edge, a cut edge or a return
 * THROW   its method   the id of a path that ended at an {@code athrow}
 * CATCH   its method   the path register when a handler of the method caught an exception
 * UNWIND  its method   the path register when an exception left the activation
 * AT      its method   after CATCH and UNWIND: the call site the activation marked last, or -1
 * </pre>
 */
public final class TraceEvent {

    public static final int ENTER = 1;
    public static final int PATH = 2;
    public static final int CATCH = 3;
    public static final int UNWIND = 4;
    public static final int AT = 5;
    public static final int THROW = 6;

    /** Method ids fit in 28 bits. */
    public static final int MAX_METHOD = (1 << 28) - 1;

    private TraceEvent() {
    }

    public static long of(int kind, int method, int value) {
        return ((long) kind << 60) | ((long) (method & MAX_METHOD) << 32) | (value & 0xffffffffL);
    }

    public static int kind(long event) {
        return (int) (event >>> 60);
    }

    public static int method(long event) {
        return (int) (event >>> 32) & MAX_METHOD;
    }

    public static int value(long event) {
        return (int) event;
    }

    /** True if {@code event} is of a kind this format defines. */
    public static boolean valid(long event) {
        int k = kind(event);
        return k >= ENTER && k <= THROW;
    }

    public static String toString(long event) {
        String kind = switch (kind(event)) {
            case ENTER -> "enter";
            case PATH -> "path";
            case CATCH -> "catch";
            case UNWIND -> "unwind";
            case AT -> "at";
            case THROW -> "throw";
            default -> "?" + kind(event);
        };
        return kind + " m" + method(event) + " " + value(event);
    }
}
