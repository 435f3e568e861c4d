package io.loupe.runtime.deps;

import org.junit.jupiter.api.Test;

import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CyclicBarrier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Shadows kept in the synthetic field ({@link ShadowField}), on classes that declare it by hand as
 * the instrumenter would. The build runs these tests with {@code jdk.internal.misc} exported, as
 * the agent does.
 */
class ShadowFieldTest {

    // Two declarations in one hierarchy (the instrumenter's guess about Top was wrong): Top's counts.
    static class Top {
        @SuppressWarnings("unused")
        private transient Object $loupe$shadow;
        int a;
    }

    static class Middle extends Top {
        @SuppressWarnings("unused")
        private transient Object $loupe$shadow;
        int b;
    }

    static final class Bottom extends Middle {
        int c;
    }

    static final class Plain {
        int a;
    }

    static final class Copyable implements Cloneable {
        @SuppressWarnings("unused")
        private transient Object $loupe$shadow;
        int a;

        @Override
        public Copyable clone() throws CloneNotSupportedException {
            return (Copyable) super.clone();
        }
    }

    @Test
    void theRuntimeCanUseTheField() {
        assertTrue(ShadowField.available());
    }

    @Test
    void everyClassOfAHierarchyUsesItsTopmostDeclaration() throws Exception {
        long top = ShadowField.layout(Top.class).offset;
        assertTrue(top >= 0);
        assertEquals(top, ShadowField.layout(Middle.class).offset);
        assertEquals(top, ShadowField.layout(Bottom.class).offset);
        assertEquals(-1, ShadowField.layout(Plain.class).offset);
        assertEquals(-1, ShadowField.layout(int[].class).offset);
        assertEquals(-1, ShadowField.layout(String.class).offset);

        ShadowMap map = new ShadowMap();
        ShadowCache asTop = new ShadowCache(map);
        ShadowCache asBottom = new ShadowCache(map);
        Bottom o = new Bottom();
        LocationHistory viaTop = asTop.field(o, 5);
        assertSame(viaTop, asBottom.field(o, 5), "one object, one location, whatever the site");
        assertNotSame(viaTop, asBottom.field(new Bottom(), 5));
        assertSame(asTop.object(o), declared(Top.class).get(o), "the shadow sits in Top's field");
        assertNull(declared(Middle.class).get(o));
        assertEquals(0, map.size(), "the map is not used for them");

        Plain p = new Plain();
        assertSame(asTop.field(p, 5), asBottom.field(p, 5));
        assertEquals(1, map.size(), "a class without the field keeps its shadow in the map");
    }

    @Test
    void aSiteThatSeesSeveralClassesFindsEachObjectsShadow() {
        ShadowCache site = new ShadowCache(new ShadowMap());
        Object[] objects = {new Top(), new Plain(), new Bottom(), new Middle(), new Plain()};
        List<LocationHistory> first = new ArrayList<>();
        for (Object o : objects) {
            first.add(site.field(o, 1));
        }
        for (int round = 0; round < 3; round++) {
            for (int i = objects.length - 1; i >= 0; i--) {
                assertSame(first.get(i), site.field(objects[i], 1));
            }
        }
    }

    @Test
    void aCopyMadeByCloneGetsItsOwnShadow() throws Exception {
        ShadowCache site = new ShadowCache(new ShadowMap());
        Copyable original = new Copyable();
        LocationHistory h = site.field(original, 0);
        Copyable copy = original.clone();
        assertSame(site.object(original), site.object(copy), "Object.clone copies the field");
        ShadowField.cloned(original, copy);
        assertSame(h, site.field(original, 0), "the original keeps its shadow");
        assertNotSame(h, site.field(copy, 0));

        Copyable other = new Copyable();
        ObjectShadow own = site.object(other);
        ShadowField.cloned(original, other);   // not a copy of original: nothing to undo
        assertSame(own, site.object(other));
        ShadowField.cloned(original, original);
        assertSame(h, site.field(original, 0));
        ShadowField.cloned(original, null);
        ShadowField.cloned(new Plain(), new Plain());
    }

    @Test
    void threadsRacingToInstallGetOneShadow() throws Exception {
        int threads = 4;
        Top[] objects = new Top[2_000];
        for (int i = 0; i < objects.length; i++) {
            objects[i] = new Top();
        }
        ObjectShadow[][] seen = new ObjectShadow[threads][objects.length];
        CyclicBarrier start = new CyclicBarrier(threads);
        List<Thread> running = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            int me = t;
            Thread th = new Thread(() -> {
                ShadowCache site = new ShadowCache(new ShadowMap());
                try {
                    start.await();
                } catch (Exception e) {
                    throw new AssertionError(e);
                }
                for (int i = 0; i < objects.length; i++) {
                    seen[me][i] = site.object(objects[i]);
                }
            });
            th.start();
            running.add(th);
        }
        for (Thread th : running) {
            th.join();
        }
        for (int i = 0; i < objects.length; i++) {
            assertNotNull(seen[0][i]);
            for (int t = 1; t < threads; t++) {
                assertSame(seen[0][i], seen[t][i]);
            }
        }
    }

    private static Field declared(Class<?> c) throws NoSuchFieldException {
        Field f = c.getDeclaredField(ShadowField.NAME);
        f.setAccessible(true);
        return f;
    }
}
