package io.loupe.runtime.trace;

import io.loupe.data.trace.Sequitur;
import io.loupe.data.trace.TraceEvent;

import java.lang.reflect.Array;

/**
 * One thread's whole-program trace as it is recorded ({@code profile=trace}; docs/trace.md): the
 * events instrumented code appends ({@link TraceEvent}), in a buffer the thread alone writes, with
 * no lock and no allocation. A full buffer goes through the thread's dictionary into the online
 * grammar of its current chunk ({@link Sequitur}); a chunk that reaches {@link #CHUNK_EVENTS}
 * events or {@link #CHUNK_SYMBOLS} grammar symbols is written to the trace file and a new one
 * begins, so what a thread holds is bounded and a killed JVM leaves every chunk written before.
 *
 * <p>Instrumented code holds its thread's instance in a local, fetched once per activation
 * ({@link #current()}), and marks each call it makes in {@link #site} — the call's instruction
 * index — so that the callee's enter event names the call it came from, a callback from code that
 * is not instrumented included. Each activation restores {@link #site} at its exits to what it
 * was at its entry.
 */
public final class TraceThread {

    static final int BUFFER = 1 << 14;
    /** Events per chunk unless {@link #configure} says otherwise ({@code trace.chunkEvents}). */
    public static final long CHUNK_EVENTS = 1L << 24;
    static final int CHUNK_SYMBOLS = 1 << 18;
    private static long chunkEvents = CHUNK_EVENTS;

    private static final ThreadLocal<TraceThread> CURRENT = ThreadLocal.withInitial(TraceThread::create);
    /** The instance {@link #current()} returned last: a thread that runs alone finds itself here without a lookup. */
    private static TraceThread last = new TraceThread(null);

    /** The call site the activation running on this thread marked last, or -1. */
    public int site = -1;

    private final Thread owner;
    private final long[] buffer = new long[BUFFER];
    private int size;

    // under this object's lock: the chunk being compressed (the dump at exit closes it too)
    private int index = -1;           // the thread's number in the file, given at its first chunk
    private final EventDictionary dictionary = new EventDictionary();
    private Sequitur grammar = new Sequitur();
    private long chunks;
    private long events;              // events compressed, every chunk
    private long lost;                // events appended after the trace was closed, in buffers that filled
    private int closedAt;             // events of the buffer that close() compressed
    private boolean closed;

    private TraceThread(Thread owner) {
        this.owner = owner;
    }

    /** Sets the events per chunk; at agent start, before any thread traces. */
    public static void configure(long eventsPerChunk) {
        chunkEvents = eventsPerChunk;
    }

    private static TraceThread create() {
        TraceThread t = new TraceThread(Thread.currentThread());
        TraceOutput.register(t);
        return t;
    }

    /** The current thread's trace. */
    public static TraceThread current() {
        TraceThread t = last;
        if (t.owner == Thread.currentThread()) {
            return t;
        }
        t = CURRENT.get();
        last = t;
        return t;
    }

    /**
     * An activation of {@code method} begins; returns the site to restore at its exits. The site
     * starts at -1 for the activation, so that a mark its catch or unwind event carries is its own.
     */
    public int enter(int method) {
        int s = site;
        site = -1;
        add(TraceEvent.of(TraceEvent.ENTER, method, s));
        return s;
    }

    /** Path {@code path} of {@code method} ended. */
    public void path(int method, int path) {
        add(TraceEvent.of(TraceEvent.PATH, method, path));
    }

    /** Path {@code path} of {@code method} ended at an {@code athrow}. */
    public void thrown(int method, int path) {
        add(TraceEvent.of(TraceEvent.THROW, method, path));
    }

    /** A handler of {@code method} caught an exception; {@code register} is the path register then. */
    public void caught(int method, int register) {
        add(TraceEvent.of(TraceEvent.CATCH, method, register));
        add(TraceEvent.of(TraceEvent.AT, method, site));
    }

    /**
     * An exception leaves an activation of {@code method}, whose path register is {@code register};
     * the site is restored to {@code saved}, what it was at the activation's entry.
     */
    public void unwind(int method, int register, int saved) {
        add(TraceEvent.of(TraceEvent.UNWIND, method, register));
        add(TraceEvent.of(TraceEvent.AT, method, site));
        site = saved;
    }

    // ---- the address trace (trace.addresses=true): see TraceEvent's OBJECT and INDEX ----

