package io.loupe.runtime.deps;

import io.loupe.runtime.seqlock.Seqlock;

import java.util.Arrays;

/**
 * One thread's loop records: per loop key (a loop context node in camp mode, a loop id in lamp
 * mode) the loop id, invocations and iterations. Open addressing over parallel arrays; only the
 * owning thread writes it. A loop entry or iteration looks its key up once: cheap next to the
 * accesses inside.
 */
final class LoopCounts {

    private static final int EMPTY = Integer.MIN_VALUE;

    private int[] keys;
    private int[] loops;
    private long[] invocations;
    private long[] iterations;
    /** Invocations decided by abstract interpretation at loop entry (counted in {@link #invocations} too). */
    private long[] decided;
    private int size;
    private int shift;
    /** Held by the owner while a key is added or the table grows, for a live dump's copy ({@link #changes()}). */
    private final Seqlock changes = new Seqlock();

    LoopCounts() {
        allocate(16);
    }

    private void allocate(int capacity) {
        keys = new int[capacity];
        Arrays.fill(keys, EMPTY);
        loops = new int[capacity];
        invocations = new long[capacity];
        iterations = new long[capacity];
        decided = new long[capacity];
        shift = 32 - Integer.numberOfTrailingZeros(capacity);
    }

    /** The slot of {@code key}, created for loop {@code loop} if absent. */
    int slot(int key, int loop) {
        int mask = keys.length - 1;
        for (int i = (key * 0x9E3779B9) >>> shift; ; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return i;
            }
            if (keys[i] == EMPTY) {
                return insert(i, key, loop);
            }
        }
    }

    /** A new key at empty slot {@code i}, or where it lands once the table grew. */
    private int insert(int i, int key, int loop) {
        changes.beginWrite();
        try {
            if ((size + 1) * 4 > keys.length * 3) {
                grow();
                return slot(key, loop);
            }
            keys[i] = key;
            loops[i] = loop;
            size++;
            return i;
        } finally {
            changes.endWrite();
        }
    }

    /** Adds {@code invocations} and {@code iterations} to the record of {@code key} (the dump's merge over threads). */
    void add(int key, int loop, long invocations, long iterations) {
        add(key, loop, invocations, iterations, 0);
    }

    /** As {@link #add(int, int, long, long)}, {@code decided} of the invocations decided by abstract interpretation. */
    void add(int key, int loop, long invocations, long iterations, long decided) {
        int s = slot(key, loop);
        this.invocations[s] += invocations;
        this.iterations[s] += iterations;
        this.decided[s] += decided;
    }

    /** Forgets every record (a read of another thread's table that must start again). */
    void clear() {
        allocate(16);
        size = 0;
    }

    void invoked(int slot) {
        invocations[slot]++;
    }

    void iterated(int slot) {
        iterations[slot]++;
    }

    private void grow() {
        int[] k = keys;
        int[] l = loops;
        long[] inv = invocations;
        long[] it = iterations;
        long[] dec = decided;
        allocate(k.length * 2);
        int mask = keys.length - 1;
        for (int j = 0; j < k.length; j++) {
            if (k[j] != EMPTY) {
                int i = (k[j] * 0x9E3779B9) >>> shift;
                while (keys[i] != EMPTY) {
                    i = (i + 1) & mask;
                }
                keys[i] = k[j];
                loops[i] = l[j];
                invocations[i] = inv[j];
                iterations[i] = it[j];
                decided[i] = dec[j];
            }
        }
    }

    /** Calls {@code sink} for every key. */
    void forEach(Sink sink) {
        for (int i = 0; i < keys.length; i++) {
            if (keys[i] != EMPTY) {
                sink.accept(keys[i], loops[i], invocations[i], iterations[i], decided[i]);
            }
        }
    }

    /** The lock a live dump reads this table under ({@code DepProfiler#loops}). */
    Seqlock changes() {
        return changes;
    }

    interface Sink {
        void accept(int key, int loop, long invocations, long iterations, long decided);
    }
}
