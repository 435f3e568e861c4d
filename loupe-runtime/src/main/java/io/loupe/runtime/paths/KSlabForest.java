package io.loupe.runtime.paths;

import io.loupe.data.paths.SlabForest;
import io.loupe.runtime.registry.MethodRegistry;

import java.util.Arrays;

/**
 * One thread's k-slab forest, built while streaming Ball–Larus path ids (paper 004, §2.3, Fig. 6).
 *
 * <p>Implementation notes.
 * <ul>
 *   <li><b>Cursor state per activation.</b> The paper's τ (top) and β (bottom) live in the
 *   instrumented method's own locals, packed into one {@code long} ({@code τ << 32 | β}, -1 for
 *   null), so recursion and exceptions need no stack here: a new activation starts from the
 *   "*" state {@link #START}, an unwound one simply disappears. The counter n of Fig. 6 is not
 *   needed: "n mod (k-1) = 0" holds exactly when τ is null or sits at depth k-2, the last level
 *   of the upper slab, and every node knows its depth.</li>
 *   <li><b>Cache-friendly layout.</b> All fields of a node sit side by side in one {@code long[]}
 *   (label and depth, first child, next sibling, counter: 32 bytes), so a child scan touches one
 *   cache line per sibling instead of one per field array — the paper's compress and montecarlo
 *   slowdowns came from poor locality of a pointer-based layout (§4.2).</li>
 *   <li><b>Move-to-front.</b> A child found after the first position is moved to the front of
 *   its parent's list, so hot children are found in one probe; the paper's eclipse worst case
 *   averaged 58.8 sibling scans per item with a node degree of 2.6 (§4.2).</li>
 *   <li><b>Roots.</b> The paper's hash table R, keyed by (method, path id), is a per-method array
 *   indexed by path id for methods with few paths (no hashing at all) and an
 *   {@link OpenLongTable} otherwise.</li>
 * </ul>
 */
public final class KSlabForest {

    /** The cursor at routine entry: τ = β = null (the "*" marker of the stream). */
    public static final long START = -1L;

    private static final int STRIDE = 4;
    private static final int LABEL = 0;      // path id (low 32 bits) | depth << 32
    private static final int CHILD = 1;      // first child, -1 if none
    private static final int SIBLING = 2;    // next sibling, -1 if none
    private static final int COUNT = 3;

    private final int upperDepth;            // k-2: depth of the last level of the upper slab
    private long[] nodes = new long[STRIDE * 1024];
    private int size;
    private int[][] arrayRoots = new int[64][];   // method id → (path id → node + 1)
    private final OpenLongTable hashRoots = new OpenLongTable(256);
    private long hashOps;
    private long items;

    public KSlabForest(int k) {
        if (k < 2) {
            throw new IllegalArgumentException("a k-slab forest needs k >= 2, got " + k);
        }
        this.upperDepth = k - 2;
    }

    /**
     * Processes path id {@code r} of method {@code methodId} (Fig. 6, lines 6–31) for the
     * activation whose cursor is {@code cursor}, and returns the activation's new cursor.
     */
    public long step(long cursor, int methodId, int r) {
        items++;
        int tau = (int) (cursor >> 32);
        int beta = (int) cursor;
        if (tau < 0 || depth(tau) == upperDepth) {
            beta = tau;
            tau = root(methodId, r);
        } else {
            tau = child(tau, r);
        }
        int counted = tau;
        if (beta >= 0) {
            beta = child(beta, r);
            counted = beta;
        }
        nodes[counted * STRIDE + COUNT]++;
        return ((long) tau << 32) | (beta & 0xffffffffL);
    }

    private int depth(int node) {
        return (int) (nodes[node * STRIDE + LABEL] >>> 32);
    }

