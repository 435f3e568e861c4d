package io.loupe.runtime.deps;

import io.loupe.data.deps.ContextNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The context tree of camp mode (CAMP §III-A), materialized lazily as the program runs: a JVM loads
 * classes lazily and dispatches virtually, so the static tree the paper builds up front is not
 * known. A node is {@code (parent, kind, site)}; entering a call site or a loop moves a thread to
 * the child for that site, created on first use.
 *
 * <p>There is one root for the whole program (id 0), not one per thread: worker threads that run
 * the same code then share contexts, and their dependences add up instead of being split by a
 * thread's identity, which would not name anything across runs. A thread's entry method is reached
 * through no instrumented call site, so its call sites hang directly below the root.
 *
 * <p>The tree is shared by all threads. A lookup takes no lock: it reads the node's child table
 * (a volatile array) and probes it. A miss takes the tree's lock, probes again and inserts. A node
 * published into a slot of the current array by a plain write may be missed by a racing reader,
 * which then takes the lock and finds it; the node's fields are final, so a reader that does see
 * it sees it whole; a grown table is published through the volatile field.
 */
public final class ContextTree {

    /** A node of the tree. Its fields never change once it is published. */
    public static final class Node {
        public final int id;
        public final Node parent;
        /** The parent's id, or -1 for the root: a thread's context cache compares it without loading the parent. */
        final int parentId;
        public final ContextNode.Kind kind;
        public final int site;
        /** Open-addressing table of children, power-of-two length, linear probing; null slots are free. */
        private volatile Node[] children;
        private int childCount;   // guarded by the tree's lock

        private Node(int id, Node parent, ContextNode.Kind kind, int site) {
            this.id = id;
            this.parent = parent;
            this.parentId = parent == null ? -1 : parent.id;
            this.kind = kind;
            this.site = site;
        }
    }

    private final Object lock = new Object();
    /**
     * Every node by id, the first {@link #count} slots used: written under the lock and, when
     * grown, published whole through the volatile field, so {@link #node} reads it without the lock.
     */
    private volatile Node[] nodes = new Node[64];
    private int count;   // guarded by lock
    private final Node root;

    public ContextTree() {
        root = new Node(0, null, ContextNode.Kind.ROOT, -1);
        nodes[0] = root;
        count = 1;
    }

    public Node root() {
        return root;
    }

    /** The child of {@code parent} for a call site. */
    public Node call(Node parent, int callSite) {
        return child(parent, ContextNode.Kind.CALL, callSite);
    }

    /** The child of {@code parent} for a loop (or a recursion's pseudo-loop). */
    public Node loop(Node parent, int loopId) {
        return child(parent, ContextNode.Kind.LOOP, loopId);
    }

    private static int slot(ContextNode.Kind kind, int site, int mask) {
        return ((site * 0x9E3779B9) ^ (kind.ordinal() * 0x85EBCA6B)) >>> 7 & mask;
    }

    private static Node find(Node[] table, ContextNode.Kind kind, int site) {
        if (table == null) {
            return null;
        }
        int mask = table.length - 1;
        for (int i = slot(kind, site, mask); ; i = (i + 1) & mask) {
            Node n = table[i];
            if (n == null) {
                return null;
            }
            if (n.site == site && n.kind == kind) {
                return n;
            }
        }
    }

    Node child(Node parent, ContextNode.Kind kind, int site) {
        Node n = find(parent.children, kind, site);
        return n != null ? n : create(parent, kind, site);
    }

    private Node create(Node parent, ContextNode.Kind kind, int site) {
        synchronized (lock) {
            Node[] table = parent.children;
            Node n = find(table, kind, site);
            if (n != null) {
                return n;
            }
            n = new Node(count, parent, kind, site);
            Node[] all = nodes;
            if (count == all.length) {
                nodes = all = Arrays.copyOf(all, count * 2);   // a reader that misses n takes the lock
            }
            all[count++] = n;
            if (table == null || (parent.childCount + 1) * 4 > table.length * 3) {
                // grow to keep probes short, then publish the whole new table at once
                Node[] grown = new Node[table == null ? 4 : table.length * 2];
                if (table != null) {
                    for (Node c : table) {
                        if (c != null) {
                            insert(grown, c);
                        }
                    }
                }
                insert(grown, n);
                parent.childCount++;
                parent.children = grown;
            } else {
                insert(table, n);
                parent.childCount++;
            }
            return n;
        }
    }

    private static void insert(Node[] table, Node n) {
        int mask = table.length - 1;
        int i = slot(n.kind, n.site, mask);
        while (table[i] != null) {
            i = (i + 1) & mask;
        }
        table[i] = n;
    }

    /**
     * The node with id {@code id}, which must exist. Without the lock when the published array
     * already shows it (a node created by another thread may not be in the array this thread reads
     * yet: then under the lock).
     */
    public Node node(int id) {
        Node[] all = nodes;
        Node n = id >= 0 && id < all.length ? all[id] : null;
        if (n != null) {
            return n;
        }
        synchronized (lock) {
            if (id < 0 || id >= count) {
                throw new IllegalArgumentException("no context node " + id);
            }
            return nodes[id];
        }
    }

    public int size() {
        synchronized (lock) {
            return count;
        }
    }

    /** Every node so far, by id; a parent always precedes its children. */
    public List<ContextNode> snapshot() {
        synchronized (lock) {
            List<ContextNode> out = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                Node n = nodes[i];
                out.add(new ContextNode(n.id, n.parentId, n.kind, n.site));
            }
            return out;
        }
    }
}
