package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import jdk.internal.vm.annotation.DontInline;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The entry points that code instrumented for dependence profiling calls (docs/deps.md, "Probes").
 * A method fetches its thread's {@link DepThread} once, at entry ({@link #thread()}), keeps it in a
 * local and passes it to every probe; loop, call and exception events are calls on that object,
 * heap accesses go through the static methods here, which find the location's history and hand it
 * to the thread.
 *
 * <p>A probe runs just before its instruction. When the instruction is going to throw — a null
 * reference, an index out of bounds, an {@code aastore} of a value the array cannot hold — the probe
 * records nothing and returns, and the instruction throws exactly as it would have (same exception,
 * same message, same stack trace): nothing Loupe does may change what the program observes.
 *
 * <p>Each access site has its own {@link ShadowCache} in front of the profiler's shadow map,
 * created on the site's first execution.
 */
public final class Deps {

    private static volatile DepProfiler profiler;
    private static volatile ShadowCache[] caches = new ShadowCache[0];
    private static final ThreadLocal<DepThread> CURRENT = new ThreadLocal<>();
    /** The last thread looked up: a compare instead of a ThreadLocal lookup while one thread runs. */
    private static DepThread last;

    private Deps() {
    }

    /** Starts dependence profiling in {@code mode}; called once by the agent before any instrumented code runs. */
    public static synchronized void configure(DepMode mode) {
        configure(mode, false, false);
    }

    /**
     * As {@link #configure(DepMode)}, with abstract interpretation at loop entry on if
     * {@code absint}, deciding every invocation it proves, shorter than its trace or not, if
     * {@code always} ({@link NestMemo}).
     */
    public static synchronized void configure(DepMode mode, boolean absint, boolean always) {
        if (profiler != null) {
            throw new IllegalStateException("dependence profiling is already configured");
        }
        profiler = new DepProfiler(mode, DepRegistry::recursionLoop, absint, always);
    }

    /** The profiler, or null when dependence profiling is off. */
    public static DepProfiler profiler() {
        return profiler;
    }

    /** The current thread's state: called once per activation of an instrumented method. */
    public static DepThread thread() {
        DepThread t = last;
        if (t == null || t.owner != Thread.currentThread()) {
            t = lookup();
            last = t;
        }
        return t;
    }

    @DontInline
    private static DepThread lookup() {
        DepThread t = CURRENT.get();
        if (t == null) {
            t = profiler.newThread();
            CURRENT.set(t);
        }
        return t;
    }

    private static final VarHandle SLOT = MethodHandles.arrayElementVarHandle(ShadowCache[].class);

    /**
     * The site's cache. Slots are written with release stores under the lock and read with acquire
     * loads (a plain load on x86), so a cache is only ever seen fully built; the array is copied
     * only to grow, and a reader still holding an old array can only miss and go to the lock.
     */
    private static ShadowCache cache(int site) {
        ShadowCache[] c = caches;
        if (site < c.length) {
            ShadowCache s = (ShadowCache) SLOT.getAcquire(c, site);
            if (s != null) {
                return s;
            }
        }
        return newCache(site);
    }

    @DontInline
    private static synchronized ShadowCache newCache(int site) {
        ShadowCache[] c = caches;
        if (site < c.length && c[site] != null) {
            return c[site];
        }
        ShadowCache s = new ShadowCache(profiler.heap());
        if (site >= c.length) {
            c = java.util.Arrays.copyOf(c, Math.max(site + 1, Math.max(DepRegistry.siteCount(), c.length * 2)));
            c[site] = s;
            caches = c;   // a volatile write publishes the copy with its new slot
        } else {
            SLOT.setRelease(c, site, s);
        }
        return s;
    }

    /**
     * After a call of {@code clone()} (not an array's) in instrumented code: {@code copy} is the
     * call's result, {@code original} its receiver. A copy that carries the original's shadow in
     * its synthetic field (copied with the rest) gets its own ({@link ShadowField#cloned}).
     * Returns {@code copy}.
     */
    public static Object cloned(Object original, Object copy) {
        ShadowField.cloned(original, copy);
        return copy;
    }

    // ---- fields ----

    /** {@code getfield} of instance field {@code field} of {@code o}. */
    public static void getField(Object o, DepThread t, int site, int field) {
        if (o != null) {
            t.load(cache(site).field(o, field), site);
        }
    }

