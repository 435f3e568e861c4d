package io.loupe.runtime;

import io.loupe.runtime.paths.PathTable;
import io.loupe.runtime.paths.PathThread;
import io.loupe.runtime.registry.ClassSlots;

/**
 * The entry points that instrumented code calls. Each is called once per method activation (never
 * per event): it hands the activation the current thread's recorder, which the activation keeps
 * in a local variable (docs/architecture.md, *Threads*).
 *
 * <p>Finding the current thread's recorder without a {@link ThreadLocal} lookup on every call: a
 * static one-entry cache holds the last recorder handed out. Its owner is a final field, so a
 * racy read of the cache is safe: a thread that finds someone else's recorder there takes the
 * slow path. A single-threaded program never leaves the fast path.
 */
public final class Loupe {

    private static PathThread last = PathThread.NOBODY;

    private Loupe() {
    }

    /** The current thread's path recorder. */
    public static PathThread thread() {
        PathThread t = last;
        if (t.owner() == Thread.currentThread()) {
            return t;
        }
        t = PathThread.current();
        last = t;
        return t;
    }

    /**
     * The current thread's path counters of method {@code methodId}: a {@code long[numPaths]} that
     * the activation increments at each path end ({@code count[r]++}).
     */
    public static long[] counters(int methodId) {
        return thread().counters(methodId);
    }

    /** The current thread's path table of method {@code methodId} (methods with many paths). */
    public static PathTable table(int methodId) {
        return thread().table(methodId);
    }

    /**
     * One end of path {@code pathId} of a method that ends exactly one path per activation (no loop,
     * no handler); called at its exits, so such methods keep no state and stay small.
     */
    public static void count(int methodId, int pathId) {
        thread().count(methodId, pathId);
    }

    /**
     * The exit of a counted loop (one whose iterations after the first all end one path; see
     * {@code CountedLoops} in the instrumenter), for a method with a counter array: records the
     * pending run ({@code counts[last] += run}; an empty one without run-length encoding), then the
     * loop's {@code iterations} path ends — {@code first} once, {@code repeated} for the rest.
     */
    public static void countLoop(long[] counts, int last, long run, long iterations, int first, int repeated) {
        if (run != 0) {   // always 0 without run-length encoding: no store for nothing
            counts[last] += run;
        }
        if (iterations != 0) {
            counts[first]++;
            if (iterations > 1) {
                counts[repeated] += iterations - 1;
            }
        }
    }

    /**
     * The slow path of a class's own counting method ({@code $loupe$count}): counts slot
     * {@code slot} of class {@code classKey} in the current thread's array for that class, and
     * returns that array if this thread has just become the class's owner — the class then keeps
     * it in its private static fields and counts there directly — or null.
     */
    public static long[] classCount(int classKey, int slot) {
        long[] a = thread().classCounters(classKey);
        a[slot]++;
        return ClassSlots.claim(classKey) ? a : null;
    }

    /**
     * The slow path of a class's method that hands its methods with loops their counter array
     * ({@code $loupe$counters}): the current thread's array for class {@code classKey}.
     */
    public static long[] classCounters(int classKey) {
        return thread().classCounters(classKey);
    }

    /**
     * True exactly once per class, for the thread that becomes its owner and keeps its array in
     * the class's private static fields ({@code $loupe$counters}).
     */
    public static boolean claimClass(int classKey) {
        return ClassSlots.claim(classKey);
    }
}
