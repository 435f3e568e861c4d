package io.loupe.analysis.trace;

import java.util.Arrays;

/** A growable list of longs. */
final class LongList {

    private long[] items = new long[16];
    private int size;

    void add(long v) {
        if (size == items.length) {
            items = Arrays.copyOf(items, size * 2);
        }
        items[size++] = v;
    }

    void addAll(LongList other) {
        for (int i = 0; i < other.size; i++) {
            add(other.items[i]);
        }
    }

    /** Lets go of the room past the last item. */
    void trim() {
        if (items.length > size) {
            items = java.util.Arrays.copyOf(items, size);
        }
    }

    int size() {
        return size;
    }

    long get(int i) {
        return items[i];
    }
}
