package io.loupe.runtime.deps;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.lang.reflect.Array;

/**
 * The weak identity map from objects and arrays to their shadows ({@link ObjectShadow},
 * {@link ArrayShadow}). An object gets its shadow on its first access (nothing happens at
 * allocation); equal but distinct objects get distinct shadows; the map does not keep an object
 * alive, and the shadow of a collected object is released.
 *
 * <p><b>Table.</b> Open addressing with linear probing over an array of {@link Entry}, a
 * {@link WeakReference} to the object that carries its identity hash and its shadow. The table is at
 * most half full, counting dead entries (whose object was collected), so every probe ends at an
 * empty slot.
 *
 * <p><b>Lookups</b> take no lock: the table is read through a volatile field, its slots with
 * acquire loads; an entry matches when its referent is the object itself, which a dead entry never
 * is. A miss (also a false one, on a table another thread has just replaced) goes to the slow path.
 *
 * <p><b>Insertion</b> (the slow path) is under the map's lock: it first looks again in the current
 * table, so two threads asking for one object get the same shadow. Slots are only ever written
 * under the lock, with release stores: a new entry goes into the empty slot that ends its probe or
 * into a dead entry met on the way (the probe chains of other objects pass through it as before).
 * Entries are never removed in place, so a lock-free reader can never lose an object's chain.
 *
 * <p><b>Expunging.</b> Collected objects' entries arrive on a {@link ReferenceQueue}, drained on
 * every slow path and by {@link #expunge()}. A drained entry drops its shadow at once (so a large
 * array shadow does not outlive its array) and stays in the table as a dead slot until it is reused
 * or the table is rebuilt. A rebuild happens when an insertion would make the table more than half
 * full: it copies the live entries into a table sized for them (growing or shrinking, at most a
 * quarter full afterwards) and publishes it; the old table is never written again. {@link #expunge()}
 * also rebuilds when dead slots are at least half the used ones. Invariant (under the lock): an
 * entry in the table has a null shadow exactly when it has been drained and counted in
 * {@code dead}; an entry leaving the table drops its shadow, so a later drain does not count it.
 */
public final class ShadowMap {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Entry[].class);
    private static final int MIN_CAPACITY = 16;

    /** A weak key with its identity hash and its shadow (null once dead and drained or dropped). */
    static final class Entry extends WeakReference<Object> {
        final int hash;
        Shadow shadow;

        Entry(Object key, int hash, Shadow shadow, ReferenceQueue<Object> queue) {
            super(key, queue);
            this.hash = hash;
            this.shadow = shadow;
        }
    }

    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    private final Object lock = new Object();
    private volatile Entry[] table = new Entry[MIN_CAPACITY];
    /** Non-empty slots of the current table, and those among them known dead (under the lock). */
    private int used;
    private int dead;
    /** Shadows created so far (under the lock). */
    private long created;

    private static int hash(Object o) {
        int h = System.identityHashCode(o) * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /** The shadow of object {@code o} (not an array), created on first use. */
    public ObjectShadow object(Object o) {
        return (ObjectShadow) entry(o).shadow;
    }

    /** The shadow of array {@code a}, created on first use. */
    public ArrayShadow array(Object a) {
        return (ArrayShadow) entry(a).shadow;
    }

    /** The history of instance field {@code fieldId} of {@code o}. */
    public LocationHistory field(Object o, int fieldId) {
        return object(o).field(fieldId);
    }

    /** The history of element {@code index} of array {@code a}. */
    public LocationHistory element(Object a, int index) {
        return array(a).element(index);
    }

    /**
     * The entry of {@code o}, created on first use; its shadow is non-null as long as the caller
     * holds {@code o}.
     *
     * @throws NullPointerException if {@code o} is null (as the access it stands for would)
     */
    Entry entry(Object o) {
        if (o == null) {
            throw new NullPointerException();
        }
        int h = hash(o);
        Entry[] t = table;
        int mask = t.length - 1;
        for (int i = h & mask; ; i = (i + 1) & mask) {
            Entry e = (Entry) SLOT.getAcquire(t, i);
            if (e == null) {
                return insert(o, h);
            }
            if (e.hash == h && e.get() == o) {
                return e;
            }
        }
    }

    private Entry insert(Object o, int h) {
        synchronized (lock) {
            drain();
            Entry[] t = table;
            int mask = t.length - 1;
            int reuse = -1;
            int i = h & mask;
            for (Entry e; (e = t[i]) != null; i = (i + 1) & mask) {
                Object k = e.get();
                if (k == o && e.hash == h) {
                    return e;
                }
                if (k == null && reuse < 0) {
                    reuse = i;
                }
            }
            Shadow s = o.getClass().isArray() ? new ArrayShadow(Array.getLength(o)) : new ObjectShadow();
            Entry n = new Entry(o, h, s, queue);
            created++;
            if (reuse >= 0) {
                Entry old = t[reuse];
                if (old.shadow == null) {
                    dead--;
                } else {
                    old.shadow = null;   // leaves the table before being drained
                }
                SLOT.setRelease(t, reuse, n);
                return n;
            }
            if ((used + 1) * 2 > t.length) {
                t = rebuild(1);
                mask = t.length - 1;
                i = h & mask;
                while (t[i] != null) {
                    i = (i + 1) & mask;
                }
            }
            SLOT.setRelease(t, i, n);
            used++;
            return n;
        }
    }

    /** Drops the shadows of collected objects' entries (under the lock). */
    private void drain() {
        for (Object r; (r = queue.poll()) != null; ) {
            Entry e = (Entry) r;
            if (e.shadow != null) {
                e.shadow = null;
                dead++;
            }
        }
    }

    /**
     * Copies the live entries into a new table with room for {@code extra} more, at most a quarter
     * full, and publishes it (under the lock).
     */
    private Entry[] rebuild(int extra) {
        Entry[] old = table;
        int live = 0;
        for (Entry e : old) {
            if (e != null && e.get() != null) {
                live++;
            }
        }
        int cap = MIN_CAPACITY;
        while (cap < (live + extra) * 4 && cap < (1 << 30)) {
            cap <<= 1;
        }
        Entry[] t = new Entry[cap];
        int mask = cap - 1;
        int n = 0;
        for (Entry e : old) {
            if (e == null) {
                continue;
            }
            if (e.get() == null) {
                e.shadow = null;   // leaves the table: a later drain does not count it
                continue;
            }
            int i = e.hash & mask;
            while (t[i] != null) {
                i = (i + 1) & mask;
            }
            t[i] = e;
            n++;
        }
        used = n;
        dead = 0;
        table = t;   // volatile: publishes the copied slots
        return t;
    }

    /**
     * Drains the entries of collected objects and rebuilds the table when at least half its used
     * slots are dead. The slow path does the same on its own; this is for idle times and tests.
     */
    public void expunge() {
        synchronized (lock) {
            drain();
            if (dead > 0 && dead * 2 >= used) {
                rebuild(0);
            }
        }
    }

    /** Shadows created so far: objects and arrays given one, dead or alive. */
    public long created() {
        synchronized (lock) {
            return created;
        }
    }

    /** The number of objects whose entry is live (O(capacity), for tests and statistics). */
    public int size() {
        synchronized (lock) {
            int n = 0;
            for (Entry e : table) {
                if (e != null && e.get() != null) {
                    n++;
                }
            }
            return n;
        }
    }

    /** The number of slots in use, live or dead (for tests of expunging). */
    public int usedSlots() {
        synchronized (lock) {
            return used;
        }
    }

    /** The table's capacity (for tests). */
    public int capacity() {
        return table.length;
    }
}
