package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.function.IntFunction;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Shadow memory: statics, the weak identity map, the per-site cache, bulk array operations. */
class ShadowMemoryTest {

    /** Equal but distinct. */
    record Point(int x, int y) {
    }

    // ---- statics ----

    @Test
    void staticsGrowAndKeepTheirHistories() {
        StaticShadow s = new StaticShadow(2);
        LocationHistory h0 = s.field(0);
        LocationHistory h1 = s.field(1);
        assertEquals(2, s.capacity());
        LocationHistory h1000 = s.field(1000);
        assertTrue(s.capacity() > 1000);
        assertSame(h0, s.field(0));
        assertSame(h1, s.field(1));
        assertSame(h1000, s.field(1000));
        assertNotSame(h0, h1);
        assertEquals(3, s.size());
        assertThrows(IllegalArgumentException.class, () -> s.field(-1));
    }

    @Test
    void staticsRacingThreadsGetOneHistoryPerField() throws Exception {
        StaticShadow s = new StaticShadow(1);
        List<LocationHistory[]> seen = race(4, th -> {
            LocationHistory[] out = new LocationHistory[2000];
            for (int k = 0; k < out.length; k++) {
                int id = th % 2 == 0 ? k : out.length - 1 - k;
                out[id] = s.field(id);
            }
            return out;
        });
        for (LocationHistory[] other : seen) {
            for (int id = 0; id < other.length; id++) {
                assertSame(seen.get(0)[id], other[id]);
            }
        }
        assertEquals(2000, s.size());
    }

    // ---- objects ----

    @Test
    void identityNotEquality() {
        ShadowMap m = new ShadowMap();
        Point a = new Point(1, 2);
        Point b = new Point(1, 2);
        assertEquals(a, b);
        assertNotSame(m.object(a), m.object(b));
        assertSame(m.object(a), m.object(a));
        assertSame(m.field(a, 3), m.field(a, 3));
        assertNotSame(m.field(a, 3), m.field(b, 3));
        assertNotSame(m.field(a, 3), m.field(a, 4));
        assertEquals(2, m.size());
        assertThrows(NullPointerException.class, () -> m.object(null));
    }

    @Test
    void objectShadowHoldsManyFields() {
        ShadowMap m = new ShadowMap();
        Object o = new Object();
        Map<Integer, LocationHistory> first = new java.util.HashMap<>();
        for (int id = 0; id < 300; id += 3) {
            first.put(id, m.field(o, id));
        }
        first.put(Integer.MAX_VALUE - 1, m.field(o, Integer.MAX_VALUE - 1));
        first.forEach((id, h) -> assertSame(h, m.field(o, id)));
        assertEquals(first.size(), m.object(o).size());
        assertEquals(first.size(), new java.util.HashSet<>(first.values()).size());
        assertThrows(IllegalArgumentException.class, () -> m.field(o, -5));
    }

