package io.loupe.runtime.deps;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The shadow of an object: one history per instance field id it has been accessed with (global
 * ids, handed out by the instrumenter). Most objects see one or two fields, so the first two are
 * kept in the shadow's own fields; the others go into a small open-addressing table keyed by the
 * field id, created for the third field, starting with four slots and doubling at three quarters
 * full.
 *
 * <p>The shadow is itself the history of the first field accessed: a shadowed object whose fields
 * are read is one allocation, not two (80 bytes, where a shadow and a separate history took 32 and
 * 64), and its first field's history is no second pointer away. luaj gives 12 million objects a
 * shadow at size {@code small}, most of them accessed at one or two fields.
 *
 * <p>Lookups take no lock. The second inline slot and the table's slots are published value
 * first, key second (release stores), and read key first (acquire loads), so a reader that sees a
 * key sees its history; the first slot's history, the shadow itself, was published with it.
 * Insertion is under the shadow's monitor and looks again first, so one field gets one history.
 * Growing builds a new table and publishes it through a volatile field; an old table is never
 * written again, so a reader still holding it can only miss, and a miss goes to the monitor.
 */
public final class ObjectShadow extends LocationHistory implements Shadow {

    private static final VarHandle KEY = MethodHandles.arrayElementVarHandle(int[].class);
    private static final VarHandle VALUE = MethodHandles.arrayElementVarHandle(LocationHistory[].class);
    private static final VarHandle KEY0;
    private static final VarHandle KEY1;
    private static final VarHandle VALUE1;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            KEY0 = l.findVarHandle(ObjectShadow.class, "key0", int.class);
            KEY1 = l.findVarHandle(ObjectShadow.class, "key1", int.class);
            VALUE1 = l.findVarHandle(ObjectShadow.class, "value1", LocationHistory.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

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

    // the two inline slots (field id + 1, 0 empty), filled in this order, read through the handles;
    // the first slot's history is this shadow itself
    @SuppressWarnings("unused")
    private int key0;
    @SuppressWarnings("unused")
    private int key1;
    @SuppressWarnings("unused")
    private LocationHistory value1;
    /** The other fields, once a third one is accessed. */
    private volatile Table table;

    ObjectShadow() {
    }

    private static int slot(int fieldId, int mask) {
        return (fieldId * 0x9E3779B9 >>> 16 ^ fieldId) & mask;
    }

    /** The history of instance field {@code fieldId} (≥ 0) of this object, created on first use. */
    public LocationHistory field(int fieldId) {
        int key = fieldId + 1;
        int k = (int) KEY0.getAcquire(this);
        if (k == key) {
            return this;
        }
        if (k == 0) {
            return insert(fieldId);
        }
        k = (int) KEY1.getAcquire(this);
        if (k == key) {
            return (LocationHistory) VALUE1.getAcquire(this);
        }
        Table t = table;
        if (k == 0 || t == null) {
            return insert(fieldId);
        }
        int mask = t.keys.length - 1;
        for (int i = slot(fieldId, mask); ; i = (i + 1) & mask) {
            k = (int) KEY.getAcquire(t.keys, i);
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
        int key = fieldId + 1;
        if (key0 == key) {
            return this;
        }
        if (key0 == 0) {
            KEY0.setRelease(this, key);   // this history was built with the shadow, published before it
            return this;
        }
        if (key1 == key) {
            return value1;
        }
        if (key1 == 0) {
            LocationHistory h = new LocationHistory();
            VALUE1.setRelease(this, h);
            KEY1.setRelease(this, key);
            return h;
        }
        Table t = table;
        if (t == null) {
            table = t = new Table(4);   // volatile: published before any slot is
        }
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
        return (key0 != 0 ? 1 : 0) + (key1 != 0 ? 1 : 0) + (table == null ? 0 : table.used);
    }
}
