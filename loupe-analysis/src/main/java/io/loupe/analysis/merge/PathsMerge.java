package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.paths.PathCounts;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Ball–Larus path counts merged: per (method, path id) the counts add. Path ids are per method and
 * a method's metadata agree between the profiles (else its counts are left out of all but the
 * version kept), so a path id means the same blocks in each.
 *
 * <p>Cost: one hash map entry per distinct (method, path) and one sort of each method's ids.
 */
final class PathsMerge {

    private PathsMerge() {
    }

    static List<PathCounts> merge(List<Profile> inputs, MetadataIndex<?> methods) {
        Map<Integer, Map<Long, Long>> byMethod = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            for (PathCounts c : inputs.get(i).counts()) {
                int m = methods.map(i, c.methodId());
                if (m < 0) {
                    continue;   // a method whose metadata conflict: kept from another profile
                }
                Map<Long, Long> counts = byMethod.computeIfAbsent(m, k -> new HashMap<>());
                for (int j = 0; j < c.ids().length; j++) {
                    counts.merge(c.ids()[j], c.counts()[j], Long::sum);
                }
            }
        }
        Integer[] order = byMethod.keySet().toArray(new Integer[0]);
        Arrays.sort(order);
        List<PathCounts> out = new ArrayList<>(order.length);
        for (int m : order) {
            Map<Long, Long> counts = byMethod.get(m);
            long[] ids = new long[counts.size()];
            int n = 0;
            for (long id : counts.keySet()) {
                ids[n++] = id;
            }
            Arrays.sort(ids);
            long[] values = new long[ids.length];
            for (int j = 0; j < ids.length; j++) {
                values[j] = counts.get(ids[j]);
            }
            out.add(new PathCounts(m, ids, values));
        }
        return out;
    }
}
