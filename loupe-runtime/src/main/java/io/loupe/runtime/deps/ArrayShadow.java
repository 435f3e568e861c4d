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
     * The histories of elements {@code [from, from + count)} in index order, created where missing
     * (under one acquisition of the monitor). An empty range gives an empty array.
     */
    public LocationHistory[] range(int from, int count) {
        if (count < 0 || from < 0 || from > length - count) {
            throw new ArrayIndexOutOfBoundsException("Range [" + from + ", " + from + " + " + count
                    + ") out of bounds for length " + length);
        }
        LocationHistory[] out = new LocationHistory[count];
        if (count == 0) {
            return out;
        }
        LocationHistory[] s = slots;
        boolean missing = s == null;
        for (int i = 0; i < count && !missing; i++) {
            out[i] = (LocationHistory) SLOT.getAcquire(s, from + i);
            missing = out[i] == null;
        }
        if (missing) {
            fill(from, count, out);
        }
        return out;
    }

    private synchronized void fill(int from, int count, LocationHistory[] out) {
        LocationHistory[] s = slots();
        for (int i = 0; i < count; i++) {
            LocationHistory h = s[from + i];
            if (h == null) {
                h = new LocationHistory();
                SLOT.setRelease(s, from + i, h);
            }
            out[i] = h;
        }
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
