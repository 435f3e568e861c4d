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
 * INDEX   -            with {@code trace.heap=addresses}: an array index or element count of a heap op; with checks, a bulk op's element count, or the instance of another thread's generation
 * GEN     (bits 59–0: a generation reference)  with checks: the generation a checked heap access saw
 * RUN     (bits 59–32: a step, signed)  value: a count; with checks: more elements of a bulk operation
 * </pre>
 *
 * <p>A <i>generation</i> of a heap location begins at a store to it, or at the first load of a
 * location nothing has stored. It is named by the heap access site that began it (a checked
 * access's global number) and that site's instance: each thread counts, per site, the
 * generations it began ({@link #generation}). A GEN event names the generation a checked access
 * found its location in (docs/trace.md, <i>Checks</i>): {@link #GEN_NEW} none (the access begins
 * one), {@link #GEN_NONE} the access will throw and touches nothing; one of the thread's own as the
 * latest its site began ({@link #genLatest}), as some instances after the one the checking site
 * named last ({@link #genDelta}: a loop that walks an array another loop wrote names +1 every
 * time), or counted back on its site ({@link #genBack}); another thread's by that thread and site,
 * with the instance in an INDEX event after it ({@link #genOther}). Each is one symbol the grammar
 * sees repeat where the program repeats. A RUN event after the GEN of a bulk operation's element
 * stands for {@code count} more elements, each in the generation {@code step} instances of its
 * site after the one before it, or, after a {@link #GEN_NEW}, {@code count} more elements in none.
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
    /** A GEN payload's tag ({@link #genTag}): {@link #GEN_NEW} or {@link #GEN_NONE}. */
    public static final int GEN_SPECIAL = 0;
    /** A GEN payload's tag: the latest generation a site began on the thread ({@link #genLatest}). */
    public static final int GEN_LATEST = 1;
    /** A GEN payload's tag: the generation the checking site named last, some instances on ({@link #genDelta}). */
    public static final int GEN_DELTA = 2;
    /** A GEN payload's tag: a generation a site began on the thread, counted back ({@link #genBack}). */
    public static final int GEN_BACK = 3;
    /** A GEN payload's tag: another thread's generation; an INDEX event with its instance follows ({@link #genOther}). */
    public static final int GEN_OTHER = 4;
    private static final long PAYLOAD = (1L << 60) - 1;
    private static final int TAG_SHIFT = 56;

    /** Bits of a site in a generation's name: 2^20 heap access sites. */
    public static final int SITE_BITS = 20;
    public static final int MAX_SITE = (1 << SITE_BITS) - 1;
    /**
     * The highest thread number a generation's name tells apart: 2^11 threads, one value kept for
     * none (the runtime names a thread by its number plus one, so that a slot holding 0 has none),
     * and the top bit clear, so that every name is a non-negative long.
     */
    public static final int MAX_THREAD = (1 << 11) - 2;
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

    /**
     * A generation's name: its thread (12 bits), the heap access site that began it (20 bits) and
     * that site's instance among the generations it began on the thread (32 bits, counted modulo
     * 2^32) — docs/trace.md, <i>Checks</i>.
     */
    public static long generation(int thread, int site, int instance) {
        return (long) thread << 52 | (long) (site & MAX_SITE) << 32 | (instance & 0xffffffffL);
    }

    /** The number a thread's generations carry: its number in the file, wrapped past {@link #MAX_THREAD}. */
    public static int generationThreadOf(int thread) {
        return thread % (MAX_THREAD + 1);
    }

    public static int generationThread(long g) {
        return (int) (g >>> 52);
    }

    public static int generationSite(long g) {
        return (int) (g >>> 32) & MAX_SITE;
    }

    public static int generationInstance(long g) {
        return (int) g;
    }

    /** A GEN event with {@code payload} ({@link #GEN_NEW}, {@link #GEN_NONE}, {@link #genLatest}, …). */
    public static long gen(long payload) {
        return ((long) GEN << 60) | (payload & PAYLOAD);
    }

    /** The payload of a GEN event. */
    public static long genPayload(long event) {
        return event & PAYLOAD;
    }

    /** A payload's tag: {@link #GEN_SPECIAL}, {@link #GEN_LATEST}, {@link #GEN_DELTA}, {@link #GEN_BACK}, {@link #GEN_OTHER}. */
    public static int genTag(long payload) {
        return (int) (payload >>> TAG_SHIFT) & 0xf;
    }

    /** A GEN payload: the latest generation site {@code site} began on this thread. */
    public static long genLatest(int site) {
        return (long) GEN_LATEST << TAG_SHIFT | (site & MAX_SITE);
    }

    /**
     * A GEN payload: a generation of the site that began the one the checking site named last on
     * this thread, {@code delta} of its instances after that one.
     */
    public static long genDelta(int delta) {
        return (long) GEN_DELTA << TAG_SHIFT | (delta & 0xffffffffL);
    }

    /** A GEN payload: the generation site {@code site} began on this thread {@code back} (≥ 1) instances before its latest. */
    public static long genBack(int site, int back) {
        return (long) GEN_BACK << TAG_SHIFT | (long) (site & MAX_SITE) << 32 | (back & 0xffffffffL);
    }

    /** A GEN payload: a generation site {@code site} began on thread {@code thread}, another; its instance follows as an INDEX event. */
    public static long genOther(int thread, int site) {
        return (long) GEN_OTHER << TAG_SHIFT | (long) (thread & 0xfff) << SITE_BITS | (site & MAX_SITE);
    }

    /** The site of a payload of {@link #genLatest}, {@link #genBack} or {@link #genOther}. */
    public static int genSite(long payload) {
        return genTag(payload) == GEN_BACK ? (int) (payload >>> 32) & MAX_SITE : (int) payload & MAX_SITE;
    }

    /** The instances of a payload of {@link #genDelta} (signed) or {@link #genBack}. */
    public static int genCount(long payload) {
        return (int) payload;
    }

    /** The thread of a payload of {@link #genOther}. */
    public static int genThread(long payload) {
        return (int) (payload >>> SITE_BITS) & 0xfff;
    }

    /** A RUN event: {@code count} more elements, each in the generation {@code step} instances of its site after the one before. */
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
            return kind + " " + switch (genTag(p)) {
                case GEN_LATEST -> "s" + genSite(p);
                case GEN_DELTA -> (genCount(p) >= 0 ? "+" : "") + genCount(p);
                case GEN_BACK -> "s" + genSite(p) + "-" + Integer.toUnsignedString(genCount(p));
                case GEN_OTHER -> "t" + genThread(p) + " s" + genSite(p);
                default -> p == GEN_NEW ? "new" : p == GEN_NONE ? "none" : Long.toString(p);
            };
        }
        if (kind(event) == RUN) {
            return kind + " " + runStep(event) + " x" + value(event);
        }
        return kind + " m" + method(event) + " " + value(event);
    }
}
