package io.loupe.runtime.trace;

import java.util.Arrays;

/**
 * A thread's map from events to the dense terminals its grammars use (first use defines the
 * terminal): open addressing with linear probing, never a deletion. Terminals defined since the
 * last chunk was written are kept in order, for the chunk's dictionary additions.
 */
final class EventDictionary {

    private static final long EMPTY = 0;   // never an event: every event has a kind ≥ 1 in its top bits
    private long[] keys = new long[1 << 10];
    private int[] terminals = new int[1 << 10];
    private int size;
    private long[] added = new long[64];
    private int addedCount;

    /** The terminal of {@code event}, defined now if it is new. */
    int terminal(long event) {
        int mask = keys.length - 1;
        int i = slot(event, mask);
        while (true) {
            long k = keys[i];
            if (k == event) {
                return terminals[i];
            }
            if (k == EMPTY) {
                break;
            }
            i = (i + 1) & mask;
        }
        int t = size++;
        keys[i] = event;
        terminals[i] = t;
        if (addedCount == added.length) {
            added = Arrays.copyOf(added, addedCount * 2);
        }
        added[addedCount++] = event;
        if (size * 2 > keys.length) {
            grow();
        }
        return t;
    }

    /** The events of the terminals defined since {@link #clearAdded()}: {@code added()[0 .. addedCount())}. */
    long[] added() {
        return added;
    }

    int addedCount() {
        return addedCount;
    }

    void clearAdded() {
        addedCount = 0;
    }

    private static int slot(long key, int mask) {
        return (int) ((key * 0x9E3779B97F4A7C15L) >>> 40) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldTerminals = terminals;
        keys = new long[oldKeys.length * 2];
        terminals = new int[oldKeys.length * 2];
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int j = slot(oldKeys[i], mask);
                while (keys[j] != EMPTY) {
                    j = (j + 1) & mask;
                }
                keys[j] = oldKeys[i];
                terminals[j] = oldTerminals[i];
            }
        }
    }
}
