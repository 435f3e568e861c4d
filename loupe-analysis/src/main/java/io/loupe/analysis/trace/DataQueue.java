package io.loupe.analysis.trace;

import java.util.Arrays;

/**
 * The data events one activation recorded (the address trace's OBJECT and INDEX events, the
 * checks' GEN, RUN and INDEX), in the order it recorded them, with a {@link #BOUNDARY} where an
 * exception cut one of its paths short: the events before a boundary belong to the heap ops that
 * ran before the exception. The replay fills it as it reads the trace; the listener takes from it
 * as it replays the activation's ops.
 */
public final class DataQueue {

    /** Where an exception stopped a path of the activation (no event is 0: its kind would be 0). */
    public static final long BOUNDARY = 0L;

    private static final long[] NONE = new long[0];

    private long[] items = NONE;   // most activations record nothing: a buffer only once one does
    private int head;
    private int size;

    void add(long e) {
        if (size == items.length) {
            long[] grown = new long[Math.max(8, items.length * 2)];
            for (int i = 0; i < size; i++) {
                grown[i] = items[(head + i) & (items.length - 1)];
            }
            items = grown;
            head = 0;
        }
        items[(head + size) & (items.length - 1)] = e;
        size++;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    public int size() {
        return size;
    }

    /** The next event, or {@link #BOUNDARY} when there is none (the activation recorded no more). */
    public long peek() {
        return size == 0 ? BOUNDARY : items[head];
    }

    /** Takes the next event; {@link #BOUNDARY} when there is none. */
    public long poll() {
        if (size == 0) {
            return BOUNDARY;
        }
        long e = items[head];
        head = (head + 1) & (items.length - 1);
        size--;
        return e;
    }

    @Override
    public String toString() {
        long[] a = new long[size];
        for (int i = 0; i < size; i++) {
            a[i] = items[(head + i) & (items.length - 1)];
        }
        return Arrays.toString(a);
    }
}