    /** {@code putfield} of instance field {@code field} of {@code o}. */
    public static void putField(Object o, DepThread t, int site, int field) {
        if (o != null) {
            t.store(cache(site).field(o, field), site);
        }
    }

    /**
     * The {@code putfield} that is the only store final field {@code field} of {@code o} gets, in a
     * constructor of a final class: it seals the location ({@link LocationHistory#SEALING_STORE}).
     */
    public static void putFinalField(Object o, DepThread t, int site, int field) {
        if (o != null) {
            t.sealingStore(cache(site).field(o, field), site);
        }
    }

    /**
     * The {@code putfield} that is the only store final field {@code field} of {@code o} gets, in a
     * constructor of open class {@code declaring}: it seals the location if {@code o} is of that class itself.
     * An object of a subclass is stored to as by {@link #putField}: a field of the subclass with the
     * same name and type would share the location (field ids, {@link DepRegistry}) and store to it again.
     */
    public static void putFinalField(Object o, DepThread t, int site, int field, Class<?> declaring) {
        if (o != null) {
            LocationHistory h = cache(site).field(o, field);
            if (o.getClass() == declaring) {
                t.sealingStore(h, site);
            } else {
                t.store(h, site);
            }
        }
    }

    /** {@code getstatic} of static field {@code field}. */
    public static void getStatic(DepThread t, int site, int field) {
        t.load(profiler.statics().field(field), site);
    }

    /** {@code putstatic} of static field {@code field}. */
    public static void putStatic(DepThread t, int site, int field) {
        t.store(profiler.statics().field(field), site);
    }

    /** The {@code putstatic} that is the only store static final field {@code field} gets. */
    public static void putFinalStatic(DepThread t, int site, int field) {
        t.sealingStore(profiler.statics().field(field), site);
    }

    // ---- array elements ----

    /** {@code xaload} of {@code a[i]}. */
    public static void arrayLoad(Object a, int i, DepThread t, int site) {
        if (a != null) {
            ArrayShadow s = cache(site).array(a);
            if (i >= 0 && i < s.length()) {
                t.load(s.element(i), site);
            }
        }
    }

    /** {@code xastore} of {@code a[i]} for a primitive array. */
    public static void arrayStore(Object a, int i, DepThread t, int site) {
        if (a != null) {
            ArrayShadow s = cache(site).array(a);
            if (i >= 0 && i < s.length()) {
                t.store(s.element(i), site);
            }
        }
    }

    /** {@code aastore} of {@code v} into {@code a[i]}: nothing when the store will throw. */
    public static void arrayStoreRef(Object a, int i, Object v, DepThread t, int site) {
        if (a != null && (v == null || a.getClass().getComponentType().isInstance(v))) {
            ArrayShadow s = cache(site).array(a);
            if (i >= 0 && i < s.length()) {
                t.store(s.element(i), site);
            }
        }
    }

    // ---- bulk operations (BulkAccess) ----

    public static void arraycopy(Object src, int srcPos, Object dst, int dstPos, int length, DepThread t, int site) {
        BulkAccess.arraycopy(t, site, profiler.heap(), src, srcPos, dst, dstPos, length);
    }

    /** {@code Arrays.fill(a, value)}. */
    public static void fill(Object a, DepThread t, int site) {
        BulkAccess.fill(t, site, profiler.heap(), a);
    }

    /** {@code Arrays.fill(a, from, to, value)}. */
    public static void fill(Object a, int from, int to, DepThread t, int site) {
        BulkAccess.fill(t, site, profiler.heap(), a, from, to);
    }

    /** {@code Arrays.copyOf(a, newLength)} (with or without a new type). */
    public static void copyOf(Object a, int newLength, DepThread t, int site) {
        BulkAccess.copyOf(t, site, profiler.heap(), a, newLength);
    }

    /** {@code Arrays.copyOfRange(a, from, to)} (with or without a new type). */
    public static void copyOfRange(Object a, int from, int to, DepThread t, int site) {
        BulkAccess.copyOfRange(t, site, profiler.heap(), a, from, to);
    }

    /** {@code a.clone()} of an array. */
    public static void cloneArray(Object a, DepThread t, int site) {
        BulkAccess.cloneArray(t, site, profiler.heap(), a);
    }
}
