package io.loupe.analysis.merge;

import io.loupe.data.deps.DepType;

import java.util.Arrays;
import java.util.Comparator;

/**
 * What names a dependence across the profiles merged, in merged ids: its type, its two ends
 * (site and context), whether they ran on different threads, and its loop levels. The relations
 * at the levels are not part of it: they are what the merge ORs.
 */
final class DependenceKey implements Comparable<DependenceKey> {

    private static final Comparator<DependenceKey> ORDER = Comparator.comparingInt((DependenceKey k) -> k.srcSite)
            .thenComparingInt(k -> k.dstSite).thenComparing(k -> k.type).thenComparingInt(k -> k.srcContext)
            .thenComparingInt(k -> k.dstContext).thenComparing(k -> k.crossThread)
            .thenComparing((a, b) -> Arrays.compare(a.loops, b.loops));

    final DepType type;
    final int srcSite;
    final int srcContext;
    final int dstSite;
    final int dstContext;
    final boolean crossThread;
    final int[] loops;
    private final int hash;

    DependenceKey(DepType type, int srcSite, int srcContext, int dstSite, int dstContext, boolean crossThread,
                  int[] loops) {
        this.type = type;
        this.srcSite = srcSite;
        this.srcContext = srcContext;
        this.dstSite = dstSite;
        this.dstContext = dstContext;
        this.crossThread = crossThread;
        this.loops = loops;
        int h = type.hashCode();
        h = 31 * h + srcSite;
        h = 31 * h + srcContext;
        h = 31 * h + dstSite;
        h = 31 * h + dstContext;
        h = 31 * h + (crossThread ? 1 : 0);
        this.hash = 31 * h + Arrays.hashCode(loops);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof DependenceKey k && hash == k.hash && type == k.type && srcSite == k.srcSite
                && srcContext == k.srcContext && dstSite == k.dstSite && dstContext == k.dstContext
                && crossThread == k.crossThread && Arrays.equals(loops, k.loops);
    }

    @Override
    public int hashCode() {
        return hash;
    }

    @Override
    public int compareTo(DependenceKey o) {
        return ORDER.compare(this, o);
    }
}
