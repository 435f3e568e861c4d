package io.loupe.runtime.deps;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The shadow of an object: one history per instance field id it has been accessed with, in a small
 * open-addressing table keyed by the field id (global ids, handed out by the instrumenter). Most
 * objects see a few fields, so the table starts with four slots and doubles at three quarters full.
 *
 * <p>Lookups take no lock. A slot is published value first, key second (release stores), and read
 * key first (acquire loads), so a reader that sees a key sees its history. Insertion is under the
 * shadow's monitor and re-probes first, so one field gets one history. Growing builds a new table
 * and publishes it through a volatile field; an old table is never written again, so a reader
 * still holding it can only miss, and a miss goes to the monitor.
 */
public final class ObjectShadow extends Shadow {

    private static final VarHandle KEY = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle VALUE = MethodHandles.arrayElementVarHandle(LocationHistory[].class);

    /** keys hold field id + 1; 0 is an empty slot. */
    private static final class Table {
        final int[] keys;
        final LocationHistory[] values;
        int used;

        Table(int capacity) {
            keys = new int[capacity];
            values = new LocationHistory[capacity];
        }
    }

    private volatile Table table = new Table(4);

    ObjectShadow() {
    }

    private static int slot(int fieldId, int mask) {
        return (fieldId * 0x9E3779B9 >>> 16 ^ fieldId) & mask;
    }

    /** The history of instance field {@code fieldId} (≥ 0) of this object, created on first use. */
    public LocationHistory field(int fieldId) {
        Table t = table;
        int key = fieldId + 1;
        int mask = t.keys.length - 1;
        for (int i = slot(fieldId, mask); ; i = (i + 1) & mask) {
            int k = (int) KEY.getAcquire(t.keys, i);
            if (k == key) {
                return (LocationHistory) VALUE.getAcquire(t.values, i);
            }
            if (k == 0) {
                return insert(fieldId);
            }
        }
    }

    private synchronized LocationHistory insert(int fieldId) {
        if (fieldId < 0 || fieldId == Integer.MAX_VALUE) {
            throw new IllegalArgumentException("instance field id " + fieldId);
        }
        Table t = table;
        int key = fieldId + 1;
        int i = find(t, fieldId);
        if (t.keys[i] == key) {
            return t.values[i];
        }
        if ((t.used + 1) * 4 > t.keys.length * 3) {
            Table n = new Table(t.keys.length * 2);
            for (int j = 0; j < t.keys.length; j++) {
                if (t.keys[j] != 0) {
                    int at = find(n, t.keys[j] - 1);
                    n.keys[at] = t.keys[j];
                    n.values[at] = t.values[j];
                }
            }
            n.used = t.used;
            table = n;   // volatile: publishes the copied slots
            t = n;
            i = find(t, fieldId);
        }
        LocationHistory h = new LocationHistory();
        VALUE.setRelease(t.values, i, h);
        KEY.setRelease(t.keys, i, key);
        t.used++;
        return h;
    }

    /** The slot holding {@code fieldId}, or the empty slot ending its probe. */
    private static int find(Table t, int fieldId) {
        int mask = t.keys.length - 1;
        int key = fieldId + 1;
        int i = slot(fieldId, mask);
        while (t.keys[i] != 0 && t.keys[i] != key) {
            i = (i + 1) & mask;
        }
        return i;
    }

    /** The number of fields accessed so far. */
    public synchronized int size() {
        return table.used;
    }
}