    static final ObjectIds IDS = new ObjectIds();
    private static final long NO_OBJECT = TraceEvent.object(0);

    private static long object(Object o) {
        return TraceEvent.object(IDS.id(o));
    }

    private static long index(int i) {
        return TraceEvent.of(TraceEvent.INDEX, 0, i);
    }

    /** Objects numbered so far. */
    static long objects() {
        return IDS.count();
    }

    /** Before a {@code getfield} or {@code putfield} of {@code o} (null: the instruction will throw). */
    public static void field(Object o, TraceThread t) {
        t.add(o == null ? NO_OBJECT : object(o));
    }

    /** Before an {@code xaload} or a primitive {@code xastore} of {@code a[i]}: none if it will throw. */
    public static void element(Object a, int i, TraceThread t) {
        if (a == null || i < 0 || i >= Array.getLength(a)) {
            t.add(NO_OBJECT);
            t.add(index(0));
        } else {
            t.add(object(a));
            t.add(index(i));
        }
    }

    /** Before an {@code aastore} of {@code v} into {@code a[i]}: none if it will throw. */
    public static void elementRef(Object a, int i, Object v, TraceThread t) {
        if (a != null && v != null && !a.getClass().getComponentType().isInstance(v)) {
            t.add(NO_OBJECT);
            t.add(index(0));
        } else {
            element(a, i, t);
        }
    }

    /**
     * Before {@code System.arraycopy(src, srcPos, dst, dstPos, length)}: source, its start,
     * destination, its start, and the elements the copy will move — what the dependence profiler
     * records ({@code BulkAccess.arraycopy}): none when it will throw first, those before the
     * first element the destination cannot hold.
     */
    public static void arraycopy(Object src, int srcPos, Object dst, int dstPos, int length, TraceThread t) {
        int n = BulkRanges.copied(src, srcPos, dst, dstPos, length);
        t.add(n > 0 ? object(src) : NO_OBJECT);
        t.add(index(srcPos));
        t.add(n > 0 ? object(dst) : NO_OBJECT);
        t.add(index(dstPos));
        t.add(index(n));
    }

    /** Before {@code Arrays.fill(a, value)}. */
    public static void fill(Object a, TraceThread t) {
        range(a, 0, BulkRanges.length(a), t);
    }

    /** Before {@code Arrays.fill(a, from, to, value)}. */
    public static void fill(Object a, int from, int to, TraceThread t) {
        range(a, from, BulkRanges.filled(a, from, to), t);
    }

    /** Before {@code Arrays.copyOf(a, newLength)}: the elements it reads. */
    public static void copyOf(Object a, int newLength, TraceThread t) {
        range(a, 0, BulkRanges.copiedOf(a, newLength), t);
    }

    /** Before {@code Arrays.copyOfRange(a, from, to)}: the elements it reads. */
    public static void copyOfRange(Object a, int from, int to, TraceThread t) {
        range(a, from, BulkRanges.copiedOfRange(a, from, to), t);
    }

    /** Before an array's {@code clone()}: every element, read. */
    public static void cloneArray(Object a, TraceThread t) {
        range(a, 0, BulkRanges.length(a), t);
    }

    private static void range(Object a, int from, int count, TraceThread t) {
        t.add(count > 0 ? object(a) : NO_OBJECT);
        t.add(index(from));
        t.add(index(count));
    }

    // ---- the checks (trace.heap=checks): see Checks ----

    /** Per heap access site, the generations it has begun on this thread (its next instance), modulo 2^32. */
    private int[] begun = new int[0];
    /** Per checking site, the thread's own generation it named last, 0 for none. */
    private long[] named = new long[0];
    /** This thread's number in the file once it has begun a generation or written a chunk, else -1. */
    private int self = -1;
    /** The entry of the object checked last: a loop over one array or object finds it without a lookup. */
    ObjectIds.Entry checked;

    /**
     * Begins a generation on this thread at heap access site {@code site}: its value for a
     * location's slot, never 0 ({@link TraceEvent#generation} with the thread's number plus one).
     */
    long begin(int site) {
        if (self < 0) {
            self = checkingNumber();
        }
        if (site >= begun.length) {
            grow(site);
        }
        return TraceEvent.generation(self + 1, site, begun[site]++);
    }

