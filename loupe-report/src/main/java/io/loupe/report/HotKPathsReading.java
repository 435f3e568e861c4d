package io.loupe.report;

import io.loupe.analysis.kpaths.KPathForest;

import java.util.ArrayList;
import java.util.List;

/**
 * How a multi-iteration path reads, as D'Elia et al. 2013 read their Fig. 4 (§2.2, Example 2): "after
 * path 38, 66% of the time 86 follows", then "after 38 → 86, 100% of the time 86 follows", and so on
 * down the chain. The text and HTML reports both write it from here.
 */
public final class HotKPathsReading {

    private HotKPathsReading() {
    }

    /** The Fig. 4 reading of the chain from a root down to {@code node}: one sentence per step. */
    public static List<String> reading(KPathForest f, int node) {
        long[] ids = f.ids(node);
        int[] chain = new int[ids.length];
        for (int v = node, i = ids.length - 1; v >= 0; v = f.parent(v), i--) {
            chain[i] = v;
        }
        List<String> sentences = new ArrayList<>();
        for (int i = 1; i < ids.length; i++) {
            String after = i == 1 ? "path " + ids[0] : HotKPathsSection.joinIds(ids, i);
            sentences.add("after " + after + ", " + Percent.whole(f.share(chain[i])) + " of the time " + ids[i]
                    + " follows" + (i < ids.length - 1 ? ";" : ""));
        }
        return sentences;
    }
}
