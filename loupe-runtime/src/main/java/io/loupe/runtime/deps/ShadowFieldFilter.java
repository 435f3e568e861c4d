package io.loupe.runtime.deps;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.AbstractMap;
import java.util.Map;
import java.util.Set;

/**
 * Keeps the synthetic shadow field ({@link ShadowField}) out of reflection, so that a program that
 * lists a class's fields — a test counting them, a mapper, a reflective {@code equals} — sees the
 * class as it wrote it (docs/deps.md, "Shadow memory").
 *
 * <p>The JDK already hides some of its own fields from {@code Class.getDeclaredFields()},
 * {@code getDeclaredField(name)}, {@code getFields()} and {@code getField(name)}: they all pass
 * through {@code jdk.internal.reflect.Reflection.filterFields}, which drops the names that
 * {@code Reflection.fieldFilterMap} lists for the class. {@link #install()} wraps that map in one
 * that also lists {@value ShadowField#NAME} for every class that declares it. Field access by the
 * virtual machine itself (bytecode, {@code Unsafe}, method handles resolved by name) does not use
 * the filter, so Loupe's own reads are unaffected.
 *
 * <p>The JDK replaces the map with a copy when a class registers a filter of its own
 * ({@code Reflection.registerFieldsToFilter}, from the static initializers of a few JDK classes).
 * {@link #install()} initializes those classes first, and {@link #ensureInstalled()}, called for
 * each class the profiler meets, wraps the map again should a later registration have replaced it.
 * The agent declares shadow fields only when {@link #install()} succeeded; otherwise every object
 * keeps its shadow in the map.
 */
public final class ShadowFieldFilter {

    /** JDK classes whose static initializers register field filters (JDK 17 to 25). */
    private static final String[] REGISTRARS = {
        "java.lang.invoke.MethodHandles$Lookup",
        "jdk.internal.reflect.ConstantPool",
        "jdk.internal.reflect.UnsafeStaticFieldAccessorImpl",
    };
    private static final Set<String> HIDDEN = Set.of(ShadowField.NAME);

    /** {@code Reflection.fieldFilterMap}, once {@link #install()} found it; its class is the lock. */
    private static volatile VarHandle filterMap;
    private static Class<?> reflection;

    private ShadowFieldFilter() {
    }

    /**
     * Adds the shadow field to the JDK's reflection filter. Needs {@code jdk.internal.reflect}
     * opened to this class's module (the agent does it). Returns false, changing nothing, when the
     * filter is not there to extend (another JDK) or not accessible.
     */
    public static synchronized boolean install() {
        if (filterMap != null) {
            return true;
        }
        if (!ShadowField.available()) {
            return false;
        }
        try {
            for (String name : REGISTRARS) {
                try {
                    Class.forName(name, true, null);
                } catch (ClassNotFoundException absentInThisJdk) {
                    // nothing to register before the wrap
                }
            }
            Class<?> r = Class.forName("jdk.internal.reflect.Reflection", true, null);
            VarHandle h = MethodHandles.privateLookupIn(r, MethodHandles.lookup())
                    .findStaticVarHandle(r, "fieldFilterMap", Map.class);
            reflection = r;
            wrap(h);
            filterMap = h;
            return true;
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            return false;
        }
    }

    /** Wraps the map again if a registration replaced the wrapper since (no-op when not installed). */
    static void ensureInstalled() {
        VarHandle h = filterMap;
        if (h != null && !(h.getVolatile() instanceof Hiding)) {
            wrap(h);
        }
    }

    @SuppressWarnings("unchecked")
    private static void wrap(VarHandle h) {
        synchronized (reflection) {   // Reflection.registerFieldsToFilter is static synchronized: no registration in between
            Object current = h.getVolatile();
            if (!(current instanceof Hiding)) {
                h.setVolatile(new Hiding((Map<Class<?>, Set<String>>) current));
            }
        }
    }

    /**
     * The JDK's map plus the shadow field for each class that declares it. Only {@code get} is
     * asked on the reflection path; the entries are the JDK's, so a registration that copies the
     * map copies exactly what the JDK put there.
     */
    private static final class Hiding extends AbstractMap<Class<?>, Set<String>> {

        private final Map<Class<?>, Set<String>> jdk;

        Hiding(Map<Class<?>, Set<String>> jdk) {
            this.jdk = jdk;
        }

        @Override
        public Set<String> get(Object key) {
            Set<String> own = jdk.get(key);
            if (own != null) {
                return own;   // a JDK class: never instrumented, never declares the field
            }
            return key instanceof Class<?> c && ShadowField.declares(c) ? HIDDEN : null;
        }

        @Override
        public Set<Entry<Class<?>, Set<String>>> entrySet() {
            return jdk.entrySet();
        }
    }
}
