package io.loupe.runtime.paths;

import io.loupe.runtime.registry.ClassSlots;
import io.loupe.runtime.registry.MethodRegistry;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's path profiling state: Ball–Larus counter arrays for methods with few paths, a hash
 * table for the others, and the k-slab forest when k ≥ 2. Only the owning thread writes it; the
 * dump at exit reads it. Every recorder is registered in a global list when created, so threads
 * that end keep their data.
 */
public final class PathThread {

    /** A recorder that belongs to no thread: the initial value of caches. */
    public static final PathThread NOBODY = new PathThread(null);

    private static final List<PathThread> ALL = new ArrayList<>();
    private static final ThreadLocal<PathThread> CURRENT = ThreadLocal.withInitial(PathThread::create);
    private static volatile int k = 1;
    private static volatile int nodeBudget = 4_000_000;

    private final Thread owner;
    private final String name;
    private long[][] counters = new long[64][];
    private PathTable[] tables = new PathTable[64];
    private long[][] classCounters = new long[64][];
    private KSlabForest forest;

    private PathThread(Thread owner) {
        this.owner = owner;
        this.name = owner == null ? "" : owner.getName();
    }

    /**
     * Sets the k of k-iteration path profiling and the per-thread k-slab forest node budget for
     * recorders created from now on (the agent, at start).
     */
    public static void configure(int iterations, int maxNodes) {
        k = iterations;
        nodeBudget = maxNodes;
    }

    public static int k() {
        return k;
    }

    /** The current thread's recorder, created and registered on first use (slow path). */
    public static PathThread current() {
        return CURRENT.get();
    }

    private static PathThread create() {
        PathThread t = new PathThread(Thread.currentThread());
        if (k >= 2) {
            t.forest = new KSlabForest(k, nodeBudget);
        }
        synchronized (ALL) {
            ALL.add(t);
        }
        return t;
    }

    /** Every recorder created so far. */
    public static List<PathThread> all() {
        synchronized (ALL) {
            return new ArrayList<>(ALL);
        }
    }

    public Thread owner() {
        return owner;
    }

    public String name() {
        return name;
    }

    /** This thread's counter array of a method with array storage. */
    public long[] counters(int methodId) {
        long[][] c = counters;
        if (methodId < c.length) {
            long[] a = c[methodId];
            if (a != null) {
                return a;
            }
        }
        return allocateCounters(methodId);
    }

    private long[] allocateCounters(int methodId) {
        if (methodId >= counters.length) {
            counters = Arrays.copyOf(counters, Math.max(methodId + 1, counters.length * 2));
        }
        long[] a = new long[Math.max(1, MethodRegistry.arraySize(methodId))];
        counters[methodId] = a;
        return a;
    }

    /** This thread's counter array of a class counting through its class-local fast path. */
    public long[] classCounters(int classKey) {
        long[][] c = classCounters;
        if (classKey < c.length && c[classKey] != null) {
            return c[classKey];
        }
        if (classKey >= classCounters.length) {
            classCounters = Arrays.copyOf(classCounters, Math.max(classKey + 1, classCounters.length * 2));
        }
        long[] a = new long[Math.max(1, ClassSlots.slots(classKey))];
        classCounters[classKey] = a;
        return a;
    }

    /** Class counter arrays by class key (entries may be null). Read at dump time. */
    public long[][] classCounterArrays() {
        return classCounters;
    }

    /** This thread's path table of a method whose paths are too many for an array. */
    public PathTable table(int methodId) {
        PathTable[] t = tables;
        if (methodId < t.length) {
            PathTable p = t[methodId];
            if (p != null) {
                return p;
            }
        }
        if (methodId >= tables.length) {
            tables = Arrays.copyOf(tables, Math.max(methodId + 1, tables.length * 2));
        }
        PathTable p = new PathTable();
        tables[methodId] = p;
        return p;
    }

    /**
     * One end of path {@code pathId} of a method whose activations end one path each (no loop, no
     * handler): called at the method's exits, so the method needs no state of its own.
     */
    public void count(int methodId, int pathId) {
        long[][] c = counters;
        if (methodId < c.length) {
            long[] a = c[methodId];
            if (a != null) {
                a[pathId]++;   // ids of an array method are below its length by construction
                return;
            }
        }
        PathTable[] t = tables;
        if (methodId < t.length) {
            PathTable p = t[methodId];
            if (p != null) {
                p.add(pathId, 1);
                return;
            }
        }
        countSlow(methodId, pathId);
    }

    private void countSlow(int methodId, int pathId) {
        if (MethodRegistry.arraySize(methodId) > 0) {
            counters(methodId)[pathId]++;
        } else {
            table(methodId).add(pathId, 1);
        }
    }

    /**
     * k-BLPP path end: streams path id {@code pathId} of {@code methodId} into the k-slab forest
     * and returns the activation's new cursor (see {@link KSlabForest#step}).
     */
    public long step(long cursor, int methodId, int pathId) {
        return forest.step(cursor, methodId, pathId);
    }

    /**
     * k-BLPP at the exit of a counted loop (see {@code Loupe.countLoop}): streams the pending run
     * of {@code last}, then {@code first} once and {@code repeated} for the rest of
     * {@code iterations}, and returns the activation's new cursor.
     */
    public long stepLoop(long cursor, int methodId, int last, long run, long iterations, int first, int repeated) {
        // Empty runs are skipped here: a run of 0 would still cost a call that is never inlined.
        long c = run == 0 ? cursor : forest.stepRun(cursor, methodId, last, run);
        if (iterations != 0) {
            c = forest.step(c, methodId, first);
            if (iterations > 1) {
                c = forest.stepRun(c, methodId, repeated, iterations - 1);
            }
        }
        return c;
    }

    /** k-BLPP: streams {@code times} consecutive ends of one path (see {@link KSlabForest#stepRun}). */
    public long stepRun(long cursor, int methodId, int pathId, long times) {
        return forest.stepRun(cursor, methodId, pathId, times);
    }

    /** Counter arrays by method id (entries may be null). Read at dump time. */
    public long[][] counterArrays() {
        return counters;
    }

    /** Path tables by method id (entries may be null). Read at dump time. */
    public PathTable[] tables() {
        return tables;
    }

    /** Hash-table operations: path tables plus k-slab forest root lookups. */
    public long hashOps() {
        long ops = forest == null ? 0 : forest.hashOps();
        for (PathTable t : tables) {
            ops += t == null ? 0 : t.operations();
        }
        return ops;
    }

    /** The k-slab forest, or null when k = 1. */
    public KSlabForest forest() {
        return forest;
    }
}
