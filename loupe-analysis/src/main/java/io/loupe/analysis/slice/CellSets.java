package io.loupe.analysis.slice;

/**
 * The set ({@link LineSets}) each heap location's value depends on, keyed by the location as the
 * recovery names it (two longs, {@link io.loupe.analysis.recovery.OpObserver}): an open-addressing
 * table with linear probing and backward-shift deletion, so that a generation a store ends can
 * be forgotten and the table holds the live locations only. Absent locations map to the empty set.
 */
final class CellSets {

    private long[] as = new long[1024];
    private long[] bs = new long[1024];
    private int[] sets = new int[1024];   // 0: empty slot (an empty set is not stored)
    private int size;

    int get(long a, long b) {
        int mask = sets.length - 1;
        for (int i = slot(a, b, mask); ; i = (i + 1) & mask) {
            if (sets[i] == 0) {
                return LineSets.EMPTY;
            }
            if (as[i] == a && bs[i] == b) {
                return sets[i];
            }
        }
    }

    void put(long a, long b, int set) {
        if (set == LineSets.EMPTY) {
            remove(a, b);
            return;
        }
        if ((size + 1) * 2 > sets.length) {
            grow();
        }
        int mask = sets.length - 1;
        for (int i = slot(a, b, mask); ; i = (i + 1) & mask) {
            if (sets[i] == 0) {
                as[i] = a;
                bs[i] = b;
                sets[i] = set;
                size++;
                return;
            }
            if (as[i] == a && bs[i] == b) {
                sets[i] = set;
                return;
            }
        }
    }

    void remove(long a, long b) {
        int mask = sets.length - 1;
        int i = slot(a, b, mask);
        while (sets[i] != 0 && !(as[i] == a && bs[i] == b)) {
            i = (i + 1) & mask;
        }
        if (sets[i] == 0) {
            return;
        }
        sets[i] = 0;
        size--;
        // shift back the entries after it that probed past it (Knuth's Algorithm R)
        for (int j = (i + 1) & mask; sets[j] != 0; j = (j + 1) & mask) {
            int home = slot(as[j], bs[j], mask);
            if (((j - home) & mask) >= ((j - i) & mask)) {
                as[i] = as[j];
                bs[i] = bs[j];
                sets[i] = sets[j];
                sets[j] = 0;
                i = j;
            }
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] oa = as;
        long[] ob = bs;
        int[] os = sets;
        as = new long[oa.length * 2];
        bs = new long[oa.length * 2];
        sets = new int[oa.length * 2];
        size = 0;
        for (int i = 0; i < os.length; i++) {
            if (os[i] != 0) {
                put(oa[i], ob[i], os[i]);
            }
        }
    }

    private static int slot(long a, long b, int mask) {
        long h = a * 0x9E3779B97F4A7C15L + b * 0xC2B2AE3D27D4EB4FL;
        return (int) (h ^ h >>> 29) & mask;
    }
}
