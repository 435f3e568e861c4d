package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;

import java.util.Arrays;

/**
 * The access history of one memory location (CAMP §IV-D): its last store and the loads since it,
 * each as {@code (site, context, time, thread)}. {@link #access} is Algorithm 1: dependences of the
 * access on the history (RAW from the last store for a load; WAR from every load since and WAW
 * from the last store for a store), then the history update (lines 16–21).
 *
 * <p><b>Deduplication</b> (docs/deps.md, "History and deduplication"). When a load is added, the
 * entries of the same {@code (site, context, thread)} that fall into the same interval of the
 * current thread's loop thresholds collapse into the latest of them: no threshold of the current
 * stack separates them, and every later threshold comes after the new load, so they relate alike to
 * every later access, and one destination access counts a dependence once however many entries
 * give it. Entries of other threads are never merged with this thread's (their times are on
 * another clock); they give cross-thread dependences, without loop relations.
 *
 * <p><b>Threads.</b> A location may be shared, so an access holds the history's monitor. An
 * uncontended monitor costs a compare-and-swap per access (biased locking is gone from the JDK);
 * that is the price of never corrupting a history. Nothing is allocated in the steady state: the
 * load arrays are reused after a store clears them.
 */
public final class LocationHistory {

    private boolean hasStore;
    private int storeSite;
    private int storeCtx;
    private long storeTime;
    private int storeThread;

    private int loads;
    private int[] loadSite = new int[2];
    private int[] loadCtx = new int[2];
    private long[] loadTime = new long[2];
    private int[] loadThread = new int[2];

    /** The number of load entries kept (for tests of the deduplication bound). */
    public synchronized int loadEntries() {
        return loads;
    }

    synchronized void access(DepThread t, int site, boolean store) {
        long now = t.tick();
        long serial = ++t.access;
        int ctx = t.context();
        if (store) {
            for (int i = 0; i < loads; i++) {
                dependence(t, DepType.WAR, loadSite[i], loadCtx[i], loadTime[i], loadThread[i], site, ctx, serial);
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
        // interval of each entry of this (site, context, thread); the new load is in the last one
        int[] interval = t.scratch;
        if (interval.length < loads) {
            interval = t.scratch = new int[Math.max(loads, interval.length * 2)];
        }
        int same = 0;
        for (int i = 0; i < loads; i++) {
            if (loadSite[i] == site && loadCtx[i] == ctx && loadThread[i] == t.id) {
                interval[i] = t.interval(loadTime[i]);
                same++;
            } else {
                interval[i] = -1;
            }
        }
        if (same > 0) {
            int top = 2 * t.depth;   // every current threshold is ≤ now
            int kept = 0;
            for (int i = 0; i < loads; i++) {
                int v = interval[i];
                boolean drop = false;
                if (v >= 0) {
                    if (v == top) {
                        drop = true;   // collapses into the new load
                    } else {
                        // entries stay in time order, so a later one has a higher index
                        for (int j = i + 1; j < loads; j++) {
                            if (interval[j] == v) {
                                drop = true;   // a later entry of its interval stays
                                break;
                            }
                        }
                    }
                }
                if (!drop) {
                    if (kept != i) {
                        loadSite[kept] = loadSite[i];
                        loadCtx[kept] = loadCtx[i];
                        loadTime[kept] = loadTime[i];
                        loadThread[kept] = loadThread[i];
                    }
                    kept++;
                }
            }
            loads = kept;
        }
        if (loads == loadSite.length) {
            int n = loads * 2;
            loadSite = Arrays.copyOf(loadSite, n);
            loadCtx = Arrays.copyOf(loadCtx, n);
            loadTime = Arrays.copyOf(loadTime, n);
            loadThread = Arrays.copyOf(loadThread, n);
        }
        loadSite[loads] = site;
        loadCtx[loads] = ctx;
        loadTime[loads] = now;
        loadThread[loads] = t.id;
        loads++;
    }
}
