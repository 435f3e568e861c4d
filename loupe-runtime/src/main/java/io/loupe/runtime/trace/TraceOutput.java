package io.loupe.runtime.trace;

import io.loupe.data.StatKeys;
import io.loupe.data.format.TraceWriter;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Grammar;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.trace.TraceEvent;
import io.loupe.runtime.registry.MethodRegistry;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The trace file of a run with {@code profile=trace}: opened at agent start, appended to by each
 * thread as its chunks fill ({@link TraceThread}), closed by the dump at exit. Every chunk is
 * preceded by the metadata of the methods registered since the last one, so a method is described
 * before any chunk that may hold its events. A write that fails stops the trace (one warning); the
 * program runs on. All of it runs under this class's lock, never on the hot path.
 */
public final class TraceOutput {

    private static TraceWriter writer;
    private static Path file;
    private static String failure;
    private static final List<TraceThread> THREADS = new ArrayList<>();
    private static final BitSet DESCRIBED = new BitSet();
    private static final Map<Integer, int[]> THROWING = new java.util.HashMap<>();
    private static final Map<Integer, MethodOps> OPS = new java.util.HashMap<>();
    private static int names;

    private TraceOutput() {
    }

    /** Creates the trace file; throws if it cannot. */
    public static synchronized void open(Path out, String options, String version) throws IOException {
        writer = TraceWriter.create(out, options, version, System.currentTimeMillis());
        file = out;
    }

    /** True if a trace is being written. */
    public static synchronized boolean active() {
        return file != null;
    }

    /** The blocks of {@code method} that may throw (the instrumenter's declaration). */
    public static synchronized void throwingBlocks(int method, int[] blocks) {
        THROWING.put(method, blocks.clone());
    }

    private static int heapSites;

    /**
     * Reserves {@code count} heap access sites for a method's checks; returns the first. Past
     * {@link TraceEvent#MAX_SITE} a generation's name wraps to another site's: one warning says
     * the dependences recovered may then mix up those sites' instances.
     */
    public static synchronized int reserveHeapSites(int count) {
        int first = heapSites;
        heapSites += count;
        if (first <= TraceEvent.MAX_SITE && heapSites > TraceEvent.MAX_SITE + 1) {
            io.loupe.runtime.dump.Warnings.warn("the trace's checks have more than " + (TraceEvent.MAX_SITE + 1)
                    + " heap access sites: generations of sites that far apart share names, and the dependences"
                    + " recovered may mix up their instances");
        }
        return first;
    }

    /** What the instructions of {@code method} do to locals and the heap (the instrumenter's declaration). */
    public static synchronized void methodOps(int method, MethodOps ops) {
        OPS.put(method, ops);
    }

    static synchronized void register(TraceThread t) {
        THREADS.add(t);
    }

    /** Gives a thread its number in the file and writes its name. */
    static synchronized int name(String name) {
        int index = names++;
        if (writer != null) {
            try {
                writer.thread(index, name);
            } catch (IOException e) {
                fail(e);
            }
        }
        return index;
    }

    /** The events every thread has appended so far, written or not (a thread's buffer read without its lock: about). */
    public static synchronized long appended() {
        long n = 0;
        for (TraceThread t : THREADS) {
            n += t.appended();
        }
        return n;
    }

    static synchronized void chunk(int thread, long events, long[] added, int addedCount, Grammar grammar) {
        if (writer == null) {
            return;
        }
        try {
            describeNewMethods();
            writer.chunk(thread, events, added, addedCount, grammar);
        } catch (IOException e) {
            fail(e);
        }
    }

    private static void describeNewMethods() throws IOException {
        List<MethodMeta> fresh = new ArrayList<>();
        List<int[]> throwing = new ArrayList<>();
        List<MethodOps> ops = new ArrayList<>();
        for (MethodMeta m : MethodRegistry.registered()) {
            if (!DESCRIBED.get(m.id())) {
                fresh.add(m);
                throwing.add(THROWING.getOrDefault(m.id(), new int[0]));
                ops.add(OPS.getOrDefault(m.id(), MethodOps.NONE));
                DESCRIBED.set(m.id());
            }
        }
        if (!fresh.isEmpty()) {
            writer.methods(fresh, throwing, ops);
        }
    }

    private static void fail(IOException e) {
        failure = "the trace " + file + " stopped: " + e;
        io.loupe.runtime.dump.Warnings.warn(failure);
        try {
            writer.close();
        } catch (IOException ignored) {
            // already failing
        }
        writer = null;
    }

    /**
     * At exit: closes every thread's trace (writing what it holds), then writes the end block with
     * the run's stats and warnings. Returns a one-line summary, or the reason there is no trace.
     */
    public static String close(Map<String, Long> runStats, List<String> warnings) {
        List<TraceThread> threads;
        synchronized (TraceOutput.class) {
            threads = new ArrayList<>(THREADS);
        }
        for (TraceThread t : threads) {
            t.close();   // its lock, then this class's: the order every chunk takes
        }
        synchronized (TraceOutput.class) {
            if (writer == null) {
                return failure != null ? failure : "no trace was opened";
            }
            long events = 0;
            long chunks = 0;
            long lost = 0;
            int written = 0;
            for (TraceThread t : threads) {
                events += t.events();
                chunks += t.chunks();
                lost += t.lost();
                written += t.chunks() > 0 ? 1 : 0;
            }
            Map<String, Long> stats = new LinkedHashMap<>();
            stats.put(StatKeys.TRACE_EVENTS, events);
            stats.put(StatKeys.TRACE_THREADS, (long) written);
            stats.put(StatKeys.TRACE_CHUNKS, chunks);
            stats.put(StatKeys.TRACE_LOST_EVENTS, lost);
            stats.put(StatKeys.TRACE_OBJECTS, TraceThread.objects());
            stats.putAll(runStats);
            try {
                describeNewMethods();
                writer.end(stats, warnings);
                long size = writer.size();
                writer.close();
                writer = null;
                return "wrote trace " + file + " (" + events + " events, " + written
                        + (written == 1 ? " thread, " : " threads, ") + size + " bytes)";
            } catch (IOException e) {
                fail(e);
                return failure;
            }
        }
    }
}
