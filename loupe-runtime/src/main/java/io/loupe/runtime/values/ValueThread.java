package io.loupe.runtime.values;

import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;

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

    /** The current thread's recorders (a ThreadLocal lookup: the slow path of {@link Values#recorders}). */
    @DontInline
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

    /**
     * The recorders, with one ready for each site in {@code [first, end)}; the owning thread only.
     * The check that they are is inlined into every method with value sites ({@link Values#recorders}).
     */
    @ForceInline
    SiteRecorder[] ready(int first, int end) {
        SiteRecorder[] rs = recorders;
        return end <= rs.length && rs[end - 1] != null ? rs : prepare(first, end);
    }

    /**
     * Makes sure a recorder exists for every site in {@code [first, end)} (a method's sites, on its
     * first activation in this thread), growing the array if needed, and returns the array.
     */
    @DontInline
    SiteRecorder[] prepare(int first, int end) {
        if (end > recorders.length) {
            recorders = Arrays.copyOf(recorders, Math.max(end, Math.max(ValueSiteRegistry.size(), recorders.length * 2)));
        }
        ValueConfig config = ValueProfiler.config();
        boolean created = false;
        for (int site = first; site < end; site++) {
            if (recorders[site] == null) {
                recorders[site] = new SiteRecorder(config, site);
                created = true;
            }
        }
        if (created) {
            SiteRecorder.link(Arrays.copyOfRange(recorders, first, end));
        }
        return recorders;
    }
}
