package io.loupe.runtime.paths;

/**
 * An open-addressing hash map from non-negative {@code long} keys to {@code long} values, owned by
 * one thread: linear probing over parallel arrays, load factor at most 1/2, no boxing, no
 * allocation except when it doubles. Keys are (method id, path id) pairs packed by {@link #key}.
 */
public final class OpenLongTable {

    private static final long EMPTY = -1L;

    private long[] keys;
    private long[] values;
    private int size;
    private int mask;

    public OpenLongTable(int initialCapacityPow2) {
        allocate(initialCapacityPow2);
    }

    /** Packs a method id and a path id into a key. */
    public static long key(int methodId, int pathId) {
        return ((long) methodId << 32) | (pathId & 0xffffffffL);
    }

    /** Adds {@code delta} to the value of {@code key} (absent keys start at 0). */
    public void addTo(long key, long delta) {
        int i = slot(key);
        if (keys[i] == key) {
            values[i] += delta;
            return;
        }
        insert(i, key, delta);
    }

    /** The value of {@code key}, or {@code absent}. */
    public long get(long key, long absent) {
        int i = slot(key);
        return keys[i] == key ? values[i] : absent;
    }

    /** Sets the value of {@code key}. */
    public void put(long key, long value) {
        int i = slot(key);
        if (keys[i] == key) {
            values[i] = value;
        } else {
            insert(i, key, value);
        }
    }

    public int size() {
        return size;
    }

    /** Calls {@code visitor} for every entry, in slot order. */
    public void forEach(EntryVisitor visitor) {
        long[] k = keys;
        long[] v = values;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != EMPTY) {
                visitor.visit(k[i], v[i]);
            }
        }
    }

    /** Receives the entries of a table. */
    @FunctionalInterface
    public interface EntryVisitor {
        void visit(long key, long value);
    }

    /** The slot holding {@code key}, or the empty slot where it would go. */
    private int slot(long key) {
        int i = mix(key) & mask;
        long[] k = keys;
        while (k[i] != key && k[i] != EMPTY) {
            i = (i + 1) & mask;
        }
        return i;
    }

    private void insert(int emptySlot, long key, long value) {
        keys[emptySlot] = key;
        values[emptySlot] = value;
        if (++size * 2 > keys.length) {
            rehash();
        }
    }

    private void rehash() {
        long[] oldKeys = keys;
        long[] oldValues = values;
        allocate(oldKeys.length * 2);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int s = slot(oldKeys[i]);
                keys[s] = oldKeys[i];
                values[s] = oldValues[i];
                size++;
            }
        }
    }

    private void allocate(int capacity) {
        keys = new long[capacity];
        values = new long[capacity];
        java.util.Arrays.fill(keys, EMPTY);
        mask = capacity - 1;
        size = 0;
    }

    /** A 64-bit finalizer (Stafford's variant 13) so that consecutive path ids spread out. */
    private static int mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return (int) (z ^ (z >>> 31));
    }
}
