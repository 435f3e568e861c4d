package io.loupe.validation.transparency;

import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.runtime.deps.ShadowField;
import io.loupe.runtime.sink.RuntimeSink;
import org.junit.jupiter.api.Test;

import java.io.InputStream;
import java.io.ObjectStreamClass;
import java.io.Serializable;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What the instrumenter adds to a class (the class-local counter: two fields and a method; the
 * dependence profiler's shadow field) must be invisible to Java serialization: a class without an explicit {@code serialVersionUID} keeps the
 * one the JVM computes, so objects serialized by an unprofiled run still deserialize.
 */
class SerialVersionTest {

    /** Serializable, no explicit serialVersionUID, and methods the class-local fast path counts. */
    public static class Point implements Serializable {
        int x;
        int y;

        public int quadrant() {
            return x >= 0 ? (y >= 0 ? 1 : 4) : (y >= 0 ? 2 : 3);
        }

        static int sign(int v) {
            return v < 0 ? -1 : 1;
        }
    }

    @Test
    void instrumentedClassesKeepTheirComputedSerialVersionUid() throws Exception {
        List<String> warnings = new ArrayList<>();
        Class<?> copy = instrumented(new ClassInstrumenter(new PathSettings(1, 4096, false, false, false), warnings::add));
        assertEquals(List.of(), warnings);
        assertTrue(Arrays.stream(copy.getDeclaredFields()).anyMatch(f -> f.isSynthetic() && Modifier.isPrivate(f.getModifiers())),
                "the class-local counter is there");
        assertEquals(ObjectStreamClass.lookup(Point.class).getSerialVersionUID(), ObjectStreamClass.lookup(copy).getSerialVersionUID());
    }

    @Test
    void theShadowFieldLeavesTheComputedSerialVersionUidAlone() throws Exception {
        List<String> warnings = new ArrayList<>();
        Class<?> copy = instrumented(new ClassInstrumenter(InstrumentSettings.depsAlone(), warnings::add));
        assertEquals(List.of(), warnings);
        Field shadow = copy.getDeclaredField(ShadowField.NAME);
        int modifiers = shadow.getModifiers();
        assertTrue(shadow.isSynthetic() && Modifier.isPrivate(modifiers) && Modifier.isTransient(modifiers)
                && !Modifier.isStatic(modifiers), shadow.toString());
        assertEquals(ObjectStreamClass.lookup(Point.class).getSerialVersionUID(), ObjectStreamClass.lookup(copy).getSerialVersionUID());
        assertEquals(List.of(), Arrays.asList(ObjectStreamClass.lookup(copy).getFields()).stream()
                .filter(f -> f.getName().equals(ShadowField.NAME)).toList(), "not in the serialized form");
    }

    /** {@link Point} instrumented by {@code instrumenter}, defined by a loader of its own. */
    private Class<?> instrumented(ClassInstrumenter instrumenter) throws Exception {
        String name = Point.class.getName();
        byte[] original;
        try (InputStream in = Point.class.getResourceAsStream("SerialVersionTest$Point.class")) {
            original = in.readAllBytes();
        }
        byte[] instrumented = instrumenter.instrument(original, RuntimeSink.INSTANCE);
        assertNotNull(instrumented);
        return new ClassLoader(getClass().getClassLoader()) {
            @Override
            protected Class<?> loadClass(String n, boolean resolve) throws ClassNotFoundException {
                if (n.equals(name)) {
                    synchronized (getClassLoadingLock(n)) {
                        Class<?> c = findLoadedClass(n);
                        return c != null ? c : defineClass(n, instrumented, 0, instrumented.length);
                    }
                }
                return super.loadClass(n, resolve);
            }
        }.loadClass(name);
    }
}
