package io.loupe.data.paths;

/**
 * Ball–Larus path counts of one method, summed over all threads: {@code counts[i]} executions of
 * path {@code ids[i]}. Only paths that ran are listed; ids are ascending.
 */
public record PathCounts(int methodId, long[] ids, long[] counts) {
    public PathCounts {
        if (ids.length != counts.length) {
            throw new IllegalArgumentException("ids and counts differ in length");
        }
    }
}
