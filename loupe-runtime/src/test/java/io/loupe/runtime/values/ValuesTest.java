package io.loupe.runtime.values;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The entry points as instrumented code calls them, and the merge over threads. */
class ValuesTest {

    private static int site(ValueType type) {
        int id = ValueSiteRegistry.reserve(1);
        ValueSiteRegistry.register(new ValueSiteMeta(id, "T", "m", "()V", null, 1, SiteKind.LOCAL, type, 0, "x", null, null));
        return id;
    }

    private static ValueSiteProfile profileOf(int site) {
        List<ValueSiteMeta> sites = ValueSiteRegistry.snapshot();
        return ValueCollector.collect(sites).stream().filter(p -> p.siteId() == site).findFirst().orElseThrow();
    }

    @Test
    void everyTypePrintsItsValues() {
        int d = site(ValueType.DOUBLE);
        int f = site(ValueType.FLOAT);
        int c = site(ValueType.CHAR);
        int z = site(ValueType.BOOLEAN);
        int j = site(ValueType.LONG);
        int a = site(ValueType.REFERENCE);
        Values.onDouble(2.5, Values.recorders(d, d + 1), d);
        Values.onDouble(2.5, Values.recorders(d, d + 1), d);
        Values.onDouble(-0.0, Values.recorders(d, d + 1), d);
        Values.onFloat(-1.5f, Values.recorders(f, f + 1), f);
        Values.onInt('x', Values.recorders(c, c + 1), c);
        Values.onInt(1, Values.recorders(z, z + 1), z);
        Values.onLong(Long.MAX_VALUE, Values.recorders(j, j + 1), j);
        Values.onRef("s", Values.recorders(a, a + 1), a);
        Values.onRef("t", Values.recorders(a, a + 1), a);
        Values.onRef(null, Values.recorders(a, a + 1), a);
        Values.onRef(List.of(), Values.recorders(a, a + 1), a);

        assertArrayEquals(new String[] {"2.5", "-0.0"}, profileOf(d).values());
        assertArrayEquals(new long[] {2, 1}, profileOf(d).counts());
        assertArrayEquals(new String[] {"-1.5"}, profileOf(f).values());
        assertArrayEquals(new String[] {"'x'"}, profileOf(c).values());
        assertArrayEquals(new String[] {"true"}, profileOf(z).values());
        assertArrayEquals(new String[] {Long.toString(Long.MAX_VALUE)}, profileOf(j).values());
        ValueSiteProfile refs = profileOf(a);
        assertEquals("java.lang.String", refs.values()[0]);
        assertEquals(2, refs.counts()[0]);
        assertEquals(List.of("java.lang.String", List.of().getClass().getName(), "null"), List.of(refs.values()));
        assertEquals(4, refs.executed());
        assertEquals(1, refs.mrvHits());   // "t" after "s": the same class
    }

    @Test
    void anArrayFetchedBeforeTheThreadsArrayGrewHoldsTheSameRecorders() {
        int s = site(ValueType.INT);
        SiteRecorder[] old = Values.recorders(s, s + 1);
        int first = ValueSiteRegistry.reserve(5000);   // a class with many sites loads, and runs
        for (int id = first; id < first + 5000; id++) {
            ValueSiteRegistry.register(new ValueSiteMeta(id, "T", "m", "()V", null, 1, SiteKind.LOCAL, ValueType.INT, 0,
                    "x", null, null));
        }
        SiteRecorder[] grown = Values.recorders(first, first + 5000);
        assertTrue(grown != old);
        Values.onInt(3, old, s);
        Values.onInt(3, grown, s);
        Values.onInt(4, old, s);
        assertEquals(old[s], grown[s]);
        assertEquals(3, profileOf(s).executed());
    }

    @Test
    void sitesThatNeverRanAreNotReported() {
        int s = site(ValueType.INT);
        int quiet = site(ValueType.INT);
        SiteRecorder[] rs = Values.recorders(s, quiet + 1);
        Values.onInt(1, rs, s);
        List<ValueSiteProfile> all = ValueCollector.collect(ValueSiteRegistry.snapshot());
        assertTrue(all.stream().anyMatch(p -> p.siteId() == s));
        assertTrue(all.stream().noneMatch(p -> p.siteId() == quiet));
    }

    @Test
    void threadsAreMergedExactly() throws InterruptedException {
        int s = site(ValueType.INT);
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int me = t;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 100_000; i++) {
                    Values.onInt(i % 2 == 0 ? 7 : me, Values.recorders(s, s + 1), s);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
        ValueSiteProfile p = profileOf(s);
        assertEquals(400_000, p.executed());
        assertEquals(400_000, p.profiled());
        assertEquals("7", p.values()[0]);
        assertEquals(200_000, p.counts()[0]);
        assertEquals(List.of("7", "0", "1", "2", "3"), List.of(p.values()));
        assertArrayEquals(new long[] {200_000, 50_000, 50_000, 50_000, 50_000}, p.counts());
    }
}
