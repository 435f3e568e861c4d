package io.loupe.runtime.values;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One thread's value profiling state: a recorder per site it has run, indexed by site id. Only the
 * owning thread writes it; the dump at exit reads it. Every one is registered in a global list
 * when created, so threads that end keep their data.
 */
final class ValueThread {

    /** A recorder set that belongs to no thread: the initial value of the cache in {@link Values}. */
    static final ValueThread NOBODY = new ValueThread(null);

    private static final List<ValueThread> ALL = new ArrayList<>();
    private static final ThreadLocal<ValueThread> CURRENT = ThreadLocal.withInitial(ValueThread::create);

    final Thread owner;
    SiteRecorder[] recorders = new SiteRecorder[0];

    private ValueThread(Thread owner) {
        this.owner = owner;
    }

    static ValueThread current() {
        return CURRENT.get();
    }

    private static ValueThread create() {
        ValueThread t = new ValueThread(Thread.currentThread());
        synchronized (ALL) {
            ALL.add(t);
        }
        return t;
    }

    static List<ValueThread> all() {
        synchronized (ALL) {
            return new ArrayList<>(ALL);
        }
    }

    /** Replaces the recorder array by one of at least {@code size} entries, keeping the recorders. */
    SiteRecorder[] grow(int size) {
        recorders = Arrays.copyOf(recorders, Math.max(size, Math.max(ValueSiteRegistry.size(), recorders.length * 2)));
        return recorders;
    }

    /** The recorder of {@code site}, created on the site's first execution in this thread. */
    SiteRecorder create(int site) {
        if (site >= recorders.length) {
            grow(site + 1);
        }
        SiteRecorder r = recorders[site];
        if (r == null) {
            r = new SiteRecorder(ValueProfiler.config(), site);
            recorders[site] = r;
        }
        return r;
    }
}
