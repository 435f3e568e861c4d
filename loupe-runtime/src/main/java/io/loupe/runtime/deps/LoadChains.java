package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;

import java.util.Arrays;

/**
 * The load entries of a {@link LocationHistory} once it needs more than the one it keeps inline:
 * the chains of the deduplication scheme (docs/deps.md, "History and deduplication"). Each key
 * {@code (site, context, thread)} has a chain of entries, newest first, one per interval of the
 * current thread's loop thresholds; adding a load touches only its key's chain: a load in the same
 * interval as the key's latest entry (no threshold since) just moves that entry's time; one that
 * makes the key's two newest entries fall into one interval (the loop's steady state) moves their
 * times down in place; otherwise it is appended, and past {@code 2 × depth + 2} entries the chain
 * is walked to collapse neighbours whose intervals have become equal (loops exited since). So a
 * chain stays at most {@code 2 × depth + 2} entries long, and finding a key's latest entry is a
 * scan of a few entries or, past {@link #INDEXED} entries (free ones included: a scan walks them
 * too, and on h2 scanning live and free entries under a live-only bound was a sixth of the
 * profiler's time), a lookup in a small open-addressing index — a location read by many sites in
 * many contexts (a shared buffer, a configuration field) does not make every load scan them all.
 *
 * <p>Collapsed entries go on a free list that the next appended entry takes first, so the
 * entries only grow when the live ones fill them. (Compacting them whenever they filled up, as an
 * earlier version did when every loop iteration appended an entry and collapsed one, cost a fresh
 * array and a pass over every entry every few iterations: 40% of the profiler's time on
 * commons-compress and commons-math.) Entries are therefore not in time order; a key's latest
 * entry is the one that heads its chain (a chain length above 0).
 *
 * <p>The entries live in one {@code long[]}, four words each (site and context; time; thread and
 * chain length; the next older entry): one allocation to create or grow, and an entry's words in
 * one cache line. Six parallel arrays, as an earlier version had, took six allocations at every
 * growth, which on h2 (fields read through getters from many contexts, so many keys per location)
 * was an eighth of the profiler's time.
 *
 * <p>Only the thread holding the history's lock calls it.
 */
final class LoadChains {

    /** Past this many entries handed out, a key's latest entry is found through an index. */
    static final int INDEXED = 8;

    /** Words per entry, and the word offsets within one. */
    private static final int W = 4, KEY = 0, TIME = 1, THREAD_CHAIN = 2, PREV = 3;

    private int loads;   // entries handed out since the last store, free ones included
    private int dead;    // entries on the free list
    private int free = -1;   // the free list's first entry, linked through PREV
    /**
     * Per entry: site << 32 | context (a free entry, collapsed into a later one: site -1, so the word
     * is negative); its time; thread << 32 | chain length (a chain's head, its key's latest entry:
     * the chain's length; others 0); the key's next older entry or -1 (a free entry: the next free one).
     */
    private long[] d = new long[4 * W];
    private int[] index;                   // entry + 1 of each key's latest entry, 0 empty
    private boolean indexed;               // whether index holds the current entries (past INDEXED)

    private static long key(int site, int ctx) {
        return (long) site << 32 | (ctx & 0xFFFF_FFFFL);
    }

    private int site(int e) {
        return (int) (d[e * W + KEY] >> 32);
    }

    private int ctx(int e) {
        return (int) d[e * W + KEY];
    }

    private int thread(int e) {
        return (int) (d[e * W + THREAD_CHAIN] >>> 32);
    }

    private int chain(int e) {
        return (int) d[e * W + THREAD_CHAIN];
    }

    private void setChain(int e, int length) {
        int b = e * W + THREAD_CHAIN;
        d[b] = d[b] & 0xFFFF_FFFF_0000_0000L | (length & 0xFFFF_FFFFL);
    }

    private int prev(int e) {
        return (int) d[e * W + PREV];
    }

    private long time(int e) {
        return d[e * W + TIME];
    }

    /** The number of live entries. */
    int size() {
        return loads - dead;
    }

    /**
     * Whether the entries are well formed (for tests, with the threads quiet): every live entry lies
     * on exactly one key's chain, each head's length is its chain's, and the free list holds the
     * dead entries. Two threads updating the chains at once, which the history's lock prevents,
     * break this.
     */
    boolean consistent() {
        int live = 0;
        int onChains = 0;
        for (int e = 0; e < loads; e++) {
            if (d[e * W + KEY] < 0) {
                continue;
            }
            live++;
            int n = chain(e);
            if (n == 0) {
                continue;
            }
            int walked = 0;
            for (int p = e; p >= 0; p = prev(p)) {
                if (p >= loads || d[p * W + KEY] != d[e * W + KEY] || thread(p) != thread(e) || ++walked > n) {
                    return false;
                }
            }
            if (walked != n) {
                return false;
            }
            onChains += n;
        }
        int freed = 0;
        for (int f = free; f >= 0; f = prev(f)) {
            if (f >= loads || d[f * W + KEY] >= 0 || ++freed > dead) {
                return false;
            }
        }
        return live == loads - dead && onChains == live && freed == dead;
    }

