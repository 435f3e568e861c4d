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
 * OBJECT  (bits 59–0: an object's id)  with {@code trace.heap=addresses}: the object or array a heap op accessed, 0 for none
 * INDEX   -            with {@code trace.heap=addresses}: an array index or element count of a heap op; with checks, a bulk op's element count
 * GEN     (bits 59–0: a generation reference)  with checks: the generation a checked heap access saw
 * RUN     (bits 59–32: a step, signed)  value: a count; with checks: more elements of a bulk operation
 * </pre>
 *
 * <p>A <i>generation</i> of a heap location begins at a store to it, or at the first load of a
 * location nothing has stored; each thread numbers the generations it begins 0, 1, 2, … A GEN
 * event names the generation a checked access found its location in (docs/trace.md,
 * <i>Checks</i>): {@link #GEN_NEW} none (the access begins one), {@link #GEN_NONE} the access will
 * throw and touches nothing, one of the thread's own as how many generations ago it began
 * ({@link #genOwn}), another thread's by its number and that thread's count ({@link #genOther}).
 * A RUN event after the GEN of a bulk operation's element stands for {@code count} more elements,
 * each in the generation {@code step} after the one before it (of the same thread), or, after a
 * {@link #GEN_NEW}, {@code count} more elements in none.
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
    public static final int GEN = 9;
    public static final int RUN = 10;

    /** A GEN payload: the location is in no generation yet (the access begins one). */
    public static final long GEN_NEW = 0;
    /** A GEN payload: the access will throw (null, index out of bounds, a value the array cannot hold). */
    public static final long GEN_NONE = 1;
    private static final long PAYLOAD = (1L << 60) - 1;
    private static final long OTHER = 1L << 59;
    /** Generations a thread may begin before its references to another's wrap: 2^40. */
    public static final int SEQ_BITS = 40;
    public static final long SEQ_MASK = (1L << SEQ_BITS) - 1;
    /** Threads a generation reference can name: 2^19. */
    public static final int MAX_THREAD = (1 << 19) - 1;
    /** The largest step a RUN event carries, either way. */
    public static final int MAX_STEP = (1 << 27) - 1;

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

    /** A GEN event with {@code payload} ({@link #GEN_NEW}, {@link #GEN_NONE}, {@link #genOwn}, {@link #genOther}). */
    public static long gen(long payload) {
        return ((long) GEN << 60) | (payload & PAYLOAD);
    }

    /** The payload of a GEN event. */
    public static long genPayload(long event) {
        return event & PAYLOAD;
    }

    /** A GEN payload: the thread's own generation begun {@code ago} (≥ 1) generations before its next. */
    public static long genOwn(long ago) {
        return ago + 1;
    }

    /** A GEN payload: generation {@code seq} of thread {@code thread}, another than the one checking. */
    public static long genOther(int thread, long seq) {
        return OTHER | ((long) thread << SEQ_BITS) | (seq & SEQ_MASK);
    }

    /** True if a GEN payload names another thread's generation. */
    public static boolean genIsOther(long payload) {
        return (payload & OTHER) != 0;
    }

    /** A payload of {@link #genOwn}: how many generations ago. */
    public static long genAgo(long payload) {
        return payload - 1;
    }

    /** A payload of {@link #genOther}: the thread. */
    public static int genThread(long payload) {
        return (int) ((payload & ~OTHER) >>> SEQ_BITS);
    }

    /** A payload of {@link #genOther}: that thread's generation number. */
    public static long genSeq(long payload) {
        return payload & SEQ_MASK;
    }

    /** A RUN event: {@code count} more elements, each {@code step} generations after the one before. */
    public static long run(int step, int count) {
        return ((long) RUN << 60) | ((long) (step & MAX_METHOD) << 32) | (count & 0xffffffffL);
    }

    /** The step of a RUN event, signed. */
    public static int runStep(long event) {
        return (method(event) << 4) >> 4;
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
        return k >= ENTER && k <= RUN;
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
            case GEN -> "gen";
            case RUN -> "run";
            default -> "?" + kind(event);
        };
        if (kind(event) == OBJECT) {
            return kind + " " + objectId(event);
        }
        if (kind(event) == INDEX) {
            return kind + " " + value(event);
        }
        if (kind(event) == GEN) {
            long p = genPayload(event);
            return kind + " " + (p == GEN_NEW ? "new" : p == GEN_NONE ? "none"
                    : genIsOther(p) ? "t" + genThread(p) + "#" + genSeq(p) : "-" + genAgo(p));
        }
        if (kind(event) == RUN) {
            return kind + " " + runStep(event) + " x" + value(event);
        }
        return kind + " m" + method(event) + " " + value(event);
    }
}
