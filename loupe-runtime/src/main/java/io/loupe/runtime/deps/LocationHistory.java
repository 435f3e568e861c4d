package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;

/**
 * The access history of one memory location (CAMP §IV-D): its last store and the loads since it,
 * each as {@code (site, context, time, thread)}. {@link #access} is Algorithm 1: dependences of the
 * access on the history (RAW from the last store for a load; WAR from every load since and WAW
 * from the last store for a store), then the history update (lines 16–21).
 *
 * <p><b>Deduplication</b> (docs/deps.md, "History and deduplication"). The loads of one key
 * {@code (site, context, thread)} that fall into the same interval of the current thread's loop
 * thresholds relate alike to every later access, so they collapse into the latest of them (and one
 * destination access counts a dependence once however many entries give it): see
 * {@link LoadChains}.
 *
 * <p><b>Size.</b> Many locations are array elements and fields read by one key between stores,
 * so the history keeps one load entry inline and creates its {@link LoadChains} only when a second
 * entry is needed (another key, or the same key in a later interval). A history read that way is
 * one object of 64 bytes; with the chains' six arrays allocated on the first load, as an earlier
 * version did, it took 232, and on lucene allocating them was a sixth of the profiler's time. Once
 * created, the chains stay (a location that needed them once is likely to again).
 *
 * <p>Entries of other threads are never merged with this thread's (their times are on another
 * clock); they give cross-thread dependences, without loop relations.
 *
 * <p><b>Threads.</b> A location may be shared, so an access holds the history's lock: a spin lock
 * taken with one compare-and-swap and released with a plain release store, where an uncontended
 * monitor costs a compare-and-swap on entry and another on exit (biased locking is gone from the
 * JDK). Updates are short and never block, so spinning is cheap; that is the price of never
 * corrupting a history. While only one thread has run instrumented code, no history is shared,
 * and the lock is skipped: the compare-and-swap was 5% (h2) to 15% (scimark) of a single-threaded
 * program's samples under camp. The second thread turns the locks on for good
 * ({@link DepProfiler#newThread}), after making sure that the first is not in the middle of an
 * update that began without its lock. Nothing is allocated in the steady state: the chains'
 * arrays are reused after a store clears them.
 */
public sealed class LocationHistory permits ObjectShadow {

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

    private boolean hasStore;
    /**
     * Set by the only store its final field will see ({@code FinalFieldStores} in the instrumenter):
     * no store will follow to take a WAR from a load, so loads after it keep no entry (docs/deps.md,
     * "Final fields"). A later store all the same (the instrumenter was wrong) is counted, and warned of.
     */
    private boolean sealed;
    private int storeSite;
    private int storeCtx;
    private long storeTime;
    private int storeThread;

    // the inline load entry, used until the chains are created: present when oneSite >= 0
    private int oneSite = -1;
    private int oneCtx;
    private long oneTime;
    private int oneThread;
    /** Every load entry, once more than one was needed. */
    private LoadChains chains;

    /** The number of live load entries (for tests of the deduplication bound; read when the threads are quiet). */
    public int loadEntries() {
        return (oneSite >= 0 ? 1 : 0) + (chains == null ? 0 : chains.size());
    }

    /** Whether the load entries are well formed (for tests, with the threads quiet): {@link LoadChains#consistent}. */
    boolean consistent() {
        return chains == null || oneSite < 0 && chains.consistent();
    }

    /** Access kinds. */
    static final int LOAD = 0, STORE = 1, SEALING_STORE = 2;

    /** An access of kind {@link #LOAD}, {@link #STORE} or {@link #SEALING_STORE} by {@code site}. */
    void access(DepThread t, int site, int kind) {
        // The mark goes before the read of the flag: a thread that shares the profile either
        // finds the mark set (and waits for the update to end) or this read sees the flag set.
        t.enterUpdate();
        try {
            if (!t.profiler.shared()) {
                update(t, site, kind);   // one thread so far: nobody else can hold the lock
                return;
            }
        } finally {
            t.exitUpdate();
        }
        while (!LOCK.compareAndSet(this, 0, 1)) {
            Thread.onSpinWait();
        }
        try {
            update(t, site, kind);
        } finally {
            LOCK.setRelease(this, 0);
        }
    }

    private void update(DepThread t, int site, int kind) {
        long now = t.tick();
        long serial = ++t.access;
        int ctx = t.context();
        if (kind != LOAD) {
            if (sealed) {
                t.storesAfterSeal++;
            }
            sealed = kind == SEALING_STORE;
            if (oneSite >= 0) {
                dependence(t, DepType.WAR, oneSite, oneCtx, oneTime, oneThread, site, ctx, serial);
                oneSite = -1;
            } else if (chains != null) {   // (never both)
                chains.storeAfter(t, site, ctx, serial);
            }
            if (hasStore) {
                dependence(t, DepType.WAW, storeSite, storeCtx, storeTime, storeThread, site, ctx, serial);
            }
            hasStore = true;
            storeSite = site;
            storeCtx = ctx;
            storeTime = now;
            storeThread = t.id;
        } else {
            if (hasStore) {
                dependence(t, DepType.RAW, storeSite, storeCtx, storeTime, storeThread, site, ctx, serial);
            }
            if (!sealed) {
                addLoad(t, site, ctx, now);
            }
        }
    }

    static void dependence(DepThread t, DepType type, int srcSite, int srcCtx, long srcTime, int srcThread,
                           int dstSite, int dstCtx, long serial) {
        boolean cross = srcThread != t.id;
        int h = t.table.hit(type, cross, srcSite, srcCtx, dstSite, dstCtx, serial, t.weight);
        if (!cross) {
            t.relate(h, srcTime);
        }
    }

    private void addLoad(DepThread t, int site, int ctx, long now) {
        int thread = t.id;
        if (chains == null) {
            if (oneSite < 0) {
                oneSite = site;
                oneCtx = ctx;
                oneTime = now;
                oneThread = thread;
                return;
            }
            if (oneSite == site && oneCtx == ctx && oneThread == thread && oneTime > t.newestThreshold()) {
                oneTime = now;   // no threshold since: the same interval as now
                return;
            }
            // a second entry: the inline one moves into the chains, which hold every entry from now on
            chains = new LoadChains();
            chains.addLoad(t, oneSite, oneCtx, oneThread, oneTime);
            oneSite = -1;
        }
        chains.addLoad(t, site, ctx, thread, now);
    }
}
