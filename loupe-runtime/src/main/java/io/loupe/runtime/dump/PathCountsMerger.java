package io.loupe.runtime.dump;

import io.loupe.data.paths.PathCounts;
import io.loupe.runtime.paths.PathTable;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Every thread's path counts summed per method, in primitive tables: the dump runs when memory
 * may be short (a program ending of {@code OutOfMemoryError}), and a boxed map cost about 80
 * bytes per executed path where this costs about 16 to 32.
 */
final class PathCountsMerger {

    private PathTable[] byMethod = new PathTable[256];

    /** Adds {@code count} ends of path {@code id} of method {@code method}; a count of 0 adds nothing. */
    void add(int method, int id, long count) {
        if (count == 0) {
            return;
        }
        if (method >= byMethod.length) {
            byMethod = Arrays.copyOf(byMethod, Math.max(method + 1, byMethod.length * 2));
        }
        PathTable t = byMethod[method];
        if (t == null) {
            byMethod[method] = t = new PathTable();
        }
        t.add(id, count);
    }

    /** The merged counts, by method id, each with its path ids in increasing order. */
    List<PathCounts> counts() {
        List<PathCounts> out = new ArrayList<>();
        for (int m = 0; m < byMethod.length; m++) {
            PathTable t = byMethod[m];
            if (t == null || t.size() == 0) {
                continue;
            }
            int[] sorted = new int[t.size()];
            int[] n = {0};
            t.forEach((id, count) -> sorted[n[0]++] = id);
            Arrays.sort(sorted, 0, n[0]);
            long[] ids = new long[n[0]];
            long[] counts = new long[n[0]];
            for (int i = 0; i < n[0]; i++) {
                ids[i] = sorted[i];
                counts[i] = t.get(sorted[i], 0);
            }
            out.add(new PathCounts(m, ids, counts));
        }
        return out;
    }
}
