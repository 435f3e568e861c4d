package io.loupe.analysis.kpaths;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Picks the hottest multi-iteration paths (k-IPF nodes of length ≥ 2) over many methods, reading
 * the forests the way the paper reads its Fig. 4 (§2.2, Example 2): follow a chain while one
 * continuation dominates.
 *
 * <p>Listing the top nodes by count alone would show one hot loop over and over (its 2-, 3-, …,
 * k-path prefixes have nearly equal counts, and so do its rotations). Instead:
 * <ul>
 *   <li>nodes are visited in order of decreasing count, best first across all forests. Counts
 *   never grow going down a forest (Property 1), so this is a plain max-heap seeded with the
 *   roots, and the search stops as soon as no later node can start or extend a chain;</li>
 *   <li>a node whose parent ends a chain already picked replaces that end when it keeps at least
 *   {@link #EXTEND_SHARE} of the parent's runs: the chain grows while it stays the likely
 *   continuation;</li>
 *   <li>any other node starts a new chain, unless a picked chain of the same method contains its
 *   ids contiguously with the same count (every run of it was part of that longer chain, as
 *   {@code 7 → 6} inside {@code 7 → 7 → 6}); a chain that becomes such an infix when another grows
 *   is dropped.</li>
 * </ul>
 */
public final class HotKPaths {

    /** A chain is extended by a child that follows its end at least this often. */
    public static final double EXTEND_SHARE = 0.5;

    private HotKPaths() {
    }

    /** The hottest chains, at most {@code limit}, hottest (by the count of the whole chain) first. */
    public static List<HotKPath> select(Collection<KPathForest> forests, int limit) {
        List<KPathForest> all = new ArrayList<>(forests);
        Comparator<long[]> hottestFirst = Comparator
                .<long[]>comparingLong(e -> -all.get((int) e[0]).count((int) e[1]))
                .thenComparingInt(e -> -all.get((int) e[0]).length((int) e[1]))
                .thenComparingInt(e -> all.get((int) e[0]).methodId())
                .thenComparingLong(e -> e[1]);
        PriorityQueue<long[]> queue = new PriorityQueue<>(hottestFirst);
        for (int f = 0; f < all.size(); f++) {
            KPathForest forest = all.get(f);
            for (int i = 0; i < forest.rootCount(); i++) {
                queue.add(new long[] {f, forest.root(i)});
            }
        }
        List<HotKPath> picked = new ArrayList<>();
        while (!queue.isEmpty() && limit > 0) {
            long[] e = queue.poll();
            KPathForest forest = all.get((int) e[0]);
            int node = (int) e[1];
            long count = forest.count(node);
            if (picked.size() == limit && count < minCount(picked) * EXTEND_SHARE) {
                break;   // later nodes are no hotter: none can extend a chain or start one
            }
            for (int i = 0; i < forest.childCount(node); i++) {
                queue.add(new long[] {e[0], forest.child(node, i)});
            }
            if (forest.length(node) < 2) {
                continue;
            }
            HotKPath candidate = new HotKPath(forest, node);
            int parent = forest.parent(node);
            int extended = indexOf(picked, forest, parent);
            if (extended >= 0 && count >= forest.count(parent) * EXTEND_SHARE) {
                picked.set(extended, candidate);
                picked.removeIf(p -> p != candidate && redundant(p, candidate));
            } else if (picked.size() < limit && picked.stream().noneMatch(p -> redundant(candidate, p))) {
                picked.add(candidate);
            }
        }
        picked.sort(Comparator.comparingLong(HotKPath::count).reversed()
                .thenComparing(Comparator.comparingInt(HotKPath::length).reversed())
                .thenComparingInt(HotKPath::methodId)
                .thenComparingInt(HotKPath::node));
        return picked;
    }

    private static int indexOf(List<HotKPath> picked, KPathForest forest, int node) {
        for (int i = 0; i < picked.size(); i++) {
            if (picked.get(i).forest() == forest && picked.get(i).node() == node) {
                return i;
            }
        }
        return -1;
    }

    /** True when every run of {@code shorter} lies inside a run of {@code longer}. */
    static boolean redundant(HotKPath shorter, HotKPath longer) {
        return shorter.forest() == longer.forest() && shorter.count() == longer.count()
                && shorter.length() < longer.length() && contains(longer.ids(), shorter.ids());
    }

    private static boolean contains(long[] haystack, long[] needle) {
        for (int from = 0; from + needle.length <= haystack.length; from++) {
            int i = 0;
            while (i < needle.length && haystack[from + i] == needle[i]) {
                i++;
            }
            if (i == needle.length) {
                return true;
            }
        }
        return false;
    }

    private static long minCount(List<HotKPath> picked) {
        long min = Long.MAX_VALUE;
        for (HotKPath p : picked) {
            min = Math.min(min, p.count());
        }
        return min;
    }
}
