package io.loupe.data.paths;

/**
 * One thread's k-slab forest (k-SF, D'Elia et al. 2013, Definition 3 and Fig. 6), as the runtime built it
 * while streaming path ids. Nodes are stored as parallel arrays in creation order, so a node's
 * parent always has a smaller index. Roots have {@code parent[i] == -1} and carry the method id in
 * {@code method[i]}; other nodes repeat their root's method id. {@code label[i]} is a Ball–Larus
 * path id of that method and {@code count[i]} the node's counter c(α).
 *
 * <p>The k-IPF is derived from it offline (Fig. 7), so the runtime stays small and the dump fast.
 *
 * @param thread    name of the thread that built it
 * @param k         the k of the profile (the forest has at most 2k-2 levels)
 * @param pruned    number of cold nodes removed while streaming (0 unless pruning is on)
 * @param prunedCount sum of the counters of the removed nodes
 */
public record SlabForest(String thread, int k, int[] parent, int[] method, int[] label, long[] count,
                         long pruned, long prunedCount) {
    public SlabForest {
        int n = parent.length;
        if (method.length != n || label.length != n || count.length != n) {
            throw new IllegalArgumentException("slab forest arrays differ in length");
        }
    }

    /** Number of nodes. */
    public int size() {
        return parent.length;
    }
}
