package io.loupe.runtime.trace;

import io.loupe.data.trace.TraceEvent;

import java.lang.reflect.Array;

/**
 * The checks of the extended whole-program trace ({@code trace.heap=checks}; docs/trace.md,
 * <i>Checks</i>): called before each heap access the instrumenter could not prove free, each
 * appends to its thread's trace the generation its location is in — which access site began it
 * and that site's instance on its thread ({@link TraceThread#check}) — and a store begins a new
 * one. That is what Tallam and Gupta's disambiguation checks carry (TACO 2007,
 * §3: the id of the store that wrote an address last), named directly, so the recovery finds every
 * RAW, WAR and WAW dependence through the heap from the trace alone, between threads too.
 *
 * <p>A location's generation lives with its object ({@link ObjectIds.Entry}): an array's in a
 * {@code long[]} by index, an object's fields in a small table by field id; it dies with the
 * object. A probe that finds its access will throw (a null reference, an index out of bounds, a
 * value the array cannot hold) appends {@link TraceEvent#GEN_NONE} and changes nothing, and the
 * instruction throws as it would have. A bulk operation appends the elements it touches (an INDEX
 * event) and then the generation of each, runs of them as RUN events.
 *
 * <p>Threads: a thread reads and writes the slots without a lock. Two threads racing on one
 * location without synchronization may each see the generation before the other's store, as they
 * may see each other's values.
 */
public final class Checks {

    /**
     * The generations of static fields, by the instrumenter's global static field id: the fields of
     * one object that is always there (held here, so its entry never clears).
     */
    private static final Object STATICS = new Object();
    private static final ObjectIds.Entry STATIC_FIELDS = new ObjectIds.Entry(STATICS, 0, 0, null);

    private Checks() {
    }

    private static ObjectIds.Entry entry(Object o, TraceThread t) {
        ObjectIds.Entry e = t.checked;
        if (e != null && e.get() == o) {
            return e;
        }
        e = TraceThread.IDS.entry(o);
        t.checked = e;
        return e;
    }

    private static long[] elements(Object a, TraceThread t) {
        ObjectIds.Entry e = entry(a, t);
        long[] g = e.elements;
        if (g == null) {
            synchronized (e) {
                g = e.elements;
                if (g == null) {
                    g = new long[Array.getLength(a)];
                    e.elements = g;
                }
            }
        }
        return g;
    }

    /** Before a {@code getfield} of field {@code field} of {@code o}, at heap access site {@code site}. */
    public static void loadField(Object o, int field, int site, TraceThread t) {
        field(o, field, false, site, t);
    }

    /** Before a {@code putfield} of field {@code field} of {@code o}, at heap access site {@code site}. */
    public static void storeField(Object o, int field, int site, TraceThread t) {
        field(o, field, true, site, t);
    }

    /**
     * Before a {@code getstatic} of static field {@code field}, at heap access site {@code site}.
     * One location, which the control flow alone would name; checked all the same, because
     * another thread may have stored it, and a thread's trace has no order with another's.
     */
    public static void loadStatic(int field, int site, TraceThread t) {
        field(STATIC_FIELDS, field, false, site, t);
    }

    /** Before a {@code putstatic} of static field {@code field}, at heap access site {@code site}. */
    public static void storeStatic(int field, int site, TraceThread t) {
        field(STATIC_FIELDS, field, true, site, t);
    }

    private static void field(Object o, int field, boolean store, int site, TraceThread t) {
        if (o == null) {
            t.gen(TraceEvent.GEN_NONE);
            return;
        }
        field(entry(o, t), field, store, site, t);
    }

    private static void field(ObjectIds.Entry e, int field, boolean store, int site, TraceThread t) {
        FieldGenerations f = e.fields;   // one table: the slot found is the slot used, whatever another thread grows
        int i = f == null ? -1 : f.find(field);
        if (i < 0) {
            f = FieldGenerations.insert(e, field);
            i = f.find(field);
        }
        if (store) {
            store(f.gens, i, site, t);
        } else {
            load(f.gens, i, site, t);
        }
    }

    /** Before an {@code xaload} of {@code a[i]}. */
    public static void loadElement(Object a, int i, int site, TraceThread t) {
        if (a == null || i < 0 || i >= Array.getLength(a)) {
            t.gen(TraceEvent.GEN_NONE);
            return;
        }
        load(elements(a, t), i, site, t);
    }

    /** Before a primitive {@code xastore} into {@code a[i]}. */
    public static void storeElement(Object a, int i, int site, TraceThread t) {
        if (a == null || i < 0 || i >= Array.getLength(a)) {
            t.gen(TraceEvent.GEN_NONE);
            return;
        }
        store(elements(a, t), i, site, t);
    }

