package io.loupe.analysis.merge;

import java.util.Arrays;

/**
 * A forest of labelled nodes built by adding root-to-node paths, where a node is identified by its
 * parent and label (a root by its method and label): the form both the merged k-slab forests and
 * the merged context trees take. Each node carries an {@code int} tag (a root's method) and a
 * {@code long} count. {@link #preorder} gives the canonical order the merge writes: roots by
 * (tag, label), children by label, each parent before its children.
 */
final class Trie {

    private int size;
    private int[] parent = new int[64];
    private int[] tag = new int[64];
    private int[] label = new int[64];
    private long[] count = new long[64];
    private final LongIntTable roots = new LongIntTable();
    private final LongIntTable children = new LongIntTable();

    /** The root with {@code tag} and {@code label}, made on first use. */
    int root(int tagValue, int labelValue) {
        long key = LongIntTable.key(tagValue, labelValue);
        int v = roots.get(key);
        if (v < 0) {
            v = add(-1, tagValue, labelValue);
            roots.put(key, v);
        }
        return v;
    }

    /** The child of {@code parentNode} with {@code label}, made on first use; it takes its parent's tag. */
    int child(int parentNode, int labelValue) {
        long key = LongIntTable.key(parentNode, labelValue);
        int v = children.get(key);
        if (v < 0) {
            v = add(parentNode, tag[parentNode], labelValue);
            children.put(key, v);
        }
        return v;
    }

    void count(int node, long c) {
        count[node] += c;
    }

    int size() {
        return size;
    }

    int parent(int node) {
        return parent[node];
    }

    int tag(int node) {
        return tag[node];
    }

    int label(int node) {
        return label[node];
    }

    long count(int node) {
        return count[node];
    }

    private int add(int p, int t, int l) {
        if (size == parent.length) {
            int capacity = size * 2;
            parent = Arrays.copyOf(parent, capacity);
            tag = Arrays.copyOf(tag, capacity);
            label = Arrays.copyOf(label, capacity);
            count = Arrays.copyOf(count, capacity);
        }
        parent[size] = p;
        tag[size] = t;
        label[size] = l;
        return size++;
    }

    /**
     * Every node in the canonical order: roots by (tag, label), then depth first, children by
     * label. Iterative: forests may be deep.
     */
    int[] preorder() {
        int n = size;
        int[] start = new int[n + 2];
        int rootCount = 0;
        for (int v = 0; v < n; v++) {
            if (parent[v] < 0) {
                rootCount++;
            } else {
                start[parent[v] + 2]++;
            }
        }
        for (int i = 2; i < start.length; i++) {
            start[i] += start[i - 1];
        }
        long[] kids = new long[n - rootCount];   // (label, node) packed: sorted as longs, by label
        long[] rootKeys = new long[rootCount];
        int r = 0;
        for (int v = 0; v < n; v++) {
            if (parent[v] < 0) {
                rootKeys[r++] = v;
            } else {
                kids[start[parent[v] + 1]++] = LongIntTable.key(label[v], v);
            }
        }
        // start[v] .. start[v + 1] delimit v's children now
        for (int v = 0; v < n; v++) {
            Arrays.sort(kids, start[v], start[v + 1]);
        }
        Integer[] rootOrder = new Integer[rootCount];
        for (int i = 0; i < rootCount; i++) {
            rootOrder[i] = (int) rootKeys[i];
        }
        Arrays.sort(rootOrder, (a, b) -> tag[a] != tag[b] ? Integer.compare(tag[a], tag[b])
                : Integer.compare(label[a], label[b]));
        int[] order = new int[n];
        int filled = 0;
        int[] stack = new int[16];
        for (int root : rootOrder) {
            int top = 0;
            stack[0] = root;
            while (top >= 0) {
                int v = stack[top--];
                order[filled++] = v;
                for (int i = start[v + 1] - 1; i >= start[v]; i--) {   // pushed last first: popped by label
                    if (++top == stack.length) {
                        stack = Arrays.copyOf(stack, stack.length * 2);
                    }
                    stack[top] = (int) kids[i];
                }
            }
        }
        return order;
    }
}
