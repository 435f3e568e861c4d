package io.loupe.instrument.paths;

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
 */
public record PathSettings(int k, int arrayLimit, boolean trivial, boolean blockTrace, boolean runLength) {
    public PathSettings {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1");
        }
        if (arrayLimit < 1) {
            throw new IllegalArgumentException("array limit must be at least 1");
        }
    }
}
