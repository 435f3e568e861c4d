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
 *   indexed by path id for methods with few paths (no hashing at all) and a per-method
 *   {@link PathTable} otherwise.</li>
 *   <li><b>Pruning cold nodes</b> (the paper's §4.2/§6 open problem: its large-k runs ran out of
 *   memory). When the forest reaches its node budget, every non-root node whose subtree counts
 *   sum to less than a threshold is dropped, the threshold chosen so that about half the budget
 *   survives; surviving nodes are compacted in creation order. A dropped node's counter is kept
 *   in a per-(method, path id) residual that the snapshot emits as a childless root, so level 1
 *   of the k-IPF — the plain Ball–Larus counts — stays exact; only cold multi-path sequences are
 *   lost, and the profile says how many. Cursors carry the prune generation: an activation whose
 *   cursor predates the last prune restarts its window as after "*", losing at most k-1 items of
 *   context once.</li>
 * </ul>
 *
 * <p>Cursor layout: bits 52–63 the prune generation (mod 4096), bits 26–51 τ+1, bits 0–25 β+1
 * (0 for null). {@link #START} is 0: generation 0 with both null, which decodes as "*" in any
 * generation.
 */
public final class KSlabForest {

    /** The cursor at routine entry: τ = β = null (the "*" marker of the stream). */
    public static final long START = 0L;

    /** The most nodes a forest can hold: node indices + 1 must fit 26 bits of the cursor. */
    public static final int MAX_NODES = (1 << 26) - 1;

    private static final long INDEX_MASK = (1L << 26) - 1;
    private static final int GENERATION_MASK = (1 << 12) - 1;

    private static final int STRIDE = 4;
    private static final int LABEL = 0;      // path id (low 32 bits) | depth << 32
    private static final int CHILD = 1;      // first child, -1 if none
    private static final int SIBLING = 2;    // next sibling, -1 if none
    private static final int COUNT = 3;

    private final int upperDepth;            // k-2: depth of the last level of the upper slab
    private int budget;                      // prune when the forest would grow past this
    private int generation;
    private PathTable[] residual = new PathTable[0];     // method id → (path id → pruned counts)
    private long prunedNodes;
    private long prunedCount;
    private long prunes;
    private long[] nodes = new long[STRIDE * 1024];
    private int size;
    private int[][] arrayRoots = new int[64][];   // method id → (path id → node + 1)
    private PathTable[] tableRoots = new PathTable[64];     // method id → (path id → node)
    private long hashOps;
    private long items;
    private final int[] cycle;               // scratch for stepRun: nodes counted in one slab cycle
    private static final int[] NO_ROOTS = new int[0];

    /** A forest for {@code k}-iteration paths that prunes cold nodes when it holds {@code budget} nodes. */
    public KSlabForest(int k, int budget) {
        if (k < 2) {
            throw new IllegalArgumentException("a k-slab forest needs k >= 2, got " + k);
        }
        if (budget < 16 || budget > MAX_NODES) {
            throw new IllegalArgumentException("node budget must be in [16, " + MAX_NODES + "], got " + budget);
        }
        this.upperDepth = k - 2;
        this.budget = budget;
        this.cycle = new int[k - 1];
    }

    /**
     * Processes {@code m} consecutive occurrences of path id {@code r} — what {@code m} calls of
     * {@link #step} would do, in O(k) time however large {@code m} is.
     *
     * <p>Why this works: once a whole slab (k-1 items) of the run has been processed and τ is at
     * the end of that slab, the state is periodic. The next slab sets β to τ (the chain of k-1
     * copies of r under the root labelled r), walks τ down that same chain again and β down the
     * chain below it, counting each of those k-1 β nodes once; it ends where it began. So after one
     * such cycle, processed step by step to find (and create) its nodes, every further cycle adds
     * one to each of the same nodes. The rest is processed step by step. Any pruning happens
     * before the run starts, so node indices stay put while it is processed.
     */
    public long stepRun(long cursor, int methodId, int r, long m) {
        if (m <= 0) {
            return cursor;
        }
        int period = upperDepth + 1;
        // At most about 4(k-1) items are processed one by one below, each adding at most two
        // nodes: pruning first, if at all, keeps node indices stable for the whole run.
        int headroom = 8 * period + 8;
        if (size + headroom > budget) {
            prune(headroom);
        }
        items += m;
        int tau = -1;
        int beta = -1;
        if ((int) (cursor >>> 52) == generation) {
            tau = (int) ((cursor >>> 26) & INDEX_MASK) - 1;
            beta = (int) (cursor & INDEX_MASK) - 1;
        }
        long[] a;
        long inRun = 0;   // occurrences of r processed so far: a whole slab of them makes the state periodic
        while (m > 0) {
            boolean slabEnd = tau < 0 || depth(tau) == upperDepth;
            long cycles = slabEnd && tau >= 0 && inRun >= period ? m / period : 0;
            int n = cycles > 0 ? period : 1;   // items processed one by one in this round
            for (int j = 0; j < n; j++) {
                // Fig. 6, lines 6–31; "n mod (k-1) = 0" is "τ is null or ends its slab"
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
                a = nodes;
                a[counted * STRIDE + COUNT]++;
                cycle[j] = counted;
            }
            if (cycles > 1) {
                // The cycle just processed repeats (cycles - 1) more times on the same nodes.
                a = nodes;
                long more = cycles - 1;
                for (int j = 0; j < period; j++) {
                    a[cycle[j] * STRIDE + COUNT] += more;
                }
            }
            long done = cycles > 0 ? cycles * period : 1;
            m -= done;
            inRun += done;
        }
        return ((long) generation << 52) | ((long) (tau + 1) << 26) | (beta + 1);
    }

    /**
     * Processes path id {@code r} of method {@code methodId} (Fig. 6, lines 6–31) for the
     * activation whose cursor is {@code cursor}, and returns the activation's new cursor.
     */
    public long step(long cursor, int methodId, int r) {
        return stepRun(cursor, methodId, r, 1);
    }

    private int depth(int node) {
        return (int) (nodes[node * STRIDE + LABEL] >>> 32);
    }

    private int root(int methodId, int r) {
        int[][] byMethod = arrayRoots;
        int[] roots = methodId < byMethod.length ? byMethod[methodId] : null;
        if (roots == null) {
            // First root of this method in this thread: an array if it has few paths, else none
            // (remembered as an empty array, so the registry is asked once).
            roots = allocateRoots(methodId, MethodRegistry.arraySize(methodId));
        }
        if (r >= 0 && r < roots.length) {
            int node = roots[r] - 1;
            if (node < 0) {
                node = newNode(r, 0);
                roots[r] = node + 1;
            }
            return node;
        }
        hashOps++;
        PathTable table = rootTable(methodId);
        int node = (int) table.get(r, -1L);
        if (node < 0) {
            node = newNode(r, 0);
            table.put(r, node);
        }
        return node;
    }

    private PathTable residual(int methodId) {
        if (methodId >= residual.length) {
            residual = Arrays.copyOf(residual, Math.max(methodId + 1, residual.length * 2));
        }
        if (residual[methodId] == null) {
            residual[methodId] = new PathTable();
        }
        return residual[methodId];
    }

    private PathTable rootTable(int methodId) {
        if (methodId >= tableRoots.length) {
            tableRoots = Arrays.copyOf(tableRoots, Math.max(methodId + 1, tableRoots.length * 2));
        }
        PathTable t = tableRoots[methodId];
        if (t == null) {
            t = new PathTable();
            tableRoots[methodId] = t;
        }
        return t;
    }

    private int[] allocateRoots(int methodId, int n) {
        if (methodId >= arrayRoots.length) {
            arrayRoots = Arrays.copyOf(arrayRoots, Math.max(methodId + 1, arrayRoots.length * 2));
        }
        int[] roots = n > 0 ? new int[n] : NO_ROOTS;
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
        int[] method = rootMethods(n);
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
        for (int i = 0; i < n; i++) {
            if (parent[i] >= 0) {
                method[i] = method[parent[i]];   // parents come first: creation order
            }
        }
        int extra = 0;
        for (PathTable t : residual) {
            extra += t == null ? 0 : t.size();
        }
        if (extra > 0) {
            // Counters of pruned nodes, as childless roots: they keep level 1 of the k-IPF exact.
            int[] p2 = Arrays.copyOf(parent, n + extra);
            int[] m2 = Arrays.copyOf(method, n + extra);
            int[] l2 = Arrays.copyOf(label, n + extra);
            long[] c2 = Arrays.copyOf(count, n + extra);
            int[] next = {n};
            for (int m = 0; m < residual.length; m++) {
                if (residual[m] != null) {
                    int methodId = m;
                    residual[m].forEach((r, c) -> {
                        int i = next[0]++;
                        p2[i] = -1;
                        m2[i] = methodId;
                        l2[i] = r;
                        c2[i] = c;
                    });
                }
            }
            return new SlabForest(thread, k, p2, m2, l2, c2, prunedNodes, prunedCount);
        }
        return new SlabForest(thread, k, parent, method, label, count, prunedNodes, prunedCount);
    }

    /**
     * Drops cold non-root nodes so that about half the budget stays, and compacts the rest.
     * Subtree totals are computed bottom-up in one backward pass (children come after parents);
     * the threshold is the smallest power of two that keeps at most half the budget.
     */
    private void prune(int headroom) {
        prunes++;
        generation = (generation + 1) & GENERATION_MASK;
        int n = size;
        long[] a = nodes;
        int[] parent = new int[n];
        Arrays.fill(parent, -1);
        for (int i = 0; i < n; i++) {
            for (int c = (int) a[i * STRIDE + CHILD]; c >= 0; c = (int) a[c * STRIDE + SIBLING]) {
                parent[c] = i;
            }
        }
        long[] total = new long[n];
        int[] byLog = new int[65];
        int roots = 0;
        for (int i = n - 1; i >= 0; i--) {
            total[i] += a[i * STRIDE + COUNT];
            if (parent[i] >= 0) {
                total[parent[i]] += total[i];
                byLog[64 - Long.numberOfLeadingZeros(total[i])]++;
            } else {
                roots++;
            }
        }
        int keepBudget = Math.max(0, budget / 2 - roots);
        int bucket = 64;
        int kept = byLog[64];
        while (bucket > 0 && kept + byLog[bucket - 1] <= keepBudget) {
            bucket--;
            kept += byLog[bucket];
        }
        long threshold = bucket == 0 ? 0 : 1L << (bucket - 1);   // keep subtrees with total ≥ threshold
        compact(parent, total, threshold);
        if (size + headroom > budget) {
            budget = (int) Math.min(MAX_NODES, 2L * size + headroom);   // roots alone fill it: let it grow
        }
    }

    private void compact(int[] parent, long[] total, long threshold) {
        int n = size;
        long[] a = nodes;
        int[] newIndex = new int[n];
        int[] methodOfRoot = rootMethods(n);
        int m = 0;
        for (int i = 0; i < n; i++) {
            boolean keep = parent[i] < 0 || (newIndex[parent[i]] >= 0 && total[i] >= threshold);
            if (!keep) {
                newIndex[i] = -1;
                long c = a[i * STRIDE + COUNT];
                prunedNodes++;
                prunedCount += c;
                if (c != 0) {
                    int root = i;
                    while (parent[root] >= 0) {
                        root = parent[root];
                    }
                    residual(methodOfRoot[root]).add((int) a[i * STRIDE + LABEL], c);
                }
                continue;
            }
            newIndex[i] = m;
            int to = m * STRIDE;
            a[to + LABEL] = a[i * STRIDE + LABEL];
            a[to + COUNT] = a[i * STRIDE + COUNT];
            a[to + CHILD] = -1;
            a[to + SIBLING] = -1;
            if (parent[i] >= 0) {
                int p = newIndex[parent[i]] * STRIDE;
                a[to + SIBLING] = a[p + CHILD];
                a[p + CHILD] = m;
            }
            m++;
        }
        size = m;
        for (int[] roots : arrayRoots) {
            if (roots != null) {
                for (int r = 0; r < roots.length; r++) {
                    if (roots[r] > 0) {
                        roots[r] = newIndex[roots[r] - 1] + 1;
                    }
                }
            }
        }
        for (PathTable table : tableRoots) {
            if (table != null) {
                table.forEach((r, node) -> table.put(r, newIndex[(int) node]));
            }
        }
    }

    /** The method id of every root among the first {@code n} nodes (0 for non-roots). */
    private int[] rootMethods(int n) {
        int[] method = new int[n];
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
        for (int m = 0; m < tableRoots.length; m++) {
            if (tableRoots[m] != null) {
                int methodId = m;
                tableRoots[m].forEach((r, node) -> {
                    if (node < n) {
                        method[(int) node] = methodId;
                    }
                });
            }
        }
        return method;
    }

    public long prunedNodes() {
        return prunedNodes;
    }

    public long prunes() {
        return prunes;
    }
}
