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

    /** Full profiling's entry points count runs; the collector adds each site's unfinished run. */
    @Test
    void runCountingEntryPointsGiveTheSameProfiles() {
        int d = site(ValueType.DOUBLE);
        int f = site(ValueType.FLOAT);
        int i = site(ValueType.INT);
        int j = site(ValueType.LONG);
        int a = site(ValueType.REFERENCE);
        for (double v : new double[] {0.0, 0.0, -0.0, 2.5, 2.5, 2.5}) {
            Values.fullDouble(v, Values.recorders(d, d + 1), d);
        }
        Values.fullFloat(-1.5f, Values.recorders(f, f + 1), f);
        for (int v : new int[] {0, 0, 0}) {   // the first run's value is the initial one
            Values.fullInt(v, Values.recorders(i, i + 1), i);
        }
        Values.fullLong(Long.MIN_VALUE, Values.recorders(j, j + 1), j);
        Values.fullLong(Long.MIN_VALUE, Values.recorders(j, j + 1), j);
        for (Object v : new Object[] {null, null, "s", "t", null, List.of()}) {
            Values.fullRef(v, Values.recorders(a, a + 1), a);
        }

        assertEquals(List.of("2.5", "0.0", "-0.0"), List.of(profileOf(d).values()));
        assertArrayEquals(new long[] {3, 2, 1}, profileOf(d).counts());
        assertEquals(3, profileOf(d).mrvHits());
        assertArrayEquals(new String[] {"-1.5"}, profileOf(f).values());
        assertArrayEquals(new String[] {"0"}, profileOf(i).values());
        assertEquals(3, profileOf(i).executed());
        assertEquals(2, profileOf(i).mrvHits());
        assertArrayEquals(new long[] {2}, profileOf(j).counts());
        ValueSiteProfile refs = profileOf(a);
        assertEquals(List.of("null", "java.lang.String", List.of().getClass().getName()), List.of(refs.values()));
        assertArrayEquals(new long[] {3, 2, 1}, refs.counts());
        assertEquals(6, refs.executed());
        assertEquals(6, refs.profiled());
        assertEquals(2, refs.mrvHits());   // the second null, and "t" after "s"
    }

    /**
     * A reference site whose values alternate between classes, with nulls between: each run gets
     * its own class (the class of the run before is looked up in front of the ClassValue, and must
     * never be handed to a run of another class).
     */
    @Test
    void alternatingClassesAreCountedByTheirOwnClass() {
        int a = site(ValueType.REFERENCE);
        Object[] stream = {1, "s", 2, "t", "u", 3, null, 4, null, null, "v", 5L, 6, 7L, 8};
        for (int round = 0; round < 3; round++) {
            for (Object v : stream) {
                Values.fullRef(v, Values.recorders(a, a + 1), a);
            }
        }
        ValueSiteProfile refs = profileOf(a);
        assertEquals(List.of("java.lang.Integer", "java.lang.String", "null", "java.lang.Long"), List.of(refs.values()));
        assertArrayEquals(new long[] {18, 12, 9, 6}, refs.counts());
        assertEquals(45, refs.executed());
        // the same class as the one before: "u" after "t" and the second null of each round, and
        // the 1 that starts a round after the 8 that ended the one before
        assertEquals(8, refs.mrvHits());
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
    void runCountingThreadsAreMergedExactly() throws InterruptedException {
        int s = site(ValueType.INT);
        inFourThreads((me, i) -> Values.fullInt(i % 3 != 0 ? 7 : me, Values.recorders(s, s + 1), s));
        ValueSiteProfile p = profileOf(s);
        assertEquals(400_000, p.executed());
        assertEquals(List.of("7", "0", "1", "2", "3"), List.of(p.values()));
        assertArrayEquals(new long[] {4 * 66_666, 33_334, 33_334, 33_334, 33_334}, p.counts());
        // per thread, the stream is me, 7, 7, me, 7, 7, …, me: one 7 after a 7 per three
        assertEquals(4 * 33_333, p.mrvHits());
    }

    @Test
    void threadsAreMergedExactly() throws InterruptedException {
        int s = site(ValueType.INT);
        inFourThreads((me, i) -> Values.onInt(i % 2 == 0 ? 7 : me, Values.recorders(s, s + 1), s));
        ValueSiteProfile p = profileOf(s);
        assertEquals(400_000, p.executed());
        assertEquals(400_000, p.profiled());
        assertEquals("7", p.values()[0]);
        assertEquals(200_000, p.counts()[0]);
        assertEquals(List.of("7", "0", "1", "2", "3"), List.of(p.values()));
        assertArrayEquals(new long[] {200_000, 50_000, 50_000, 50_000, 50_000}, p.counts());
    }

    /** Runs {@code body(thread, i)} for i in [0, 100,000) in each of four threads 0–3, and waits for them. */
    private static void inFourThreads(java.util.function.BiConsumer<Integer, Integer> body) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int me = t;
            threads.add(new Thread(() -> {
                for (int i = 0; i < 100_000; i++) {
                    body.accept(me, i);
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread t : threads) {
            t.join();
        }
    }
}