    /**
     * Appends the GEN event by which checking site {@code site} names generation {@code g} (a
     * slot's value, 0 for none): the latest its site began, some instances after the one this
     * site named last, counted back on its site, or another thread's (with an INDEX event).
     */
    void check(long g, int site) {
        if (g == 0) {
            gen(TraceEvent.GEN_NEW);
            return;
        }
        if (self < 0) {
            self = checkingNumber();
        }
        int thread = TraceEvent.generationThread(g) - 1;
        int s = TraceEvent.generationSite(g);
        int k = TraceEvent.generationInstance(g);
        if (thread != self) {
            gen(TraceEvent.genOther(thread, s));
            add(index(k));
            return;
        }
        if (Math.max(s, site) >= begun.length) {
            grow(Math.max(s, site));
        }
        long last = named[site];
        named[site] = g;
        if (k == begun[s] - 1) {
            gen(TraceEvent.genLatest(s));
        } else if (last != 0 && last >>> 32 == g >>> 32) {
            gen(TraceEvent.genDelta(k - TraceEvent.generationInstance(last)));
        } else {
            gen(TraceEvent.genBack(s, begun[s] - 1 - k));
        }
    }

    private static volatile boolean tooManyThreads;

    /** The thread's number, for the checks: past {@link TraceEvent#MAX_THREAD} one warning says generations' names wrap. */
    private int checkingNumber() {
        int n = number();
        if (n > TraceEvent.MAX_THREAD && !tooManyThreads) {
            tooManyThreads = true;
            io.loupe.runtime.dump.Warnings.warn("the trace's checks ran on more than " + (TraceEvent.MAX_THREAD + 1)
                    + " threads: generations of threads that far apart share names, and the dependences recovered"
                    + " may mix them up");
        }
        return TraceEvent.generationThreadOf(n);
    }

    private void grow(int site) {
        int n = Math.max(site + 1, Math.max(64, begun.length * 2));
        begun = java.util.Arrays.copyOf(begun, n);
        named = java.util.Arrays.copyOf(named, n);
    }

    /** Appends a GEN event with {@code payload}. */
    void gen(long payload) {
        add(TraceEvent.gen(payload));
    }

    /** Appends a RUN event. */
    void run(int step, int count) {
        add(TraceEvent.run(step, count));
    }

    /** Appends an INDEX event: the elements of a checked bulk operation. */
    void count(int n) {
        add(index(n));
    }

    /** The thread's number in the file, given now if it has none (its name is written then). */
    private synchronized int number() {
        if (index < 0) {
            index = TraceOutput.name(owner.getName());
        }
        return index;
    }

    private void add(long event) {
        if (size == BUFFER) {
            spill();
        }
        buffer[size++] = event;
    }

    /** The owner's full buffer: compressed into the chunk (dropped once the trace is closed). */
    private void spill() {
        synchronized (this) {
            if (closed) {
                lost += size - closedAt;
                closedAt = 0;
            } else {
                compress(size);
            }
        }
        size = 0;
    }

    private void compress(int n) {
        for (int i = 0; i < n; i++) {
            grammar.append(dictionary.terminal(buffer[i]));
            if (grammar.length() >= chunkEvents || grammar.symbols() >= CHUNK_SYMBOLS) {
                writeChunk();
            }
        }
    }

    private void writeChunk() {
        if (grammar.length() == 0) {
            return;
        }
        number();
        TraceOutput.chunk(index, grammar.length(), dictionary.added(), dictionary.addedCount(), grammar.grammar());
        events += grammar.length();
        chunks++;
        dictionary.clearAdded();
        grammar = new Sequitur();
    }

    /**
     * At exit: compresses and writes what the thread has not written yet, and closes its trace.
     * A thread still running loses what it appends after this (counted in {@link #lost()}).
     */
    synchronized void close() {
        if (closed) {
            return;
        }
        closedAt = Math.min(size, BUFFER);
        compress(closedAt);
        writeChunk();
        closed = true;
    }

    synchronized long events() {
        return events;
    }

    /** Events appended so far: compressed, in the chunk being built, in the buffer (its owner's: read racily). */
    synchronized long appended() {
        return events + grammar.length() + (closed ? 0 : size);
    }

    synchronized long chunks() {
        return chunks;
    }

    /** Events appended after {@link #close()} so far: they are in no chunk. */
    synchronized long lost() {
        return closed ? lost + Math.max(0, Math.min(size, BUFFER) - closedAt) : 0;
    }
}
