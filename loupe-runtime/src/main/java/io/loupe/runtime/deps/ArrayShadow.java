package io.loupe.runtime.deps;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The shadow of an array: one history per index. The slot array, sized to the array's length, is
 * allocated on the first element access (an array that is only passed around costs a small
 * object), and each history on its element's first access.
 *
 * <p>Lookups take no lock: slots are read with acquire loads and written with release stores under
 * the shadow's monitor, which re-reads first, so one element gets one history.
 *
 * <p>An index outside the array throws {@link ArrayIndexOutOfBoundsException} with the message the
 * JVM gives, so a probe placed before {@code xaload}/{@code xastore} fails exactly as the
 * instruction would have.
 */
public final class ArrayShadow implements Shadow {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(LocationHistory[].class);
    private static final LocationHistory[] NONE = new LocationHistory[0];

    private final int length;
    private volatile LocationHistory[] slots;

    ArrayShadow(int length) {
        this.length = length;
    }

    /** The length of the array. */
    public int length() {
        return length;
    }

    /** The history of element {@code index}, created on first use. */
    public LocationHistory element(int index) {
        LocationHistory[] s = slots;
        if (s != null && index >= 0 && index < length) {
            LocationHistory h = (LocationHistory) SLOT.getAcquire(s, index);
            if (h != null) {
                return h;
            }
        }
        return create(index);
    }

    private synchronized LocationHistory create(int index) {
        check(index);
        LocationHistory[] s = slots();
        LocationHistory h = s[index];
        if (h == null) {
            h = new LocationHistory();
            SLOT.setRelease(s, index, h);
        }
        return h;
    }

    private LocationHistory[] slots() {
        LocationHistory[] s = slots;
        if (s == null) {
            slots = s = new LocationHistory[length];
        }
        return s;
    }

    /**
     * The shadow's slots, indexed like the array, with a history for every element of
     * {@code [from, from + count)} (created where missing, under one acquisition of the monitor).
     * Callers read the range's slots directly: a bulk operation of a million elements allocates
     * no array of its own for them (on lucene such copies had made a twelfth of camp's
     * allocation). An empty range gives an empty array.
     */
    public LocationHistory[] histories(int from, int count) {
        if (count < 0 || from < 0 || from > length - count) {
            throw new ArrayIndexOutOfBoundsException("Range [" + from + ", " + from + " + " + count
                    + ") out of bounds for length " + length);
        }
        if (count == 0) {
            return NONE;
        }
        LocationHistory[] s = slots;
        if (s != null) {
            int i = from;
            int end = from + count;
            while (i < end && SLOT.getAcquire(s, i) != null) {
                i++;
            }
            if (i == end) {
                return s;   // each slot read with acquire: the plain reads of the caller see them too
            }
        }
        return fill(from, count);
    }

    private synchronized LocationHistory[] fill(int from, int count) {
        LocationHistory[] s = slots();
        for (int i = from; i < from + count; i++) {
            if (s[i] == null) {
                SLOT.setRelease(s, i, new LocationHistory());
            }
        }
        return s;
    }

    private void check(int index) {
        if (index < 0 || index >= length) {
            throw new ArrayIndexOutOfBoundsException("Index " + index + " out of bounds for length " + length);
        }
    }

    /** The number of elements accessed so far. */
    public synchronized int size() {
        int n = 0;
        if (slots != null) {
            for (LocationHistory h : slots) {
                if (h != null) {
                    n++;
                }
            }
        }
        return n;
    }
}
