package io.loupe.analysis.kpaths;

import io.loupe.data.paths.SlabForest;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * Builds the k-IPF of each method from the k-slab forests of all threads (D'Elia et al. 2013, §2.3, Fig. 7).
 *
 * <p>Implementation notes.
 * <ul>
 *   <li><b>What Fig. 7 computes.</b> make_k_ipf joins, under a dummy root, the subtree of depth at
 *   most k-1 below every k-SF node ρ, adding each k-SF node's counter c(σ) to the k-IPF node named
 *   by the labels from ρ down to σ. Equivalently: every k-SF node σ adds c(σ) to the k-IPF nodes of
 *   the last n labels on its root path, for n = 1..min(k, depth(σ)+1). This builder walks the
 *   k-SF once in that second form. The sums are the same; the order of additions is not, and
 *   addition commutes. Each stream item was counted at exactly one k-SF node whose root path holds
 *   the k-1 items before it (or all items since the activation began), which is why these sums
 *   are the n-gram counts of Definition 2.</li>
 *   <li><b>No recursion, no per-node arrays.</b> join_subtree is recursive; here a depth-first walk
 *   of the k-SF keeps an explicit stack, and for the node on top, {@code ipf[d][n]} is the k-IPF
 *   node of its last n labels. A child's row is derived from its parent's:
 *   {@code ipf[d][n] = child(ipf[d-1][n-1], label)}, with {@code ipf[·][0]} the method's dummy
 *   root. Memory is O(depth · k) besides the forests themselves; time is O(k) child lookups per
 *   k-SF node, each one hash probe in {@link ChildTable}.</li>
 *   <li><b>One dummy root per method.</b> k-SF roots are keyed by (method, path id) and path ids
 *   are per method, so each method gets its own dummy root φ and its own k-IPF.</li>
 *   <li><b>Threads merge by addition.</b> Feeding several threads' k-SFs into one builder adds
 *   their counts node by node; the n-gram counts of several streams are the sums of each
 *   stream's.</li>
 * </ul>
 */
public final class KIpfBuilder {

    private final int k;
    private int size;
    private int[] parent = new int[1024];
    private int[] label = new int[1024];
    private long[] count = new long[1024];
    /** Method id of each dummy root; -1 for real nodes. */
    private int[] dummyMethod = new int[1024];
    private final Map<Integer, Integer> dummyRoots = new TreeMap<>();
    private int lastMethod = -1;
    private int lastDummy = -1;
    private final ChildTable childOf = new ChildTable(1024);

    /** A builder for k-IPFs of concatenations of up to {@code k} paths ({@code k >= 1}). */
    public KIpfBuilder(int k) {
        if (k < 1) {
            throw new IllegalArgumentException("k must be at least 1, got " + k);
        }
        this.k = k;
    }

    public int k() {
        return k;
    }

    /** Joins one thread's k-slab forest into the k-IPFs (Fig. 7). Returns this builder. */
    public KIpfBuilder add(SlabForest forest) {
        int n = forest.size();
        int[] sfParent = forest.parent();
        // Children lists of the k-SF, compressed: kids of v are kids[start[v] .. start[v+1]).
        int[] start = new int[n + 3];
        for (int v = 0; v < n; v++) {
            int p = sfParent[v];
            if (p >= v) {
                throw new IllegalArgumentException("k-slab forest of thread '" + forest.thread() + "': node " + v
                        + " has parent " + p + ", parents must come first");
            }
            start[(p < 0 ? n : p) + 2]++;   // roots are the children of a virtual node n
        }
        for (int i = 2; i < start.length; i++) {
            start[i] += start[i - 1];
        }
        int[] kids = new int[n];
        for (int v = 0; v < n; v++) {
            int p = sfParent[v];
            kids[start[(p < 0 ? n : p) + 1]++] = v;
        }
        // start[v] .. start[v+1] now delimit v's children (the counting shifted every start by one).
        walk(forest, start, kids, n);
        return this;
    }

    /** The iterative depth-first walk described in the class notes. */
    private void walk(SlabForest forest, int[] start, int[] kids, int virtualRoot) {
        int[] sfLabel = forest.label();
        int[] sfMethod = forest.method();
        long[] sfCount = forest.count();
        int[] stackNode = new int[32];
        int[] stackNext = new int[32];      // next child index to descend into
        int[][] ipf = new int[32][];
        stackNode[0] = virtualRoot;
        stackNext[0] = start[virtualRoot];
        int top = 0;
        while (top >= 0) {
            int v = stackNode[top];
            if (stackNext[top] == start[v + 1]) {
                top--;
                continue;
            }
            int child = kids[stackNext[top]++];
            int d = top;                        // depth of child in the k-SF: roots are at 0
            if (d + 1 == stackNode.length) {
                stackNode = Arrays.copyOf(stackNode, stackNode.length * 2);
                stackNext = Arrays.copyOf(stackNext, stackNext.length * 2);
                ipf = Arrays.copyOf(ipf, ipf.length * 2);
            }
            int[] row = ipf[d];
            if (row == null) {
                row = ipf[d] = new int[k + 1];
            }
            row[0] = dummyRoot(sfMethod[child]);
            int r = sfLabel[child];
            long c = sfCount[child];
            int longest = Math.min(k, d + 1);
            for (int len = 1; len <= longest; len++) {
                int node = childOrCreate(len == 1 ? row[0] : ipf[d - 1][len - 1], r);
                row[len] = node;
                count[node] += c;
            }
            top++;
            stackNode[top] = child;
            stackNext[top] = start[child];
        }
    }

    private int dummyRoot(int methodId) {
        if (methodId == lastMethod && lastDummy >= 0) {
            return lastDummy;   // consecutive nodes nearly always belong to the same method
        }
        Integer root = dummyRoots.get(methodId);
        if (root == null) {
            root = newNode(-1, -1, methodId);
            dummyRoots.put(methodId, root);
        }
        lastMethod = methodId;
        lastDummy = root;
        return root;
    }

    private int childOrCreate(int parentNode, int r) {
        int c = childOf.get(parentNode, r);
        if (c < 0) {
            c = newNode(parentNode, r, -1);
            childOf.put(parentNode, r, c);
        }
        return c;
    }

    private int newNode(int parentNode, int r, int methodId) {
        if (size == parent.length) {
            int capacity = size * 2;
            parent = Arrays.copyOf(parent, capacity);
            label = Arrays.copyOf(label, capacity);
            count = Arrays.copyOf(count, capacity);
            dummyMethod = Arrays.copyOf(dummyMethod, capacity);
        }
        int v = size++;
        parent[v] = parentNode;
        label[v] = r;
        count[v] = 0;
        dummyMethod[v] = methodId;
        return v;
    }

    /**
     * The k-IPF of every method that appeared in a forest, by method id (ascending). The dummy
     * roots are removed (Fig. 7, line 14): their children become the roots.
     */
    public Map<Integer, KPathForest> build() {
        int n = size;
        // Dense slot per method, in method id order.
        int methods = dummyRoots.size();
        int[] slotOfDummy = new int[n];
        int[] methodOfSlot = new int[methods];
        int slot = 0;
        for (Map.Entry<Integer, Integer> e : dummyRoots.entrySet()) {
            slotOfDummy[e.getValue()] = slot;
            methodOfSlot[slot++] = e.getKey();
        }
        // A node's slot is its dummy root's; parents come first, so one pass resolves all.
        int[] slotOf = new int[n];
        int[] local = new int[n];
        int[] sizes = new int[methods];
        for (int v = 0; v < n; v++) {
            int p = parent[v];
            if (p < 0) {
                slotOf[v] = slotOfDummy[v];
            } else {
                slotOf[v] = slotOf[p];
                local[v] = sizes[slotOf[v]]++;
            }
        }
        int[][] parents = new int[methods][];
        long[][] labels = new long[methods][];
        long[][] counts = new long[methods][];
        for (int m = 0; m < methods; m++) {
            parents[m] = new int[sizes[m]];
            labels[m] = new long[sizes[m]];
            counts[m] = new long[sizes[m]];
        }
        for (int v = 0; v < n; v++) {
            int p = parent[v];
            if (p < 0) {
                continue;
            }
            int m = slotOf[v];
            int i = local[v];
            parents[m][i] = parent[p] < 0 ? -1 : local[p];
            labels[m][i] = label[v];
            counts[m][i] = count[v];
        }
        Map<Integer, KPathForest> forests = new TreeMap<>();
        for (int m = 0; m < methods; m++) {
            forests.put(methodOfSlot[m], KPathForest.of(methodOfSlot[m], parents[m], labels[m], counts[m]));
        }
        return forests;
    }
}
