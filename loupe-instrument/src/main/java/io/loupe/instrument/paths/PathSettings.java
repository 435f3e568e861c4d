package io.loupe.instrument.paths;

import io.loupe.data.trace.HeapEvents;

/**
 * What path instrumentation needs to know from the agent options.
 *
 * @param k            iterations per k-path; 1 is plain Ball–Larus counting
 * @param arrayLimit   methods with at most this many paths count into a per-thread array,
 *                     the others into a hash table
 * @param trivial      also instrument methods with a single path and no loop (their one
 *                     path's count is their invocation count)
 * @param blockTrace   instrument for the naive block tracer instead of path profiling
 * @param runLength    run-length encode path ends at back edges in locals (see PathRegister)
 * @param trace        instrument for the whole-program trace ({@code profile=trace}): every path
 *                     end, method entry, caught exception and unwinding is an event of the
 *                     thread's trace (PathRegister's TRACE mode), every method with code is
 *                     instrumented, and calls mark their site
 * @param heap         what the whole-program trace records of heap accesses: the checks, the
 *                     object (and index) each touches (the CF + address trace), or nothing
 *                     ({@code trace.heap}); {@link HeapEvents#NONE} for any other instrumentation
 */
public record PathSettings(int k, int arrayLimit, boolean trivial, boolean blockTrace, boolean runLength,
                           boolean trace, HeapEvents heap) {
    public PathSettings {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1");
        }
        if (arrayLimit < 1) {
            throw new IllegalArgumentException("array limit must be at least 1");
        }
        if (trace && blockTrace) {
            throw new IllegalArgumentException("the whole-program trace and the block tracer are two instrumentations");
        }
        if (heap != HeapEvents.NONE && !trace) {
            throw new IllegalArgumentException("heap events are part of the whole-program trace");
        }
    }

    /** Path profiling or the block tracer, not the whole-program trace. */
    public PathSettings(int k, int arrayLimit, boolean trivial, boolean blockTrace, boolean runLength) {
        this(k, arrayLimit, trivial, blockTrace, runLength, false, HeapEvents.NONE);
    }

    /** The whole-program trace's settings, recording {@code heap} of heap accesses: one path per event, no run-length encoding. */
    public static PathSettings wholeProgramTrace(HeapEvents heap) {
        return new PathSettings(1, 1, true, false, false, true, heap);
    }
}
