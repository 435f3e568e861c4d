package io.loupe.analysis.kpaths;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The k-iteration path forest (k-IPF, D'Elia et al. 2013, Definition 2) of one method: the prefix forest
 * of every sequence of up to k consecutive Ball–Larus paths that ran within one activation. A root
 * is a single acyclic path and its count is the plain Ball–Larus count (§2.2, Property 2: the 1-IPF
 * is exactly what Ball–Larus profiling collects); a node at length n is an n-path concatenation,
 * counted as often as it ran. Counts never grow going down (Property 1); they shrink by the runs
 * that stopped there (the activation returned or the chain reached the forest's depth).
 *
 * <p>Nodes are int handles {@code 0..size()-1} into parallel arrays; children (and roots) are
 * ordered by count, descending, then by label, so the first child is the most likely successor.
 * Nothing here recurses: forests may have millions of nodes.
 */
public final class KPathForest {

    private final int methodId;
    private final int[] parent;
    private final long[] label;
    private final long[] count;
    private final int[] length;
    private final int[] roots;
    /** Children of node v are {@code children[childStart[v] .. childStart[v+1])}. */
    private final int[] childStart;
    private final int[] children;
    private final long total;
    private final int maxLength;

    private KPathForest(int methodId, int[] parent, long[] label, long[] count) {
        int n = parent.length;
        if (label.length != n || count.length != n) {
            throw new IllegalArgumentException("forest arrays differ in length");
        }
        this.methodId = methodId;
        this.parent = parent;
        this.label = label;
        this.count = count;
        this.length = new int[n];
        int rootCount = 0;
        int[] degree = new int[n + 1];
        long sum = 0;
        int deepest = 0;
        for (int v = 0; v < n; v++) {
            int p = parent[v];
            if (p >= v) {
                throw new IllegalArgumentException("node " + v + " has parent " + p + ": parents must come first");
            }
            if (p < 0) {
                rootCount++;
                length[v] = 1;
                sum += count[v];
            } else {
                degree[p]++;
                length[v] = length[p] + 1;
            }
            deepest = Math.max(deepest, length[v]);
        }
        this.total = sum;
        this.maxLength = deepest;
        this.childStart = new int[n + 1];
        for (int v = 0; v < n; v++) {
            childStart[v + 1] = childStart[v] + degree[v];
        }
        this.children = new int[childStart[n]];
        this.roots = new int[rootCount];
        int[] fill = Arrays.copyOf(childStart, n);
        int r = 0;
        for (int v = 0; v < n; v++) {
            int p = parent[v];
            if (p < 0) {
                roots[r++] = v;
            } else {
                children[fill[p]++] = v;
            }
        }
        IntComparator hottestFirst = (a, b) -> {
            int c = Long.compare(count[b], count[a]);
            return c != 0 ? c : Long.compare(label[a], label[b]);
        };
        IntSort.sort(roots, 0, roots.length, hottestFirst);
        for (int v = 0; v < n; v++) {
            if (childStart[v + 1] - childStart[v] > 1) {
                IntSort.sort(children, childStart[v], childStart[v + 1], hottestFirst);
            }
        }
    }

    /**
     * A forest from parallel arrays in which every node's parent has a smaller index (roots have
     * parent -1). The arrays are kept, not copied.
     */
    public static KPathForest of(int methodId, int[] parent, long[] label, long[] count) {
        return new KPathForest(methodId, parent, label, count);
    }

    /**
     * The 1-IPF of a method from its plain Ball–Larus counts: one root per path that ran, nothing
     * below (what a k = 1 profile holds).
     */
    public static KPathForest ofPathCounts(int methodId, long[] ids, long[] counts) {
        int[] parent = new int[ids.length];
        Arrays.fill(parent, -1);
        return new KPathForest(methodId, parent, ids.clone(), counts.clone());
    }

    public int methodId() {
        return methodId;
    }

    /** Number of nodes. */
    public int size() {
        return parent.length;
    }

    /** Roots in order: hottest first. */
    public int rootCount() {
        return roots.length;
    }

    public int root(int i) {
        return roots[i];
    }

    public int childCount(int node) {
        return childStart[node + 1] - childStart[node];
    }

    /** The {@code i}-th child of {@code node}: hottest first. */
    public int child(int node, int i) {
        return children[childStart[node] + i];
    }

    /** The parent of a node, -1 for a root. */
    public int parent(int node) {
        return parent[node];
    }

    /** The Ball–Larus path id of a node: the last path of the concatenation it stands for. */
    public long label(int node) {
        return label[node];
    }

    /** How many times the concatenation of paths from the root down to {@code node} ran. */
    public long count(int node) {
        return count[node];
    }

    /** Number of paths concatenated: 1 for a root. */
    public int length(int node) {
        return length[node];
    }

    /** The longest concatenation in the forest (0 when empty, at most k). */
    public int maxLength() {
        return maxLength;
    }

    /** Sum of the roots' counts: how many acyclic paths of the method ran. */
    public long total() {
        return total;
    }

    /**
     * The share of a node in its parent: for the paper's Fig. 4 reading, "after the parent's
     * paths ran, this share of the time the node's path followed". For a root, its share of the
     * method's paths. 0 when the parent (or method) never ran.
     */
    public double share(int node) {
        long base = parent[node] < 0 ? total : count[parent[node]];
        return base == 0 ? 0 : (double) count[node] / base;
    }

    /** The path ids from the root down to {@code node}, first to last. */
    public long[] ids(int node) {
        long[] ids = new long[length[node]];
        for (int v = node, i = ids.length - 1; v >= 0; v = parent[v], i--) {
            ids[i] = label[v];
        }
        return ids;
    }

    /** The node reached from the roots by {@code ids}, or -1 when that concatenation never ran. */
    public int find(long... ids) {
        int node = -1;
        for (long id : ids) {
            int next = -1;
            int from = node < 0 ? 0 : childStart[node];
            int to = node < 0 ? roots.length : childStart[node + 1];
            for (int i = from; i < to && next < 0; i++) {
                int c = node < 0 ? roots[i] : children[i];
                if (label[c] == id) {
                    next = c;
                }
            }
            if (next < 0) {
                return -1;
            }
            node = next;
        }
        return node;
    }

    /** Visits every node in preorder (a node before its children, hottest subtrees first). */
    public void forEachNode(NodeVisitor visitor) {
        int[] stack = new int[Math.max(16, maxLength * 4)];
        int top = 0;
        for (int i = roots.length - 1; i >= 0; i--) {
            stack = push(stack, top++, roots[i]);
        }
        while (top > 0) {
            int v = stack[--top];
            visitor.visit(v);
            for (int i = childStart[v + 1] - 1; i >= childStart[v]; i--) {
                stack = push(stack, top++, children[i]);
            }
        }
    }

    private static int[] push(int[] stack, int at, int value) {
        int[] s = at == stack.length ? Arrays.copyOf(stack, stack.length * 2) : stack;
        s[at] = value;
        return s;
    }

    /** Every node as a {@link KPath} (ids first to last, count), in preorder. */
    public void forEachPath(Consumer<KPath> action) {
        long[] prefix = new long[Math.max(1, maxLength)];
        forEachNode(v -> {
            int n = length[v];
            prefix[n - 1] = label[v];   // preorder: prefix[0..n-2] still holds v's ancestors
            action.accept(new KPath(Arrays.copyOf(prefix, n), count[v]));
        });
    }

    /** Receives node handles. */
    @FunctionalInterface
    public interface NodeVisitor {
        void visit(int node);
    }
}
