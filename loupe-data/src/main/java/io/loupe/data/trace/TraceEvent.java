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
 * OBJECT  (bits 59–0: an object's id)  with {@code trace.addresses=true}: the object or array a heap op accessed, 0 for none
 * INDEX   -            with {@code trace.addresses=true}: an array index or element count of a heap op
 * </pre>
 *
 * <p>OBJECT and INDEX events are the plain address trace that the dependence recovery can read
 * instead of checks (docs/trace.md, <i>Checks</i>): each heap op of a block has its fixed number of
 * them ({@link MethodOps#addressEvents}), in the order the ops ran.
 */
public final class TraceEvent {

    public static final int ENTER = 1;
    public static final int PATH = 2;
    public static final int CATCH = 3;
    public static final int UNWIND = 4;
    public static final int AT = 5;
    public static final int THROW = 6;
    public static final int OBJECT = 7;
    public static final int INDEX = 8;

    /** Method ids fit in 28 bits. */
    public static final int MAX_METHOD = (1 << 28) - 1;

    private TraceEvent() {
    }

    public static long of(int kind, int method, int value) {
        return ((long) kind << 60) | ((long) (method & MAX_METHOD) << 32) | (value & 0xffffffffL);
    }

    /** An OBJECT event: object {@code id} (0: no object, the op recorded nothing). */
    public static long object(long id) {
        return ((long) OBJECT << 60) | (id & ((1L << 60) - 1));
    }

    /** The object id of an OBJECT event. */
    public static long objectId(long event) {
        return event & ((1L << 60) - 1);
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
        return k >= ENTER && k <= INDEX;
    }

    public static String toString(long event) {
        String kind = switch (kind(event)) {
            case ENTER -> "enter";
            case PATH -> "path";
            case CATCH -> "catch";
            case UNWIND -> "unwind";
            case AT -> "at";
            case THROW -> "throw";
            case OBJECT -> "object";
            case INDEX -> "index";
            default -> "?" + kind(event);
        };
        if (kind(event) == OBJECT) {
            return kind + " " + objectId(event);
        }
        if (kind(event) == INDEX) {
            return kind + " " + value(event);
        }
        return kind + " m" + method(event) + " " + value(event);
    }
}
