package io.loupe.analysis.recovery;

/**
 * A map from long keys to objects, open addressing with linear probing and backward-shift
 * deletion: what the recovery keeps per generation, hundreds of millions of times in a long
 * trace, without a boxed key and an entry object each. Not thread-safe.
 */
final class LongMap<V> {

    private long[] keys = new long[1024];
    private Object[] values = new Object[1024];
    private int size;

    @SuppressWarnings("unchecked")
    V get(long key) {
        int mask = keys.length - 1;
        for (int i = slot(key, mask); values[i] != null; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return (V) values[i];
            }
        }
        return null;
    }

    /** Maps {@code key} to {@code value} (not null). */
    void put(long key, V value) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null) {
            if (keys[i] == key) {
                values[i] = value;
                return;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
    }

    void remove(long key) {
        int mask = keys.length - 1;
        int i = slot(key, mask);
        while (values[i] != null && keys[i] != key) {
            i = (i + 1) & mask;
        }
        if (values[i] == null) {
            return;
        }
        values[i] = null;
        size--;
        // shift back the entries after it that probed past it (Knuth's Algorithm R)
        for (int j = (i + 1) & mask; values[j] != null; j = (j + 1) & mask) {
            int home = slot(keys[j], mask);
            if (((j - home) & mask) >= ((j - i) & mask)) {
                keys[i] = keys[j];
                values[i] = values[j];
                values[j] = null;
                i = j;
            }
        }
    }

    int size() {
        return size;
    }

    private void grow() {
        long[] ok = keys;
        Object[] ov = values;
        keys = new long[ok.length * 2];
        values = new Object[ok.length * 2];
        int mask = keys.length - 1;
        for (int j = 0; j < ok.length; j++) {
            if (ov[j] != null) {
                int i = slot(ok[j], mask);
                while (values[i] != null) {
                    i = (i + 1) & mask;
                }
                keys[i] = ok[j];
                values[i] = ov[j];
            }
        }
    }

    /** The key spread over all its bits first: a generation's thread and site sit above its instance. */
    private static int slot(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ h >>> 32) & mask;
    }
}
