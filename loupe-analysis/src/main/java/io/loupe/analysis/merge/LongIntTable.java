package io.loupe.analysis.merge;

import java.util.Arrays;

/**
 * An open-addressing hash table from {@code long} keys to non-negative {@code int}s, without
 * boxing: the merged forests and context trees have one entry per node, millions in a large
 * profile.
 */
final class LongIntTable {

    private long[] keys = new long[16];
    private int[] values = new int[16];   // -1 marks a free slot
    private int size;

    LongIntTable() {
        Arrays.fill(values, -1);
    }

    /** The value of {@code key}, or -1. */
    int get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            if (values[i] < 0) {
                return -1;
            }
            if (keys[i] == key) {
                return values[i];
            }
        }
    }

    /** Sets {@code key} to {@code value} (≥ 0). */
    void put(long key, int value) {
        if ((size + 1) * 4 > keys.length * 3) {
            grow();
        }
        int mask = keys.length - 1;
        for (int i = slot(key, mask); ; i = (i + 1) & mask) {
            if (values[i] < 0) {
                keys[i] = key;
                values[i] = value;
                size++;
                return;
            }
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
        }
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(values, -1);
        size = 0;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldValues[i] >= 0) {
                put(oldKeys[i], oldValues[i]);
            }
        }
    }

    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32)) & mask;
    }

    /** Two ints as one key. */
    static long key(int high, int low) {
        return (long) high << 32 | (low & 0xFFFFFFFFL);
    }
}
