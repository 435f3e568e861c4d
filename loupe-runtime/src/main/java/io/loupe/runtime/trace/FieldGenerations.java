package io.loupe.runtime.trace;

/**
 * The generations of one object's fields (with checks, {@link Checks}): open addressing from a
 * field id (the instrumenter's global instance-field ids) to the field's generation, 0 for none.
 * Created at the object's first checked field access with room for four fields; a table that
 * would pass ¾ full is copied into one twice its size and published in the object's entry.
 *
 * <p>Threads: a thread that finds its field reads and writes its slot without a lock, in the one
 * table it read; inserting a field takes the entry's lock. A write into a table another thread
 * has just replaced by a larger one is lost: only two threads touching one object's fields at
 * once, one of them a field new to the object, can make that happen (a racy access;
 * docs/trace.md, <i>Checks</i>).
 */
final class FieldGenerations {

    final int[] keys;      // field id + 1, 0 for an empty slot
    final long[] gens;
    private int used;

    private FieldGenerations(int size) {
        keys = new int[size];
        gens = new long[size];
    }

    /** {@code e}'s table once it holds {@code field} (in no generation if it was missing): the slow path, under the entry's lock. */
    static FieldGenerations insert(ObjectIds.Entry e, int field) {
        synchronized (e) {
            FieldGenerations f = e.fields;
            if (f == null) {
                f = new FieldGenerations(4);
            } else if (f.find(field) >= 0) {
                return f;
            } else if ((f.used + 1) * 4 > f.keys.length * 3) {
                f = f.grown();
            }
            f.insert(field);
            e.fields = f;   // a volatile store: the key written above is visible with the table
            return f;
        }
    }

    /** The slot of {@code field}, or -1. */
    int find(int field) {
        int mask = keys.length - 1;
        for (int i = (field * 0x9E3779B9 >>> 16) & mask; ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == field + 1) {
                return i;
            }
            if (k == 0) {
                return -1;
            }
        }
    }

    private int insert(int field) {
        int mask = keys.length - 1;
        int i = (field * 0x9E3779B9 >>> 16) & mask;
        while (keys[i] != 0) {
            i = (i + 1) & mask;
        }
        keys[i] = field + 1;
        used++;
        return i;
    }

    private FieldGenerations grown() {
        FieldGenerations g = new FieldGenerations(keys.length * 2);
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != 0) {
                g.gens[g.insert(keys[i] - 1)] = gens[i];
            }
        }
        return g;
    }
}
