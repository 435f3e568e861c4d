package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;

import java.util.Arrays;

/**
 * The load entries of a {@link LocationHistory} once it needs more than the one it keeps inline:
 * the chains of the deduplication scheme (docs/deps.md, "History and deduplication"). Each key
 * {@code (site, context, thread)} has a chain of entries, newest first, one per interval of the
 * current thread's loop thresholds; adding a load touches only its key's chain: a load in the same
 * interval as the key's latest entry (no threshold since) just moves that entry's time; otherwise
 * it is appended and the chain is walked to collapse neighbours whose intervals have become equal
 * (loops exited since). A chain stays at most {@code 2 × depth + 2} entries long, and finding a
 * key's latest entry is a scan of a few entries or, past {@link #INDEXED} entries, a lookup in a
 * small open-addressing index — a location read by many sites in many contexts (a shared buffer, a
 * configuration field) does not make every load scan them all.
 *
 * <p>Collapsed entries go on a free list that the next appended entry takes first. In a loop the
 * steady state is one entry appended and one collapsed per iteration, so the arrays neither grow
 * nor need compacting: they only grow when the live entries fill them. (Compacting them whenever
 * they filled up, as an earlier version did, cost a fresh array and a pass over every entry every
 * few iterations: 40% of the profiler's time on compression kernels.) Entries are therefore not
 * in time order; a key's latest entry is the one that heads its chain ({@code loadChain > 0}).
 *
 * <p>Only the thread holding the history's lock calls it.
 */
final class LoadChains {

    /** Past this many load entries, a key's latest entry is found through an index. */
    static final int INDEXED = 8;

    private int loads;   // entries handed out since the last store, free ones included
    private int dead;    // entries on the free list
    private int free = -1;   // the free list's first entry, linked through loadPrev
    private int[] loadSite = new int[2];   // -1: a free entry (collapsed into a later one)
    private int[] loadCtx = new int[2];
    private long[] loadTime = new long[2];
    private int[] loadThread = new int[2];
    private int[] loadPrev = new int[2];   // the key's next older entry, or -1; a free entry: the next free one
    private int[] loadChain = new int[2];  // a chain's head (its key's latest entry): the chain's length; others 0
    private int[] index;                   // entry + 1 of each key's latest entry, 0 empty
    private boolean indexed;               // whether index holds the current entries (past INDEXED)

    /** The number of live entries. */
    int size() {
        return loads - dead;
    }

    /** At a store: the WAR dependences of store {@code site} on every live entry, then no entries. */
    void storeAfter(DepThread t, int site, int ctx, long serial) {
        for (int i = 0; i < loads; i++) {
            if (loadSite[i] >= 0) {
                LocationHistory.dependence(t, DepType.WAR, loadSite[i], loadCtx[i], loadTime[i], loadThread[i],
                        site, ctx, serial);
            }
        }
        loads = 0;
        dead = 0;
        free = -1;
        indexed = false;   // cleared when it is next needed (rebuildIndex), not at every store
    }

    /** Adds a load of {@code site} in context {@code ctx} by thread {@code thread} at {@code now}. */
    void addLoad(DepThread t, int site, int ctx, int thread, long now) {
        int latest = latest(site, ctx, thread);
        if (latest >= 0 && loadTime[latest] > t.newestThreshold()) {
            loadTime[latest] = now;   // no threshold since: the same interval as now
            return;
        }
        int e;
        if (free >= 0) {
            e = free;
            free = loadPrev[e];
            dead--;
        } else {
            if (loads == loadSite.length) {
                grow();
            }
            e = loads++;
        }
        loadSite[e] = site;
        loadCtx[e] = ctx;
        loadTime[e] = now;
        loadThread[e] = thread;
        loadPrev[e] = latest;
        if (latest < 0) {
            loadChain[e] = 1;
        } else {
            loadChain[e] = loadChain[latest] + 1;
            loadChain[latest] = 0;   // no longer the head
        }
        if (indexed) {
            indexPut(e);
        } else if (loads - dead > INDEXED) {
            rebuildIndex();
        }
        if (latest >= 0) {
            // In a loop the key's previous entry and the one before it are usually both in the
            // earlier iterations of the current invocation now: one pair to compare. The whole
            // chain is walked when it has grown past what the stack can tell apart.
            collapse(t, e, loadChain[e] > 2 * t.loopDepth() + 2 ? Integer.MAX_VALUE : 1);
        }
    }