    /** At a store: the WAR dependences of store {@code site} on every live entry, then no entries. */
    void storeAfter(DepThread t, int site, int ctx, long serial) {
        for (int e = 0; e < loads; e++) {
            if (d[e * W + KEY] >= 0) {
                LocationHistory.dependence(t, DepType.WAR, site(e), ctx(e), time(e), thread(e), site, ctx, serial);
            }
        }
        loads = 0;
        dead = 0;
        free = -1;
        indexed = false;   // cleared when it is next needed (rebuildIndex), not at every store
    }

    /** Adds a load of {@code site} in context {@code ctx} by thread {@code thread} at {@code now}. */
    void addLoad(DepThread t, int site, int ctx, int thread, long now) {
        long key = key(site, ctx);
        int latest = latest(key, thread);
        if (latest >= 0 && time(latest) > t.newestThreshold()) {
            d[latest * W + TIME] = now;   // no threshold since: the same interval as now
            return;
        }
        // In a loop the key's latest entry and the one before it are usually both in the earlier
        // iterations of the current invocation now, so the new entry makes them one: the chain
        // keeps its length. The same chain results from moving their times down one entry in
        // place, with no entry appended or freed and the index untouched. Below the bound only
        // that pair is compared; past it the whole chain is walked (collapse).
        int bound = 2 * t.loopDepth() + 2;
        if (latest >= 0 && chain(latest) >= 2 && chain(latest) < bound) {
            int older = prev(latest);
            long latestTime = time(latest);
            if (t.sameInterval(time(older), latestTime)) {
                d[older * W + TIME] = latestTime;
                d[latest * W + TIME] = now;
                return;
            }
        }
        int e;
        if (free >= 0) {
            e = free;
            free = prev(e);
            dead--;
        } else {
            if (loads * W == d.length) {
                grow();
            }
            e = loads++;
        }
        int chain = 1;
        if (latest >= 0) {
            chain = chain(latest) + 1;
            setChain(latest, 0);   // no longer the head
        }
        int b = e * W;
        d[b + KEY] = key;
        d[b + TIME] = now;
        d[b + THREAD_CHAIN] = (long) thread << 32 | chain;
        d[b + PREV] = latest;
        if (indexed) {
            indexPut(e);
        } else if (loads > INDEXED) {   // entries handed out, free ones included: the scan walks them all
            rebuildIndex();
        }
        if (chain > bound) {
            collapse(t, e);   // grown past what the stack can tell apart: walk the whole chain
        }
    }

    /**
     * Walks a key's chain back from its newest entry {@code e} and frees every entry below the
     * newest whose interval equals its newer neighbour's (intervals never increase going back in
     * time).
     */
    private void collapse(DepThread t, int e) {
        int kept = prev(e);
        int removed = 0;
        for (int p = prev(kept); p >= 0; p = prev(kept)) {
            if (t.sameInterval(time(p), time(kept))) {
                d[kept * W + PREV] = prev(p);
                d[p * W + KEY] = key(-1, 0);
                d[p * W + PREV] = free;
                free = p;
                dead++;
                removed++;
            } else {
                kept = p;
            }
        }
        setChain(e, chain(e) - removed);   // only the head's length is read again (at the next append)
    }

    /** The latest live entry of a key, or -1. */
    private int latest(long key, int thread) {
        if (indexed) {
            int mask = index.length - 1;
            for (int i = hash(key, thread) & mask; ; i = (i + 1) & mask) {
                int e = index[i] - 1;
                if (e < 0) {
                    return -1;
                }
                if (d[e * W + KEY] == key && thread(e) == thread) {
                    return e;
                }
            }
        }
        for (int e = loads - 1; e >= 0; e--) {
            int b = e * W;
            if (d[b + KEY] == key) {
                long tc = d[b + THREAD_CHAIN];
                if ((int) (tc >>> 32) == thread && (int) tc > 0) {
                    return e;
                }
            }
        }
        return -1;
    }

    /** A full mix: the index takes the low bits, which a plain multiply leaves equal for keys equal in theirs. */
    private static int hash(long key, int thread) {
        int h = (int) (key >>> 32) * 0x9E3779B9 ^ (int) key * 0x85EBCA6B ^ thread * 0xC2B2AE35;
        h ^= h >>> 16;
        h *= 0x7FEB352D;
        return h ^ (h >>> 15);
    }

    /** Makes entry {@code e} its key's latest in the index (replacing the key's older entry). */
    private void indexPut(int e) {
        long key = d[e * W + KEY];
        int thread = thread(e);
        int mask = index.length - 1;
        for (int i = hash(key, thread) & mask; ; i = (i + 1) & mask) {
            int old = index[i] - 1;
            if (old < 0 || d[old * W + KEY] == key && thread(old) == thread) {
                index[i] = e + 1;
                return;
            }
        }
    }

    private void rebuildIndex() {
        int n = Integer.highestOneBit(Math.max(16, d.length / W * 2) - 1) << 1;
        if (index == null || index.length != n) {
            index = new int[n];
        } else {
            Arrays.fill(index, 0);
        }
        indexed = true;
        for (int e = 0; e < loads; e++) {
            if (d[e * W + KEY] >= 0 && chain(e) > 0) {   // the heads: one per key
                indexPut(e);
            }
        }
    }

    /** Doubles the entries (called when every entry is live). */
    private void grow() {
        d = Arrays.copyOf(d, d.length * 2);
        if (indexed) {
            rebuildIndex();   // the index is sized to the entries
        }
    }
}
