package io.loupe.data.trace;

import java.util.Arrays;

/**
 * A map from digrams (two symbols packed in a long) to an int: open addressing with linear
 * probing, deletions by backward shift, so no tombstones slow a table that deletes as often as it
 * inserts (Sequitur). {@link #MISSING} for a digram it does not hold.
 */
final class DigramIndex {

    static final int MISSING = -1;
    private static final long EMPTY = Long.MIN_VALUE;   // never a key: its first symbol would be Integer.MIN_VALUE, which neither user makes a digram of
    private long[] keys = newKeys(1 << 10);
    private int[] values = new int[1 << 10];
    private int size;

    private static long[] newKeys(int n) {
        long[] k = new long[n];
        Arrays.fill(k, EMPTY);
        return k;
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h >>> 40) & mask;
    }

    int get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            long k = keys[i];
            if (k == key) {
                return values[i];
            }
            if (k == EMPTY) {
                return MISSING;
            }
        }
    }

    void put(long key, int value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != EMPTY && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (keys[i] == EMPTY) {
            keys[i] = key;
            if (++size * 2 > keys.length) {
                values[i] = value;
                grow();
                return;
            }
        }
        values[i] = value;
    }

    /** Removes {@code key} if it maps to {@code value}. */
    void removeIf(long key, int value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (keys[i] != key) {
            if (keys[i] == EMPTY) {
                return;
            }
            i = (i + 1) & mask;
        }
        if (values[i] != value) {
            return;
        }
        size--;
        // backward shift: move up every later entry of the run that may not stay behind the hole
        int hole = i;
        for (int j = (i + 1) & mask; keys[j] != EMPTY; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            boolean movable = hole <= j ? (home <= hole || home > j) : (home <= hole && home > j);
            if (movable) {
                keys[hole] = keys[j];
                values[hole] = values[j];
                hole = j;
            }
        }
        keys[hole] = EMPTY;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldNodes = values;
        keys = newKeys(oldKeys.length * 2);
        values = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int j = slot(oldKeys[i], mask);
                while (keys[j] != EMPTY) {
                    j = (j + 1) & mask;
                }
                keys[j] = oldKeys[i];
                values[j] = oldNodes[i];
            }
        }
    }
}
