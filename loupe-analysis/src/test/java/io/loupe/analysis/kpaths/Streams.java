package io.loupe.analysis.kpaths;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

/** Test streams: random activations, the Fig. 6 oracle over them, brute-force n-gram counts. */
final class Streams {

    private Streams() {
    }

    /** Random activations of methods 0..2 over a small alphabet of path ids, so n-grams repeat. */
    static List<Activation> randomActivations(Random random, int activations, int maxLength) {
        List<Activation> list = new ArrayList<>();
        for (int a = 0; a < activations; a++) {
            int alphabet = 1 + random.nextInt(4);
            List<Integer> ids = new ArrayList<>();
            int length = random.nextInt(maxLength + 1);
            for (int i = 0; i < length; i++) {
                ids.add(random.nextInt(alphabet) * 3);   // sparse ids, like real path ids
            }
            list.add(new Activation(random.nextInt(3), ids));
        }
        return list;
    }

    /**
     * Streams the activations through the Fig. 6 oracle, interleaving them at random (as nested
     * calls do: each activation keeps its own cursor).
     */
    static ReferenceSlabForest stream(List<Activation> activations, int k, Random random) {
        ReferenceSlabForest forest = new ReferenceSlabForest(k);
        int[] next = new int[activations.size()];
        List<Integer> live = new ArrayList<>();
        int started = 0;
        while (started < activations.size() || !live.isEmpty()) {
            if (started < activations.size() && (live.isEmpty() || random.nextInt(3) == 0)) {
                forest.enter(started, activations.get(started).methodId());
                live.add(started++);
                continue;
            }
            int pick = live.get(random.nextInt(live.size()));
            List<Integer> ids = activations.get(pick).pathIds();
            if (next[pick] == ids.size()) {
                live.remove(Integer.valueOf(pick));
            } else {
                forest.process(pick, ids.get(next[pick]++));
            }
        }
        return forest;
    }

    /** Definition 2 by brute force: every contiguous n-gram (n ≤ k) within each activation. */
    static Map<List<Long>, Long> nGramCounts(List<Activation> activations, int k) {
        Map<List<Long>, Long> counts = new HashMap<>();
        for (Activation a : activations) {
            List<Integer> ids = a.pathIds();
            for (int from = 0; from < ids.size(); from++) {
                for (int n = 1; n <= k && from + n <= ids.size(); n++) {
                    List<Long> key = new ArrayList<>();
                    key.add((long) a.methodId());
                    for (int i = from; i < from + n; i++) {
                        key.add((long) ids.get(i));
                    }
                    counts.merge(key, 1L, Long::sum);
                }
            }
        }
        return counts;
    }

    /** Every node of every k-IPF as (method id, ids…) → count. */
    static Map<List<Long>, Long> nodes(Map<Integer, KPathForest> forests) {
        Map<List<Long>, Long> out = new HashMap<>();
        forests.forEach((m, forest) -> forest.forEachPath(p -> {
            List<Long> key = new ArrayList<>();
            key.add((long) m);
            for (long id : p.ids()) {
                key.add(id);
            }
            if (out.put(key, p.count()) != null) {
                throw new AssertionError("k-IPF lists " + key + " twice");
            }
        }));
        return out;
    }
}
