package io.loupe.analysis.kpaths;

import java.util.Arrays;

/**
 * The k-IPF's child lookup of Fig. 7, line 1 of join_subtree ("child of γ with label ℓ(ρ)"): an
 * open-addressing hash table from (parent node, label) to the child node. One flat table for the
 * whole forest instead of a map per node, so a forest of millions of nodes costs two arrays, not
 * millions of objects.
 */
final class ChildTable {

    private static final int EMPTY = -1;

    private long[] keys;
    private int[] values;
    private int size;
    private int mask;

    ChildTable(int expected) {
        int capacity = Integer.highestOneBit(Math.max(16, expected * 2 - 1)) << 1;
        allocate(capacity);
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new int[capacity];
        Arrays.fill(values, EMPTY);
        mask = capacity - 1;
    }

    private static long key(int parent, int label) {
        return ((long) parent << 32) | (label & 0xffffffffL);
    }

    /** The child of {@code parent} labelled {@code label}, or -1. */
    int get(int parent, int label) {
        long key = key(parent, label);
        for (int i = slot(key); ; i = (i + 1) & mask) {
            int v = values[i];
            if (v == EMPTY || keys[i] == key) {
                return v;
            }
        }
    }

    /** Records {@code child} as the child of {@code parent} labelled {@code label} (not yet present). */
    void put(int parent, int label, int child) {
        if (2 * (size + 1) > keys.length) {
            grow();
        }
        insert(key(parent, label), child);
        size++;
    }

    private void insert(long key, int value) {
        int i = slot(key);
        while (values[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
    }

    private int slot(long key) {
        long h = key * 0x9E3779B97F4A7C15L;   // Fibonacci hashing: spreads sequential node ids
        return (int) (h >>> 32) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        if (oldKeys.length >= 1 << 30) {
            throw new IllegalStateException("k-IPF too large: more than " + (1 << 29) + " nodes");
        }
        allocate(oldKeys.length * 2);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] != EMPTY) {
                insert(oldKeys[i], oldValues[i]);
            }
        }
    }
}
