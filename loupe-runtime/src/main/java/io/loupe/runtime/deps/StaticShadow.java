package io.loupe.runtime.deps;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;

/**
 * The histories of static fields, indexed by a global static field id (handed out per class by
 * the instrumenter, as site ids are). No hashing: a lookup is an array load. A history is created on
 * the field's first access.
 *
 * <p>Lookups take no lock: the slot array is read through a volatile field and its elements with
 * acquire semantics, so a history is only seen fully constructed. A missing slot (or an id beyond
 * the array) is filled under the shadow's lock, which re-reads the current array first, so two
 * threads always get the same history for one field. Growing copies the array under the lock and
 * publishes the copy; an old array is never written again, so a reader that still holds it can
 * only miss, and a miss goes to the lock.
 */
public final class StaticShadow {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(LocationHistory[].class);

    private volatile LocationHistory[] slots;

    public StaticShadow() {
        this(64);
    }

    public StaticShadow(int initialCapacity) {
        slots = new LocationHistory[Math.max(1, initialCapacity)];
    }

    /** The history of static field {@code fieldId} (≥ 0), created on first use. */
    public LocationHistory field(int fieldId) {
        LocationHistory[] s = slots;
        if (fieldId < s.length && fieldId >= 0) {
            LocationHistory h = (LocationHistory) SLOT.getAcquire(s, fieldId);
            if (h != null) {
                return h;
            }
        }
        return create(fieldId);
    }

    private synchronized LocationHistory create(int fieldId) {
        if (fieldId < 0) {
            throw new IllegalArgumentException("static field id " + fieldId);
        }
        LocationHistory[] s = slots;
        if (fieldId >= s.length) {
            int n = s.length;
            while (n <= fieldId) {
                n = n > (Integer.MAX_VALUE >> 1) ? Integer.MAX_VALUE - 8 : n * 2;
            }
            s = Arrays.copyOf(s, n);
            slots = s;
        }
        LocationHistory h = s[fieldId];
        if (h == null) {
            h = new LocationHistory();
            SLOT.setRelease(s, fieldId, h);
        }
        return h;
    }

    /** The number of slots (for tests of growth). */
    public int capacity() {
        return slots.length;
    }

    /** The number of static fields accessed so far. */
    public synchronized int size() {
        int n = 0;
        for (LocationHistory h : slots) {
            if (h != null) {
                n++;
            }
        }
        return n;
    }
}