    @Test
    void manyObjectsGrowTheTableAndKeepTheirShadows() {
        ShadowMap m = new ShadowMap();
        List<Object> objs = new ArrayList<>();
        List<LocationHistory> hs = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            Object o = i % 3 == 0 ? new int[i % 7] : new Point(i, i);
            objs.add(o);
            hs.add(o instanceof int[] arr ? (arr.length == 0 ? null : m.element(o, arr.length - 1)) : m.field(o, 1));
        }
        for (int i = 0; i < objs.size(); i++) {
            Object o = objs.get(i);
            if (o instanceof int[] arr) {
                if (arr.length > 0) {
                    assertSame(hs.get(i), m.element(o, arr.length - 1));
                }
                assertEquals(arr.length, m.array(o).length());
            } else {
                assertSame(hs.get(i), m.field(o, 1));
            }
        }
        assertEquals(5000, m.size());
        assertTrue(m.capacity() >= 10000);
    }

    @Test
    void concurrentInsertionGivesOneHistoryPerLocation() throws Exception {
        ShadowMap m = new ShadowMap();
        int n = 3000;
        Object[] objs = new Object[n];
        for (int i = 0; i < n; i++) {
            objs[i] = i % 2 == 0 ? new Point(0, 0) : new long[3];
        }
        int threads = 4;
        List<LocationHistory[]> seen = race(threads, th -> {
            LocationHistory[] out = new LocationHistory[n * 3];
            ShadowCache cache = new ShadowCache(m);
            for (int k = 0; k < n; k++) {
                int i = (k * 7 + th * 997) % n;   // each thread its own order
                for (int f = 0; f < 3; f++) {
                    Object o = objs[i];
                    LocationHistory h = o instanceof long[]
                            ? (th % 2 == 0 ? m.element(o, f) : cache.element(o, f))
                            : (th % 2 == 0 ? m.field(o, f) : cache.field(o, f));
                    out[i * 3 + f] = h;
                }
            }
            return out;
        });
        IdentityHashMap<LocationHistory, Boolean> distinct = new IdentityHashMap<>();
        for (LocationHistory[] other : seen) {
            for (int k = 0; k < other.length; k++) {
                assertSame(seen.get(0)[k], other[k], "location " + k);
                distinct.put(other[k], true);
            }
        }
        assertEquals(n * 3, distinct.size());
        assertEquals(n, m.size());
    }

    // ---- weak keys ----

    @Test
    void anUnreachableObjectsEntryIsCollected() throws Exception {
        ShadowMap m = new ShadowMap();
        Object kept = new Object();
        LocationHistory keptHistory = m.field(kept, 0);
        List<WeakReference<?>> refs = shadowsOfGarbage(m);
        WeakReference<?> gone = refs.get(0);
        WeakReference<?> goneShadow = refs.get(1);
        WeakReference<?> goneArrayShadow = refs.get(2);
        assertEquals(3, m.size());
        for (int i = 0; i < 200 && (goneShadow.get() != null || goneArrayShadow.get() != null); i++) {
            System.gc();
            Thread.sleep(10);
            m.expunge();
        }
        assertEquals(null, gone.get());
        assertEquals(null, goneShadow.get(), "the shadow of a collected object is released");
        assertEquals(null, goneArrayShadow.get());
        assertEquals(1, m.size());
        assertEquals(1, m.usedSlots(), "expunge rebuilt the table without the dead entries");
        assertSame(keptHistory, m.field(kept, 0));
    }

    /** An object and an array, accessed and dropped: weak references to the object and both shadows. */
    private static List<WeakReference<?>> shadowsOfGarbage(ShadowMap m) {
        Point p = new Point(5, 5);
        Object[] a = new Object[100];
        m.field(p, 0);
        m.element(a, 99);
        return List.of(new WeakReference<>(p), new WeakReference<>(m.object(p)), new WeakReference<>(m.array(a)));
    }

    @Test
    void deadSlotsAreReusedOrDroppedWhileInserting() throws Exception {
        ShadowMap m = new ShadowMap();
        List<Object> live = new ArrayList<>();
        List<LocationHistory> liveHistories = new ArrayList<>();
        WeakReference<Object> probe = null;
        for (int round = 0; round < 50; round++) {
            for (int i = 0; i < 200; i++) {
                Object o = new Object();
                m.field(o, 0);   // garbage at once
                if (i == 0 && round == 0) {
                    probe = new WeakReference<>(o);
                }
            }
            Object k = new Point(round, round);
            live.add(k);
            liveHistories.add(m.field(k, 0));
        }
        for (int i = 0; i < 200 && probe.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(null, probe.get());
        for (int i = 0; i < 1000; i++) {
            m.field(new Object(), 0);   // slow paths drain and rebuild
        }
        m.expunge();
        for (int i = 0; i < live.size(); i++) {
            assertSame(liveHistories.get(i), m.field(live.get(i), 0));
        }
        assertTrue(m.usedSlots() < 50 * 200, "dead entries do not pile up: " + m.usedSlots());
    }

    // ---- arrays ----

    @Property(tries = 60)
    void arraysOfEveryLength(@ForAll @IntRange(min = 0, max = 70) int length) {
        ShadowMap m = new ShadowMap();
        Object[] a = new String[length];
        ArrayShadow s = m.array(a);
        assertEquals(length, s.length());
        assertEquals(0, s.size(), "no history before an access");
        LocationHistory[] hs = new LocationHistory[length];
        for (int i = length - 1; i >= 0; i--) {
            hs[i] = m.element(a, i);
        }
        for (int i = 0; i < length; i++) {
            assertSame(hs[i], s.element(i));
            for (int j = 0; j < i; j++) {
                assertNotSame(hs[i], hs[j]);
            }
        }
        assertEquals(length, s.size());
        ArrayIndexOutOfBoundsException e = assertThrows(ArrayIndexOutOfBoundsException.class, () -> s.element(length));
        assertEquals("Index " + length + " out of bounds for length " + length, e.getMessage());
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> s.element(-1));
        LocationHistory[] all = s.histories(0, length);
        for (int i = 0; i < length; i++) {
            assertSame(hs[i], all[i]);
        }
        assertEquals(0, s.histories(length, 0).length);
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> s.histories(0, length + 1));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> s.histories(-1, 1));
    }

    @Test
    void rangeCreatesOnlyItsElementsAndKeepsExistingOnes() {
        ShadowMap m = new ShadowMap();
        int[] a = new int[10];
        LocationHistory h5 = m.element(a, 5);
        LocationHistory[] r = m.array(a).histories(3, 4);
        assertSame(h5, r[5]);
        assertEquals(4, m.array(a).size());
        assertSame(r[3], m.element(a, 3));
        assertSame(r[6], m.element(a, 6));
        assertEquals(4, m.array(a).size());
    }

    @Test
    void equalArraysAreDistinct() {
        ShadowMap m = new ShadowMap();
        int[] a = {1, 2};
        int[] b = {1, 2};
        assertNotSame(m.element(a, 0), m.element(b, 0));
        assertSame(m.element(a, 0), m.element(a, 0));
    }

    // ---- inline cache ----

    @Test
    void inlineCacheHitsOnTheSameObjectAndMissesOnAnother() {
        ShadowMap m = new ShadowMap();
        ShadowCache c = new ShadowCache(m);
        Point a = new Point(1, 1);
        Point b = new Point(1, 1);
        LocationHistory ha = c.field(a, 2);
        assertEquals(1, c.misses());
        assertSame(ha, c.field(a, 2));
        assertSame(m.field(a, 7), c.field(a, 7));   // same object, other field: still a hit
        assertEquals(1, c.misses());
        LocationHistory hb = c.field(b, 2);
        assertEquals(2, c.misses());
        assertNotSame(ha, hb);
        assertSame(ha, c.field(a, 2));
        assertEquals(3, c.misses());
        assertSame(ha, new ShadowCache(m).field(a, 2), "caches share the map's shadows");
        assertThrows(NullPointerException.class, () -> c.field(null, 2));
        int[] arr = new int[4];
        assertSame(m.element(arr, 3), c.element(arr, 3));
        assertSame(m.array(arr), c.array(arr));
        assertEquals(4, c.misses(), "the null asked for throws before the cache is asked");
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> c.element(arr, 4));
    }

    @Test
    void inlineCacheDoesNotKeepItsObjectAlive() throws Exception {
        ShadowMap m = new ShadowMap();
        ShadowCache c = new ShadowCache(m);
        WeakReference<Object> gone = new WeakReference<>(new Point(9, 9));
        c.field(gone.get(), 0);
        for (int i = 0; i < 200 && gone.get() != null; i++) {
            System.gc();
            Thread.sleep(10);
        }
        assertEquals(null, gone.get());
        Point p = new Point(9, 9);
        long misses = c.misses();
        c.field(p, 0);
        assertEquals(misses + 1, c.misses());
    }

    // ---- bulk ----

    private static final int COPY = 50;
    private static final int FILL = 60;
    private static final int LOAD = 70;
    private static final int STORE = 80;

    private static List<Dependence> deps(DepProfiler p, DepType type, int src, int dst) {
        List<Dependence> out = new ArrayList<>();
        for (Dependence d : p.dependences()) {
            if (d.type() == type && d.srcSite() == src && d.dstSite() == dst) {
                out.add(d);
            }
        }
        return out;
    }

    private static long count(DepProfiler p, DepType type, int src, int dst) {
        return deps(p, type, src, dst).stream().mapToLong(Dependence::count).sum();
    }

    @Test
    void overlappingArraycopyReadsTheWholeSourceBeforeWriting() {
        for (int[] c : new int[][] {{0, 1, 3}, {1, 0, 3}, {2, 2, 3}, {0, 4, 4}}) {
            DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 0);
            DepThread t = p.newThread();
            ShadowMap m = p.heap();
            int[] a = new int[8];
            int srcPos = c[0];
            int dstPos = c[1];
            int len = c[2];
            BulkAccess.arraycopy(t, COPY, m, a, srcPos, a, dstPos, len);
            int overlap = Math.max(0, Math.min(srcPos, dstPos) + len - Math.max(srcPos, dstPos));
            assertEquals(0, count(p, DepType.RAW, COPY, COPY), "no RAW on the copy's own stores " + srcPos + "→" + dstPos);
            assertEquals(overlap, count(p, DepType.WAR, COPY, COPY), "each overlapped element read, then written");
            // afterwards a load of every destination element sees the copy's store
            for (int i = 0; i < len; i++) {
                t.load(m.element(a, dstPos + i), LOAD);
            }
            assertEquals(len, count(p, DepType.RAW, COPY, LOAD));
        }
    }

    @Test
    void arraycopyBetweenArraysReadsSourceAndWritesDestination() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 0);
        DepThread t = p.newThread();
        ShadowMap m = p.heap();
        long[] src = new long[6];
        long[] dst = new long[6];
        for (int i = 0; i < 6; i++) {
            t.store(m.element(src, i), STORE);
        }
        BulkAccess.arraycopy(t, COPY, m, src, 1, dst, 2, 4);
        assertEquals(4, count(p, DepType.RAW, STORE, COPY));
        assertEquals(4, m.array(dst).size());
        assertEquals(0, m.array(dst).histories(0, 2)[0].loadEntries());
        for (int i = 0; i < 6; i++) {
            t.load(m.element(dst, i), LOAD);
        }
        assertEquals(4, count(p, DepType.RAW, COPY, LOAD));
    }

    @Test
    void arraycopyThatWouldThrowRecordsNothing() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 0);
        DepThread t = p.newThread();
        ShadowMap m = p.heap();
        int[] a = new int[4];
        BulkAccess.arraycopy(t, COPY, m, a, 0, null, 0, 1);
        BulkAccess.arraycopy(t, COPY, m, a, 2, a, 0, 3);
        BulkAccess.arraycopy(t, COPY, m, a, -1, a, 0, 1);
        BulkAccess.arraycopy(t, COPY, m, a, 0, a, 0, -1);
        BulkAccess.arraycopy(t, COPY, m, a, 0, new long[4], 0, 1);
        BulkAccess.arraycopy(t, COPY, m, a, 0, new Object[4], 0, 1);
        BulkAccess.arraycopy(t, COPY, m, new Object(), 0, a, 0, 1);
        BulkAccess.arraycopy(t, COPY, m, a, 4, a, 0, 0);
        assertEquals(0, m.size(), "nothing accessed, no shadow made");
        // a reference copy stops at the first element the destination cannot hold
        Object[] src = {"a", "b", 3, "d"};
        String[] dst = new String[4];
        assertThrows(ArrayStoreException.class, () -> System.arraycopy(src, 0, dst, 0, 4));
        BulkAccess.arraycopy(t, COPY, m, src, 0, dst, 0, 4);
        assertEquals(2, m.array(dst).size());
        assertEquals(2, m.array(src).size());
    }

    @Test
    void fillWritesItsRange() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 0);
        DepThread t = p.newThread();
        ShadowMap m = p.heap();
        double[] a = new double[10];
        for (int i = 0; i < 10; i++) {
            t.load(m.element(a, i), LOAD);
        }
        BulkAccess.fill(t, FILL, m, a, 2, 7);
        assertEquals(5, count(p, DepType.WAR, LOAD, FILL));
        BulkAccess.fill(t, FILL, m, a);
        assertEquals(5, count(p, DepType.WAW, FILL, FILL));
        assertEquals(10, count(p, DepType.WAR, LOAD, FILL), "the loads of 2..6 went at the first fill");
        BulkAccess.fill(t, FILL, m, a, 7, 2);
        BulkAccess.fill(t, FILL, m, a, 0, 11);
        BulkAccess.fill(t, FILL, m, a, 3, 3);
        BulkAccess.fill(t, FILL, m, new int[0]);
        assertEquals(5, count(p, DepType.WAW, FILL, FILL), "fills that throw or write nothing add nothing");
    }

    @Test
    void copyOfAndCloneReadWhatTheyCopy() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 0);
        DepThread t = p.newThread();
        ShadowMap m = p.heap();
        char[] a = new char[5];
        for (int i = 0; i < 5; i++) {
            t.store(m.element(a, i), STORE);
        }
        BulkAccess.copyOf(t, COPY, m, a, 3);
        assertEquals(3, count(p, DepType.RAW, STORE, COPY));
        BulkAccess.copyOf(t, COPY, m, a, 9);
        assertEquals(8, count(p, DepType.RAW, STORE, COPY));
        BulkAccess.copyOfRange(t, COPY, m, a, 4, 12);
        assertEquals(9, count(p, DepType.RAW, STORE, COPY));
        BulkAccess.copyOfRange(t, COPY, m, a, 6, 12);
        BulkAccess.copyOfRange(t, COPY, m, a, 3, 2);
        BulkAccess.copyOf(t, COPY, m, a, -1);
        assertEquals(9, count(p, DepType.RAW, STORE, COPY));
        BulkAccess.cloneArray(t, COPY, m, a);
        assertEquals(14, count(p, DepType.RAW, STORE, COPY));
    }

    @Property(tries = 200)
    void arraycopyWithinOneArrayMatchesATemporaryCopy(@ForAll @IntRange(min = 0, max = 12) int length,
                                                      @ForAll @IntRange(min = 0, max = 12) int srcPos,
                                                      @ForAll @IntRange(min = 0, max = 12) int dstPos) {
        int size = 12;
        if (srcPos + length > size || dstPos + length > size) {
            return;
        }
        // every element starts stored by its own site (100 + index); after the copy, a load of
        // element i must depend (RAW) on the copy if it was written, else on its own store; and the
        // copy's load of element j must depend on store site 100 + j only
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 0);
        DepThread t = p.newThread();
        ShadowMap m = p.heap();
        int[] a = new int[size];
        for (int i = 0; i < size; i++) {
            t.store(m.element(a, i), 100 + i);
        }
        BulkAccess.arraycopy(t, COPY, m, a, srcPos, a, dstPos, length);
        for (int i = 0; i < size; i++) {
            t.load(m.element(a, i), 200 + i);
        }
        for (int i = 0; i < size; i++) {
            boolean written = i >= dstPos && i < dstPos + length;
            boolean read = i >= srcPos && i < srcPos + length;
            assertEquals(written ? 1 : 0, count(p, DepType.RAW, COPY, 200 + i));
            assertEquals(written ? 0 : 1, count(p, DepType.RAW, 100 + i, 200 + i));
            assertEquals(read ? 1 : 0, count(p, DepType.RAW, 100 + i, COPY));
            assertEquals(written ? 1 : 0, count(p, DepType.WAW, 100 + i, COPY));
        }
        assertEquals(0, count(p, DepType.RAW, COPY, COPY));
    }

    // ---- helpers ----

    private static <T> List<T> race(int threads, IntFunction<T> body) throws Exception {
        CountDownLatch start = new CountDownLatch(1);
        List<T> results = Collections.synchronizedList(new ArrayList<>());
        List<Throwable> failures = Collections.synchronizedList(new ArrayList<>());
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int th = i;
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    results.add(body.apply(th));
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            thread.start();
            all.add(thread);
        }
        start.countDown();
        for (Thread thread : all) {
            thread.join();
        }
        assertEquals(List.of(), failures);
        assertEquals(threads, results.size());
        return results;
    }
}
