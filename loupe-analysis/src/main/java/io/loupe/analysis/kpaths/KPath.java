package io.loupe.analysis.kpaths;

/**
 * One node of a k-IPF read as the path it stands for: the Ball–Larus path ids from the root down
 * to the node ({@code ids[0]} ran first), and how many times that concatenation ran.
 */
public record KPath(long[] ids, long count) {

    /** Number of acyclic paths (loop iterations, roughly) concatenated. */
    public int length() {
        return ids.length;
    }
}