    /**
     * Walks a key's chain back from its newest entry {@code e}, comparing at most {@code pairs}
     * neighbours below the newest, and kills every entry whose interval equals its newer
     * neighbour's (intervals never increase going back in time).
     */
    private void collapse(DepThread t, int e, int pairs) {
        int kept = loadPrev[e];
        int keptInterval = t.interval(loadTime[kept]);
        int removed = 0;
        for (int p = loadPrev[kept]; p >= 0 && pairs > 0; p = loadPrev[kept], pairs--) {
            int iv = t.interval(loadTime[p]);
            if (iv == keptInterval) {
                loadPrev[kept] = loadPrev[p];
                loadSite[p] = -1;
                loadPrev[p] = free;
                free = p;
                dead++;
                removed++;
            } else {
                kept = p;
                keptInterval = iv;
            }
        }
        loadChain[e] -= removed;   // only the newest entry's length is read again (at the next append)
    }

    /** The latest live entry of a key, or -1. */
    private int latest(int site, int ctx, int thread) {
        if (indexed) {
            int mask = index.length - 1;
            for (int i = hash(site, ctx, thread) & mask; ; i = (i + 1) & mask) {
                int e = index[i] - 1;
                if (e < 0) {
                    return -1;
                }
                if (loadSite[e] == site && loadCtx[e] == ctx && loadThread[e] == thread) {
                    return e;
                }
            }
        }
        for (int e = loads - 1; e >= 0; e--) {
            if (loadSite[e] == site && loadChain[e] > 0 && loadCtx[e] == ctx && loadThread[e] == thread) {
                return e;
            }
        }
        return -1;
    }

    /** A full mix: the index takes the low bits, which a plain multiply leaves equal for keys equal in theirs. */
    private static int hash(int site, int ctx, int thread) {
        int h = site * 0x9E3779B9 ^ ctx * 0x85EBCA6B ^ thread * 0xC2B2AE35;
        h ^= h >>> 16;
        h *= 0x7FEB352D;
        return h ^ (h >>> 15);
    }

    /** Makes entry {@code e} its key's latest in the index (replacing the key's older entry). */
    private void indexPut(int e) {
        int mask = index.length - 1;
        for (int i = hash(loadSite[e], loadCtx[e], loadThread[e]) & mask; ; i = (i + 1) & mask) {
            int old = index[i] - 1;
            if (old < 0 || loadSite[old] == loadSite[e] && loadCtx[old] == loadCtx[e]
                    && loadThread[old] == loadThread[e]) {
                index[i] = e + 1;
                return;
            }
        }
    }

    private void rebuildIndex() {
        int n = Integer.highestOneBit(Math.max(16, loadSite.length * 2) - 1) << 1;
        if (index == null || index.length != n) {
            index = new int[n];
        } else {
            java.util.Arrays.fill(index, 0);
        }
        indexed = true;
        for (int e = 0; e < loads; e++) {
            if (loadSite[e] >= 0 && loadChain[e] > 0) {   // the heads: one per key
                indexPut(e);
            }
        }
    }

    /** Doubles the entry arrays (called when every entry is live). */
    private void grow() {
        int n = Math.max(2, loadSite.length * 2);
        loadSite = Arrays.copyOf(loadSite, n);
        loadCtx = Arrays.copyOf(loadCtx, n);
        loadTime = Arrays.copyOf(loadTime, n);
        loadThread = Arrays.copyOf(loadThread, n);
        loadPrev = Arrays.copyOf(loadPrev, n);
        loadChain = Arrays.copyOf(loadChain, n);
        if (indexed) {
            rebuildIndex();   // the index is sized to the arrays
        }
    }
}
