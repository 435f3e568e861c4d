package io.loupe.analysis.summary;

import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.paths.PathDecoder;
import io.loupe.data.meta.MethodMeta;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * What one profiled method's paths did: its static description, how often each acyclic path ran
 * (summed over threads), and its k-IPF. For a k = 1 profile the k-IPF has only roots, one per path.
 */
public final class MethodProfile {

    private final MethodMeta meta;
    private final long[] ids;
    private final long[] counts;
    private final long total;
    private final KPathForest kpaths;
    private PathDecoder decoder;

    MethodProfile(MethodMeta meta, long[] ids, long[] counts, KPathForest kpaths) {
        this.meta = meta;
        this.ids = ids;
        this.counts = counts;
        long sum = 0;
        for (long c : counts) {
            sum += c;
        }
        this.total = sum;
        this.kpaths = kpaths;
    }

    public MethodMeta meta() {
        return meta;
    }

    public int id() {
        return meta.id();
    }

    /** {@code Class.name(desc)}, as people read it. */
    public String displayName() {
        return meta.className() + "." + meta.name() + meta.desc();
    }

    /** Number of distinct paths that ran. */
    public int pathCount() {
        return ids.length;
    }

    /** The {@code i}-th path that ran (ids ascending). */
    public long pathId(int i) {
        return ids[i];
    }

    public long count(int i) {
        return counts[i];
    }

    /** Executions of all the method's acyclic paths together. */
    public long total() {
        return total;
    }

    /** The share of path {@code i} in the method's path executions. */
    public double share(int i) {
        return total == 0 ? 0 : (double) counts[i] / total;
    }

    /** Indexes of its paths, hottest first (ties by path id): the order reports list them in. */
    public List<Integer> hottestFirst() {
        List<Integer> order = new ArrayList<>(ids.length);
        for (int i = 0; i < ids.length; i++) {
            order.add(i);
        }
        order.sort(Comparator.comparingLong((Integer i) -> -counts[i]).thenComparingLong(i -> ids[i]));
        return order;
    }

    /** The method's k-IPF (roots only when k = 1). */
    public KPathForest kpaths() {
        return kpaths;
    }

    /** True when the method's paths were cut at extra edges so that path ids fit an int. */
    public boolean cut() {
        return meta.cutEdges() > 0;
    }

    /**
     * The blocks and lines of a path of this method.
     *
     * @throws IllegalArgumentException when the id does not decode (see {@link PathDecoder#decode})
     */
    public DecodedPath decode(long pathId) {
        if (decoder == null) {
            decoder = new PathDecoder(meta);
        }
        return decoder.decode(pathId);
    }
}