    /** Before an {@code aastore} of {@code v} into {@code a[i]}. */
    public static void storeElementRef(Object a, int i, Object v, int site, TraceThread t) {
        if (a != null && v != null && !a.getClass().getComponentType().isInstance(v)) {
            t.gen(TraceEvent.GEN_NONE);
            return;
        }
        storeElement(a, i, site, t);
    }

    private static void load(long[] gens, int i, int site, TraceThread t) {
        long g = gens[i];
        if (g == 0) {
            gens[i] = t.begin(site);
        }
        t.check(g, site);
    }

    private static void store(long[] gens, int i, int site, TraceThread t) {
        t.check(gens[i], site);
        gens[i] = t.begin(site);
    }

    /**
     * Before {@code System.arraycopy}: the elements it moves (INDEX), the generations of the
     * source's, then of the destination's, which it stores. The loads all come before the stores,
     * as the JVM specifies a copy within one array; between two arrays the order makes no
     * difference to a dependence.
     */
    public static void arraycopy(Object src, int srcPos, Object dst, int dstPos, int length, int site, TraceThread t) {
        int n = BulkRanges.copied(src, srcPos, dst, dstPos, length);
        t.count(n);
        if (n > 0) {
            range(elements(src, t), srcPos, n, false, site, t);
            range(elements(dst, t), dstPos, n, true, site, t);
        }
    }

    /** Before {@code Arrays.fill(a, value)}. */
    public static void fill(Object a, int site, TraceThread t) {
        bulk(a, 0, BulkRanges.length(a), true, site, t);
    }

    /** Before {@code Arrays.fill(a, from, to, value)}. */
    public static void fill(Object a, int from, int to, int site, TraceThread t) {
        bulk(a, from, BulkRanges.filled(a, from, to), true, site, t);
    }

    /** Before {@code Arrays.copyOf(a, newLength)}: the elements it reads. */
    public static void copyOf(Object a, int newLength, int site, TraceThread t) {
        bulk(a, 0, BulkRanges.copiedOf(a, newLength), false, site, t);
    }

    /** Before {@code Arrays.copyOfRange(a, from, to)}: the elements it reads. */
    public static void copyOfRange(Object a, int from, int to, int site, TraceThread t) {
        bulk(a, from, BulkRanges.copiedOfRange(a, from, to), false, site, t);
    }

    /** Before an array's {@code clone()}: every element, read. */
    public static void cloneArray(Object a, int site, TraceThread t) {
        bulk(a, 0, BulkRanges.length(a), false, site, t);
    }

    private static void bulk(Object a, int from, int n, boolean store, int site, TraceThread t) {
        t.count(n);
        if (n > 0) {
            range(elements(a, t), from, n, store, site, t);
        }
    }

    /**
     * The generations of {@code n} elements from {@code from}, loaded or stored in index order at
     * site {@code site}: a GEN event for the first, then a RUN for each stretch of elements each in
     * the generation {@code step} instances of one thread's site after the one before, or each in
     * none, a GEN again where a stretch ends. A load of an element in none begins its generation; a
     * store begins one after naming the element's.
     */
    private static void range(long[] gens, int from, int n, boolean store, int site, TraceThread t) {
        boolean fresh = false;      // the element before was in no generation
        long before = 0;            // else its generation
        int step = 0;
        int run = 0;
        for (int k = 0; k < n; k++) {
            int i = from + k;
            long g = gens[i];
            if (k > 0 && continues(fresh, before, g, run, step)) {
                if (run == 0) {
                    step = g == 0 ? 0 : TraceEvent.generationInstance(g) - TraceEvent.generationInstance(before);
                }
                run++;
            } else {
                if (run > 0) {
                    t.run(step, run);
                    run = 0;
                }
                t.check(g, site);
            }
            fresh = g == 0;
            before = g;
            if (store || g == 0) {
                gens[i] = t.begin(site);
            }
        }
        if (run > 0) {
            t.run(step, run);
        }
    }

    /** True if element generation {@code g} continues the stretch the element before began or extends. */
    private static boolean continues(boolean fresh, long before, long g, int run, int step) {
        if (fresh || g == 0) {
            return fresh && g == 0;
        }
        if (before >>> 32 != g >>> 32) {
            return false;   // another thread's or another site's
        }
        long d = (long) TraceEvent.generationInstance(g) - TraceEvent.generationInstance(before);
        return run == 0 ? d >= -TraceEvent.MAX_STEP && d <= TraceEvent.MAX_STEP : d == step;
    }
}
