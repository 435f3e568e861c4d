package io.loupe.runtime.paths;

import io.loupe.runtime.seqlock.Seqlock;

import java.util.Arrays;

/**
 * One method's path counters when it has too many paths for an array, owned by one thread: an
 * open-addressing map from path id ({@code int ≥ 0}) to a {@code long}, with Fibonacci hashing and
 * linear probing over parallel arrays. Keeping one small table per method (rather than one table
 * keyed by method and path) keeps keys 32-bit, the hash one multiply, and each table small enough
 * to stay in cache: a method runs few of its many possible paths.
 */
public final class PathTable {

    private static final int EMPTY = -1;

    private int[] keys;
    private long[] values;
    private int size;
    private int shift;
    private long operations;
    /** Held while the table grows, when every entry moves: a live dump's copy waits it out ({@link #copy}). */
    private final Seqlock resizes = new Seqlock();

    public PathTable() {
        allocate(16);
    }

    /**
     * The exit of a counted loop (see {@code Loupe.countLoop}): the pending run of {@code last},
     * then {@code first} once and {@code repeated} for the rest of {@code iterations}.
     */
    public void addLoop(int last, long run, long iterations, int first, int repeated) {
        add(last, run);
        if (iterations != 0) {
            add(first, 1);
            add(repeated, iterations - 1);
        }
    }

    /** Adds {@code delta} to path {@code id}'s value (absent ids start at 0; adding 0 does nothing). */
    public void add(int id, long delta) {
        if (delta == 0) {
            return;
        }
        operations++;
        int mask = keys.length - 1;
        for (int i = (id * 0x9E3779B9) >>> shift; ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == id) {
                values[i] += delta;
                return;
            }
            if (k == EMPTY) {
                insert(i, id, delta);
                return;
            }
        }
    }

    /** The value of path {@code id}, or {@code absent}. */
    public long get(int id, long absent) {
        int mask = keys.length - 1;
        for (int i = (id * 0x9E3779B9) >>> shift; ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == id) {
                return values[i];
            }
            if (k == EMPTY) {
                return absent;
            }
        }
    }

    /** Sets path {@code id}'s value. */
    public void put(int id, long value) {
        int mask = keys.length - 1;
        for (int i = (id * 0x9E3779B9) >>> shift; ; i = (i + 1) & mask) {
            int k = keys[i];
            if (k == id) {
                values[i] = value;
                return;
            }
            if (k == EMPTY) {
                insert(i, id, value);
                return;
            }
        }
    }

    public int size() {
        return size;
    }

    /** Number of {@link #add} calls that touched the table: the profile's hash-operation count. */
    public long operations() {
        return operations;
    }

    /** Calls {@code visitor} for every entry. */
    public void forEach(Visitor visitor) {
        int[] k = keys;
        long[] v = values;
        for (int i = 0; i < k.length; i++) {
            if (k[i] != EMPTY) {
                visitor.visit(k[i], v[i]);
            }
        }
    }

    /**
     * The entries, ids then values, as a live dump reads them while the owner may still count:
     * copied again if the table grew meanwhile; null if it kept growing ({@link Seqlock#read}).
     * Each value is the entry's at some moment of the copy.
     */
    public long[][] copy(int attempts) {
        return resizes.read(() -> {
            int[] k = keys;
            long[] v = values;
            int n = 0;
            for (int key : k) {
                n += key != EMPTY ? 1 : 0;
            }
            long[] ids = new long[n];
            long[] counts = new long[n];
            for (int i = 0, j = 0; i < k.length && j < n; i++) {
                if (k[i] != EMPTY) {
                    ids[j] = k[i];
                    counts[j++] = v[i];
                }
            }
            return new long[][] {ids, counts};
        }, attempts);
    }

    /** Receives the entries of a table. */
    @FunctionalInterface
    public interface Visitor {
        void visit(int id, long value);
    }

    private void insert(int slot, int id, long value) {
        keys[slot] = id;
        values[slot] = value;
        if (++size * 2 > keys.length) {
            grow();
        }
    }

    /** Doubles the table: every entry moves (under the lock, out of the hit path's size). */
    private void grow() {
        resizes.beginWrite();
        try {
            rehash();
        } finally {
            resizes.endWrite();
        }
    }

    private void rehash() {
        int[] oldKeys = keys;
        long[] oldValues = values;
        allocate(oldKeys.length * 2);
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                put(oldKeys[i], oldValues[i]);   // not add(): a value of 0 (a node index) must move too
            }
        }
    }

    private void allocate(int capacity) {
        keys = new int[capacity];
        values = new long[capacity];
        Arrays.fill(keys, EMPTY);
        shift = 32 - Integer.numberOfTrailingZeros(capacity);
        size = 0;
    }
}
