package io.loupe.runtime.deps;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A per-site inline cache in front of a {@link ShadowMap}: {@link Deps} keeps one per access site
 * and asks it, not the map, for a location's history. It remembers the map's entry for
 * the last object the site saw; a hit is a load of that entry's referent and one reference compare,
 * with no lock and no hashing. A miss asks the map and remembers the new entry. Objects whose
 * class carries the synthetic shadow field ({@link ShadowField}) skip the map altogether: for them
 * the site remembers the class's layout instead.
 *
 * <p>The cache holds the map's entry, a weak reference, not the object, so it keeps nothing alive.
 * A dead entry's referent is null and never equals the (non-null) object asked for. The remembered
 * entry is one field, written and read whole (release store, acquire load: free on x86, and enough
 * for a thread to see an entry another thread's miss put there fully built), so threads sharing a
 * site can only make each other miss, never see one object's shadow for another's. Only misses are
 * counted: a counter on the hit path would be a shared write per access.
 */
public final class ShadowCache {

    private final ShadowMap map;
    @SuppressWarnings("unused")   // through LAST
    private ShadowMap.Entry last;
    /** The layout of the class of the last object (not array) the site saw. */
    private ShadowField.Layout layout = ShadowField.Layout.NONE;
    private long misses;

    private static final VarHandle LAST;

    static {
        try {
            LAST = MethodHandles.lookup().findVarHandle(ShadowCache.class, "last", ShadowMap.Entry.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** A sentinel that matches no object asked for (its referent is never null, never asked for). */
    private static final Object NOBODY = new Object();
    private static final ShadowMap.Entry NONE = new ShadowMap.Entry(NOBODY, 0, null, null);

    public ShadowCache(ShadowMap map) {
        this.map = map;
        LAST.setRelease(this, NONE);
    }

    private Shadow shadow(Object o) {
        ShadowMap.Entry e = (ShadowMap.Entry) LAST.getAcquire(this);
        if (e.get() == o && o != null) {
            return e.shadow;
        }
        misses++;
        e = map.entry(o);
        LAST.setRelease(this, e);
        return e.shadow;
    }

    /** The history of instance field {@code fieldId} of {@code o}. */
    public LocationHistory field(Object o, int fieldId) {
        return object(o).field(fieldId);
    }

    /** The history of element {@code index} of array {@code a}. */
    public LocationHistory element(Object a, int index) {
        return ((ArrayShadow) shadow(a)).element(index);
    }

    /** The shadow of array {@code a}. */
    public ArrayShadow array(Object a) {
        return (ArrayShadow) shadow(a);
    }

    /**
     * The shadow of object {@code o}: from its synthetic field when its class has one
     * ({@link ShadowField}), else from the map. The site remembers the layout of the last class
     * it saw, so a site that sees one class pays a class compare and one load from the object.
     * A layout is immutable, so a plain field serves threads that share the site.
     */
    public ObjectShadow object(Object o) {
        Class<?> type = o.getClass();
        ShadowField.Layout l = layout;
        if (l.type != type) {
            l = ShadowField.layout(type);
            layout = l;
        }
        long offset = l.offset;
        return offset >= 0 ? ShadowField.shadow(o, offset) : (ObjectShadow) shadow(o);
    }

    /** Misses so far (a racy count when threads share the site; for tests and statistics). */
    public long misses() {
        return misses;
    }
}
