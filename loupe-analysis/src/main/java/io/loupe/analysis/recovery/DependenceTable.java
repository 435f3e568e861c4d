package io.loupe.analysis.recovery;

import io.loupe.data.deps.DepType;

import java.util.ArrayList;
import java.util.List;

/**
 * The dependences recovered so far, each static one with its dynamic count: an open-addressing
 * table over (source, destination, type, memory, how, thread), so that counting one more
 * execution, which the recovery does for every load it replays, allocates nothing.
 */
final class DependenceTable {

    private static final DepType[] TYPES = DepType.values();
    private static final RecoveredDependence.Memory[] MEMORIES = RecoveredDependence.Memory.values();
    private static final RecoveredDependence.RecoveredBy[] HOW = RecoveredDependence.RecoveredBy.values();

    private long[] srcs = new long[1024];
    private long[] dsts = new long[1024];
    private int[] tags = new int[1024];    // 0: an empty slot; else 1 + type, memory, how and thread packed
    private long[] counts = new long[1024];
    private int size;

    /** One execution of {@code dst} (packed {@code method << 32 | op}) depends on {@code src}. */
    void add(DepType type, RecoveredDependence.Memory memory, long src, long dst, RecoveredDependence.RecoveredBy by,
             int thread) {
        int tag = 1 + (type.ordinal() | memory.ordinal() << 2 | by.ordinal() << 3 | thread << 5);
        int mask = tags.length - 1;
        for (int i = slot(src, dst, tag, mask); ; i = (i + 1) & mask) {
            if (tags[i] == 0) {
                srcs[i] = src;
                dsts[i] = dst;
                tags[i] = tag;
                counts[i] = 1;
                if (++size * 2 > tags.length) {
                    grow();
                }
                return;
            }
            if (tags[i] == tag && srcs[i] == src && dsts[i] == dst) {
                counts[i]++;
                return;
            }
        }
    }

    List<RecoveredDependence> dependences() {
        List<RecoveredDependence> out = new ArrayList<>(size);
        for (int i = 0; i < tags.length; i++) {
            int t = tags[i] - 1;
            if (t < 0) {
                continue;
            }
            out.add(new RecoveredDependence(TYPES[t & 3], MEMORIES[(t >>> 2) & 1], (int) (srcs[i] >>> 32), (int) srcs[i],
                    (int) (dsts[i] >>> 32), (int) dsts[i], counts[i], HOW[(t >>> 3) & 3], t >>> 5));
        }
        return out;
    }

    private void grow() {
        long[] os = srcs;
        long[] od = dsts;
        int[] ot = tags;
        long[] oc = counts;
        int n = ot.length * 2;
        srcs = new long[n];
        dsts = new long[n];
        tags = new int[n];
        counts = new long[n];
        int mask = n - 1;
        for (int j = 0; j < ot.length; j++) {
            if (ot[j] == 0) {
                continue;
            }
            int i = slot(os[j], od[j], ot[j], mask);
            while (tags[i] != 0) {
                i = (i + 1) & mask;
            }
            srcs[i] = os[j];
            dsts[i] = od[j];
            tags[i] = ot[j];
            counts[i] = oc[j];
        }
    }

    private static int slot(long src, long dst, int tag, int mask) {
        long h = (src * 0x9E3779B97F4A7C15L) ^ (dst * 0xC2B2AE3D27D4EB4FL) ^ tag * 0x165667B19E3779F9L;
        return (int) (h ^ h >>> 31) & mask;
    }
}
