package io.loupe.runtime.deps;

import io.loupe.data.deps.ShadowFieldSpec;
import jdk.internal.misc.Unsafe;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The synthetic field in which an object of an instrumented class keeps its own shadow
 * (docs/deps.md, "Shadow memory"). The instrumenter adds {@value #NAME} — private, transient,
 * synthetic, of type {@code Object} — to the topmost instrumented class of each hierarchy it
 * sees; this class finds it per runtime class and reads and installs shadows there through
 * {@link Unsafe}, one load from the object being accessed anyway. A shadow held this way dies
 * with its object: no weak reference, no hashing, no map to drain, and the collector never
 * copies the shadow of a dead object.
 *
 * <p><b>Which field.</b> A class may see more than one declaration in its superclasses (the
 * instrumenter decides by name whether a superclass will carry the field, and a superclass that
 * failed to instrument does not); the topmost one is the object's, so every access to one object
 * finds the same shadow whatever the static type at the access site. A class without any
 * declaration — the JDK's, excluded ones, classes loaded before the agent — has {@link Layout#offset}
 * -1 and its objects keep their shadows in the {@link ShadowMap}.
 *
 * <p><b>Copies.</b> {@code Object.clone()} copies the field, and the copy would share the
 * original's shadow; {@link #cloned} (called by instrumented code after every {@code clone()}
 * call) gives the copy its own. A copy made by code Loupe does not instrument and never returned
 * through an instrumented call of {@code clone()} keeps sharing: see docs/deps.md.
 *
 * <p><b>Reflection.</b> The field is not in {@code Class.getDeclaredFields()} and its kin:
 * {@link ShadowFieldFilter} adds it to the JDK's own reflection filter, and the agent adds no
 * field when that filter cannot be installed.
 *
 * <p>Without access to {@link Unsafe} (the agent exports its package to the runtime; a runtime
 * used without the agent may lack it) every class has offset -1.
 */
public final class ShadowField {

    /** The field's name: {@code $} keeps it out of the way of names javac produces from source. */
    public static final String NAME = ShadowFieldSpec.NAME;
    /** The field's descriptor. */
    public static final String DESCRIPTOR = ShadowFieldSpec.DESCRIPTOR;

    private static final Unsafe U = unsafe();
    /** Per class: the offset of the field if the class itself declares it, else -1. */
    private static final ClassValue<Long> OWN = new ClassValue<>() {
        @Override
        protected Long computeValue(Class<?> type) {
            return ownOffset(type);
        }
    };
    private static final ClassValue<Layout> LAYOUTS = new ClassValue<>() {
        @Override
        protected Layout computeValue(Class<?> type) {
            ShadowFieldFilter.ensureInstalled();   // a new class: a cheap moment to check the filter is still in place
            return new Layout(type, offset(type));
        }
    };
    private static final VarHandle CREATED;

    static {
        try {
            CREATED = MethodHandles.lookup().findStaticVarHandle(ShadowField.class, "created", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused")   // through CREATED
    private static long created;

    private ShadowField() {
    }

    /** Where objects of a class keep their shadow: immutable, so a plain read sees it whole. */
    public static final class Layout {
        /** The runtime class this describes (null for {@link #NONE}). */
        final Class<?> type;
        /** The field's offset in objects of {@link #type}, or -1: they use the map. */
        final long offset;

        private Layout(Class<?> type, long offset) {
            this.type = type;
            this.offset = offset;
        }

        /** Matches no class: a site's cache before its first object. */
        static final Layout NONE = new Layout(null, -1);
    }

    private static Unsafe unsafe() {
        try {
            return Unsafe.getUnsafe();
        } catch (Throwable e) {   // the package is not exported to the runtime: the map serves all
            return null;
        }
    }

    /** True when shadows can live in the synthetic field (the agent exported {@code jdk.internal.misc}). */
    public static boolean available() {
        return U != null;
    }

    /** The layout of objects of {@code type}. */
    public static Layout layout(Class<?> type) {
        return LAYOUTS.get(type);
    }

    /** Whether {@code type} itself declares the field (not through a superclass). */
    static boolean declares(Class<?> type) {
        return OWN.get(type) >= 0;
    }

    /** The offset of the topmost declaration of the field in {@code type}'s superclass chain, or -1. */
    private static long offset(Class<?> type) {
        long offset = -1;
        for (Class<?> c = type; c != null && c != Object.class; c = c.getSuperclass()) {
            long own = OWN.get(c);
            if (own >= 0) {
                offset = own;
            }
        }
        return offset;
    }

    private static long ownOffset(Class<?> type) {
        if (U == null || type.isArray() || type.isInterface() || type.isPrimitive()) {
            return -1;
        }
        try {
            return U.objectFieldOffset(type, NAME);   // the class's own fields only, not through reflection
        } catch (InternalError | IllegalArgumentException absentOrStatic) {
            return -1;
        }
    }

    /** The shadow held in object {@code o} at {@code offset}, created on first use. */
    static ObjectShadow shadow(Object o, long offset) {
        Object s = U.getReferenceAcquire(o, offset);
        return s != null ? (ObjectShadow) s : install(o, offset);
    }

    private static ObjectShadow install(Object o, long offset) {
        ObjectShadow n = new ObjectShadow();
        if (U.compareAndSetReference(o, offset, null, n)) {   // a full fence: n is seen built
            CREATED.getAndAdd(1L);
            return n;
        }
        return (ObjectShadow) U.getReferenceAcquire(o, offset);   // another thread's, installed first
    }

    /**
     * After {@code copy = original.clone()}: if the copy carries the original's shadow (the field
     * copied with the rest), it gets none, so its first access gives it its own.
     */
    public static void cloned(Object original, Object copy) {
        if (U == null || copy == null || original == null || copy == original) {
            return;
        }
        long offset = layout(copy.getClass()).offset;
        if (offset < 0) {
            return;
        }
        Object s = U.getReferenceAcquire(copy, offset);
        long originalOffset = layout(original.getClass()).offset;
        if (s != null && originalOffset >= 0 && U.getReferenceAcquire(original, originalOffset) == s) {
            U.compareAndSetReference(copy, offset, s, null);
        }
    }

    /** Shadows installed in synthetic fields so far. */
    public static long created() {
        return (long) CREATED.getVolatile();
    }
}
