package io.loupe.runtime.trace;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;

/**
 * A number for every object and array a heap op of the address trace touches
 * ({@code trace.heap=addresses}): the "address" of the CF + address trace, since the JVM's
 * addresses move with every collection. An object gets its number at its first access, from one
 * counter for the whole run (1, 2, …), and keeps it while it lives; numbers are never reused, so
 * two objects that lived at different times never share one. With checks
 * ({@code trace.heap=checks}) an object's entry holds the generations of its locations instead
 * ({@link Entry#elements}, {@link Entry#fields}; {@link Checks}), which die with it.
 *
 * <p>Keyed by identity ({@link System#identityHashCode}, compared with {@code ==}): open addressing
 * with linear probing over weak references, so the table keeps nothing alive and the program's
 * weak and soft references behave as they would without Loupe. A lookup takes no lock (the
 * table is read with acquire loads; a slot is only ever written under the lock, and a live entry
 * is never moved out of a published table); a miss takes the lock, looks again and inserts,
 * reusing a slot whose object was collected. Collected entries arrive on a queue, drained on
 * each miss; the table is rebuilt for its live entries when live and dead ones fill half of it.
 */
final class ObjectIds {

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(Entry[].class);
    private static final int INITIAL = 1 << 12;

    /** An object's number, and with checks its locations' generations. */
    static final class Entry extends WeakReference<Object> {
        final int hash;
        final long id;
        /** An array's generations by index, once an element was checked ({@link Checks}). */
        volatile long[] elements;
        /** An object's generations by field id, once a field was checked ({@link FieldGenerations}). */
        volatile FieldGenerations fields;

        Entry(Object o, int hash, long id, ReferenceQueue<Object> queue) {
            super(o, queue);
            this.hash = hash;
            this.id = id;
        }
    }

    private volatile Entry[] table = new Entry[INITIAL];
    private final ReferenceQueue<Object> queue = new ReferenceQueue<>();
    // under the lock
    private long next = 1;
    private int used;   // non-null slots, live or dead

    private static int slot(int hash, int mask) {
        int h = hash * 0x9E3779B9;
        return (h ^ (h >>> 16)) & mask;
    }

    /** The number of {@code o}, which is not null. */
    long id(Object o) {
        return entry(o).id;
    }

    /** The entry of {@code o}, which is not null. */
    Entry entry(Object o) {
        int h = System.identityHashCode(o);
        Entry[] t = table;
        int mask = t.length - 1;
        for (int i = slot(h, mask); ; i = (i + 1) & mask) {
            Entry e = (Entry) SLOT.getAcquire(t, i);
            if (e == null) {
                return insert(o, h);
            }
            if (e.hash == h && e.get() == o) {
                return e;
            }
        }
    }

    private synchronized Entry insert(Object o, int h) {
        while (queue.poll() != null) {
            // a collected object: its slot stays until reused or rebuilt away
        }
        Entry[] t = table;
        int mask = t.length - 1;
        int reusable = -1;
        int i = slot(h, mask);
        for (; ; i = (i + 1) & mask) {
            Entry e = t[i];
            if (e == null) {
                break;
            }
            Object referent = e.get();
            if (referent == o) {
                return e;   // inserted by another thread since the lock-free look
            }
            if (referent == null && reusable < 0) {
                reusable = i;
            }
        }
        long id = next++;
        Entry fresh = new Entry(o, h, id, queue);
        if (reusable >= 0) {
            SLOT.setRelease(t, reusable, fresh);   // a dead slot on the chain: the chain stays whole
            return fresh;
        }
        if ((used + 1) * 2 > t.length) {
            t = rebuilt(t);
            mask = t.length - 1;
            for (i = slot(h, mask); t[i] != null; i = (i + 1) & mask) {
                // the first free slot
            }
        }
        SLOT.setRelease(t, i, fresh);
        used++;
        return fresh;
    }

    /** The live entries in a table at most a quarter full, published. */
    private Entry[] rebuilt(Entry[] old) {
        int live = 0;
        for (Entry e : old) {
            if (e != null && e.get() != null) {
                live++;
            }
        }
        int size = INITIAL;
        while (size < (live + 1) * 4) {
            size <<= 1;
        }
        Entry[] t = new Entry[size];
        int mask = size - 1;
        for (Entry e : old) {
            if (e != null && e.get() != null) {
                int i = slot(e.hash, mask);
                while (t[i] != null) {
                    i = (i + 1) & mask;
                }
                t[i] = e;
            }
        }
        used = live;
        table = t;   // a volatile store: the entries above are visible with it
        return t;
    }

    /** Numbers handed out so far. */
    synchronized long count() {
        return next - 1;
    }
}
