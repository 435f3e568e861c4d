package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.paths.SlabForest;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * k-slab forests merged: the forests of threads of the same name (in any of the profiles) become
 * one, a trie in which a node is named by its root's method and the labels from its root down to
 * it; the counters of nodes so named add, as do the pruned nodes and counts.
 *
 * <p>Why this keeps the k-IPF: {@code KIpfBuilder} adds each k-SF node's counter to the k-IPF
 * nodes of the last n labels of its root path (D'Elia et al. 2013, Fig. 7), so the k-IPF depends
 * only on the sum of the counters of the nodes with each (method, root path); the trie keeps those
 * sums. The merged forest is no larger than the forests it comes from, and no node is visited
 * twice: linear, but for the sort of each node's children that the canonical order takes.
 */
final class ForestMerge {

    private ForestMerge() {
    }

    static List<SlabForest> merge(List<Profile> inputs, MetadataIndex<?> methods, int k) {
        Map<String, Merged> byThread = new TreeMap<>(Comparator.nullsFirst(Comparator.naturalOrder()));
        for (int i = 0; i < inputs.size(); i++) {
            for (SlabForest f : inputs.get(i).forests()) {
                byThread.computeIfAbsent(f.thread(), t -> new Merged()).add(f, i, methods);
            }
        }
        List<SlabForest> out = new ArrayList<>(byThread.size());
        byThread.forEach((thread, m) -> out.add(m.toSlabForest(thread, k)));
        return out;
    }

    /** The forest of one thread name, being merged. */
    private static final class Merged {
        private final Trie trie = new Trie();
        private long pruned;
        private long prunedCount;

        void add(SlabForest f, int input, MetadataIndex<?> methods) {
            int[] merged = new int[f.size()];
            for (int v = 0; v < f.size(); v++) {
                int p = f.parent()[v];
                if (p < 0) {
                    int m = methods.map(input, f.method()[v]);
                    merged[v] = m < 0 ? -1 : trie.root(m, f.label()[v]);
                } else {
                    // a tree is of one method: left out whole when that method's metadata conflict
                    merged[v] = merged[p] < 0 ? -1 : trie.child(merged[p], f.label()[v]);
                }
                if (merged[v] >= 0) {
                    trie.count(merged[v], f.count()[v]);
                }
            }
            pruned += f.pruned();
            prunedCount += f.prunedCount();
        }

        SlabForest toSlabForest(String thread, int k) {
            int[] order = trie.preorder();
            int n = order.length;
            int[] position = new int[n];
            for (int i = 0; i < n; i++) {
                position[order[i]] = i;
            }
            int[] parent = new int[n];
            int[] method = new int[n];
            int[] label = new int[n];
            long[] count = new long[n];
            for (int i = 0; i < n; i++) {
                int v = order[i];
                parent[i] = trie.parent(v) < 0 ? -1 : position[trie.parent(v)];
                method[i] = trie.tag(v);
                label[i] = trie.label(v);
                count[i] = trie.count(v);
            }
            return new SlabForest(thread, k, parent, method, label, count, pruned, prunedCount);
        }
    }
}
