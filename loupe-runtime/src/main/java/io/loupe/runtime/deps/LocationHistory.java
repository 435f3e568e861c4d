package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;

import java.util.Arrays;

/**
 * The access history of one memory location (CAMP §IV-D): its last store and the loads since it,
 * each as {@code (site, context, time, thread)}. {@link #access} is Algorithm 1: dependences of the
 * access on the history (RAW from the last store for a load; WAR from every load since and WAW
 * from the last store for a store), then the history update (lines 16–21).
 *
 * <p><b>Deduplication</b> (docs/deps.md, "History and deduplication"). The loads of one key
 * {@code (site, context, thread)} that fall into the same interval of the current thread's loop
 * thresholds relate alike to every later access, so they collapse into the latest of them (and one
 * destination access counts a dependence once however many entries give it). The interval of a
 * time — how many current thresholds lie at or before it — never decreases with time, so the
 * entries of one interval are neighbours in the key's time order. Each key's entries form a chain,
 * newest first, and adding a load touches only that chain: a load in the same interval as the
 * key's latest entry (no threshold since) just moves that entry's time; otherwise it is appended
 * and the chain is walked once to collapse neighbours whose intervals have become equal (loops
 * exited since). A chain stays at most {@code 2 × depth + 2} entries long, and finding a key's
 * latest entry is a scan of a few entries or, past {@link #INDEXED} entries, a lookup in a small
 * open-addressing index — a location read by many sites in many contexts (a shared buffer, a
 * configuration field) does not make every load scan them all.
 *
 * <p>Collapsed entries go on a free list that the next appended entry takes first. In a loop the
 * steady state is one entry appended and one collapsed per iteration, so the arrays neither grow
 * nor need compacting: they only grow when the live entries fill them. (Compacting them whenever
 * they filled up, as an earlier version did, cost a fresh array and a pass over every entry every
 * few iterations: 40% of the profiler's time on compression kernels.) Entries are therefore not
 * in time order; a key's latest entry is the one that heads its chain ({@code loadChain > 0}).
 *
 * <p>Entries of other threads are never merged with this thread's (their times are on another
 * clock); they give cross-thread dependences, without loop relations.
 *
 * <p><b>Threads.</b> A location may be shared, so an access holds the history's lock: a spin lock
 * taken with one compare-and-swap and released with a plain release store, where an uncontended
 * monitor costs a compare-and-swap on entry and another on exit (biased locking is gone from the
 * JDK). Updates are short and never block, so spinning is cheap; that is the price of never
 * corrupting a history. Nothing is allocated in the steady state: the
 * load arrays are reused after a store clears them.
 */
public final class LocationHistory {

    /** Past this many load entries, a key's latest entry is found through an index. */
    static final int INDEXED = 8;
    private static final java.lang.invoke.VarHandle LOCK;

    static {
        try {
            LOCK = java.lang.invoke.MethodHandles.lookup().findVarHandle(LocationHistory.class, "lock", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** 1 while a thread updates the history: a compare-and-swap to take, a release store to give back. */
    @SuppressWarnings("unused")   // through LOCK
    private volatile int lock;
    private static final int[] NONE = new int[0];
    private static final long[] NO_TIMES = new long[0];

    private boolean hasStore;
    private int storeSite;
    private int storeCtx;
    private long storeTime;
    private int storeThread;

    private int loads;   // entries handed out since the last store, free ones included
    private int dead;    // entries on the free list
    private int free = -1;   // the free list's first entry, linked through loadPrev
    // allocated on the first load: many locations are only ever written
    private int[] loadSite = NONE;   // -1: a free entry (collapsed into a later one)
    private int[] loadCtx = NONE;
    private long[] loadTime = NO_TIMES;
    private int[] loadThread = NONE;
    private int[] loadPrev = NONE;   // the key's next older entry, or -1; a free entry: the next free one
    private int[] loadChain = NONE;  // a chain's head (its key's latest entry): the chain's length; others 0
    private int[] index;                   // entry + 1 of each key's latest entry, 0 empty
    private boolean indexed;               // whether index holds the current entries (past INDEXED)

    /** The number of live load entries (for tests of the deduplication bound; read when the threads are quiet). */
    public int loadEntries() {
        return loads - dead;
    }

    void access(DepThread t, int site, boolean store) {
        while (!LOCK.compareAndSet(this, 0, 1)) {
            Thread.onSpinWait();
        }
        try {
            update(t, site, store);
        } finally {
            LOCK.setRelease(this, 0);
        }
    }

    private void update(DepThread t, int site, boolean store) {
        long now = t.tick();
        long serial = ++t.access;
        int ctx = t.context();
        if (store) {
            for (int i = 0; i < loads; i++) {
                if (loadSite[i] >= 0) {
                    dependence(t, DepType.WAR, loadSite[i], loadCtx[i], loadTime[i], loadThread[i], site, ctx, serial);
                }
            }
            if (hasStore) {
                dependence(t, DepType.WAW, storeSite, storeCtx, storeTime, storeThread, site, ctx, serial);
            }
            hasStore = true;
            storeSite = site;
            storeCtx = ctx;
            storeTime = now;
            storeThread = t.id;
            loads = 0;
            dead = 0;
            free = -1;
            indexed = false;   // cleared when it is next needed (rebuildIndex), not at every store
        } else {
            if (hasStore) {
                dependence(t, DepType.RAW, storeSite, storeCtx, storeTime, storeThread, site, ctx, serial);
            }
            addLoad(t, site, ctx, now);
        }
    }

    private static void dependence(DepThread t, DepType type, int srcSite, int srcCtx, long srcTime, int srcThread,
                                   int dstSite, int dstCtx, long serial) {
        boolean cross = srcThread != t.id;
        int e = t.table.hit(type, cross, srcSite, srcCtx, dstSite, dstCtx, serial);
        if (!cross) {
            t.relate(e, srcTime);
        }
    }

    private void addLoad(DepThread t, int site, int ctx, long now) {
        int thread = t.id;
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