    private int root(int methodId, int r) {
        int[][] byMethod = arrayRoots;
        int[] roots = methodId < byMethod.length ? byMethod[methodId] : null;
        if (roots == null) {
            int n = MethodRegistry.arraySize(methodId);
            if (n > 0) {
                roots = allocateRoots(methodId, n);
            }
        }
        if (roots != null && r >= 0 && r < roots.length) {
            int node = roots[r] - 1;
            if (node < 0) {
                node = newNode(r, 0);
                roots[r] = node + 1;
            }
            return node;
        }
        hashOps++;
        long key = OpenLongTable.key(methodId, r);
        int node = (int) hashRoots.get(key, -1L);
        if (node < 0) {
            node = newNode(r, 0);
            hashRoots.put(key, node);
        }
        return node;
    }

    private int[] allocateRoots(int methodId, int n) {
        if (methodId >= arrayRoots.length) {
            arrayRoots = Arrays.copyOf(arrayRoots, Math.max(methodId + 1, arrayRoots.length * 2));
        }
        int[] roots = new int[n];
        arrayRoots[methodId] = roots;
        return roots;
    }

    /** The child of {@code parent} labelled {@code r}, created if absent, moved to the front. */
    private int child(int parent, int r) {
        long[] a = nodes;
        int p = parent * STRIDE;
        int prev = -1;
        int c = (int) a[p + CHILD];
        while (c >= 0) {
            int cs = c * STRIDE;
            if ((int) a[cs + LABEL] == r) {
                if (prev >= 0) {
                    a[prev * STRIDE + SIBLING] = a[cs + SIBLING];
                    a[cs + SIBLING] = a[p + CHILD];
                    a[p + CHILD] = c;
                }
                return c;
            }
            prev = c;
            c = (int) a[cs + SIBLING];
        }
        int fresh = newNode(r, depth(parent) + 1);
        a = nodes;
        a[fresh * STRIDE + SIBLING] = a[p + CHILD];
        a[p + CHILD] = fresh;
        return fresh;
    }

    private int newNode(int label, int depth) {
        if ((size + 1) * STRIDE > nodes.length) {
            nodes = Arrays.copyOf(nodes, nodes.length * 2);
        }
        int n = size++;
        int s = n * STRIDE;
        nodes[s + LABEL] = (label & 0xffffffffL) | ((long) depth << 32);
        nodes[s + CHILD] = -1;
        nodes[s + SIBLING] = -1;
        nodes[s + COUNT] = 0;
        return n;
    }

    public int size() {
        return size;
    }

    public long hashOps() {
        return hashOps;
    }

    public long items() {
        return items;
    }

    /** A copy of the forest in the profile model's form (parents before children). */
    public SlabForest snapshot(String thread, int k) {
        int n = size;
        long[] a = nodes;
        int[] parent = new int[n];
        int[] method = new int[n];
        int[] label = new int[n];
        long[] count = new long[n];
        Arrays.fill(parent, -1);
        for (int i = 0; i < n; i++) {
            label[i] = (int) a[i * STRIDE + LABEL];
            count[i] = a[i * STRIDE + COUNT];
            // bounds checked: a thread still running at exit may be linking nodes beyond n
            for (int c = (int) a[i * STRIDE + CHILD]; c >= 0 && c < n; c = (int) a[c * STRIDE + SIBLING]) {
                parent[c] = i;
            }
        }
        for (int m = 0; m < arrayRoots.length; m++) {
            int[] roots = arrayRoots[m];
            if (roots != null) {
                for (int root : roots) {
                    if (root > 0 && root <= n) {
                        method[root - 1] = m;
                    }
                }
            }
        }
        hashRoots.forEach((key, node) -> {
            if (node < n) {
                method[(int) node] = (int) (key >>> 32);
            }
        });
        for (int i = 0; i < n; i++) {
            if (parent[i] >= 0) {
                method[i] = method[parent[i]];   // parents come first: creation order
            }
        }
        return new SlabForest(thread, k, parent, method, label, count, 0, 0);
    }
}
