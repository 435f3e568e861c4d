package io.loupe.runtime.values;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TnvTableTest {

    @Test
    void countsValuesBestFirst() {
        TnvTable t = new TnvTable(4, 1000);
        for (long v : new long[] {5, 7, 7, 9, 7, 5}) {
            t.add(v, 1);
        }
        assertEquals(3, t.size());
        assertEquals(7, t.value(0));
        assertEquals(3, t.count(0));
        assertEquals(5, t.value(1));
        assertEquals(2, t.count(1));
        assertEquals(9, t.value(2));
    }

    @Test
    void aFullTableReplacesItsLeastFrequentEntry() {
        TnvTable t = new TnvTable(2, 1000);
        t.add(1, 1);
        t.add(1, 1);
        t.add(2, 1);
        t.add(3, 1);   // replaces 2, the LFU entry

        assertEquals(1, t.value(0));
        assertEquals(3, t.value(1));
        assertEquals(1, t.count(1));
    }

    /**
     * The paper's pathology (§3): with a full table and LFU replacement, new values evict each
     * other from the last entry forever. Clearing the bottom half, at intervals of twice the middle
     * entry's count, lets a value that now takes most executions win a place in the top half.
     */
    @Test
    void clearingLetsANewFrequentValueIntoTheTopHalf() {
        TnvTable t = new TnvTable(4, 16);
        for (int i = 0; i < 100; i++) {   // four old values fill the table
            t.add(i % 4, 1);
        }
        for (int i = 0; i < 600; i++) {   // then 42 is two values of three, the rest all new
            t.add(i % 3 != 2 ? 42 : 1000 + i, 1);
        }
        assertEquals(42, t.value(0));
    }

    @Test
    void withoutClearingTheSameSequenceNeverKeeps42() {
        TnvTable t = new TnvTable(4, Integer.MAX_VALUE);
        for (int i = 0; i < 100; i++) {
            t.add(i % 4, 1);
        }
        for (int i = 0; i < 600; i++) {
            t.add(i % 3 != 2 ? 42 : 1000 + i, 1);
        }
        assertTrue(t.value(0) != 42 && t.value(1) != 42, "42 never reaches the top half");
    }

    @Test
    void theNextClearIntervalIsTwiceTheMiddleEntryButNotBelowTheMinimum() {
        TnvTable t = new TnvTable(4, 10);
        // 1×5, 2×2, 3, 4, then 5 has to replace 4: at the 10th execution the bottom half goes
        for (long v : new long[] {1, 1, 1, 1, 1, 2, 2, 3, 4, 5}) {
            t.add(v, 1);
        }
        assertEquals(2, t.size());
        assertEquals(10, t.untilClear(), "middle entry 2 has count 2: the minimum 10 applies");
        for (int i = 0; i < 30; i++) {
            t.add(2, 1);
        }
        // 2 has 32 and 1 has 5, with no contention: nothing is cleared, the interval follows the middle entry
        assertEquals(2, t.size());
        assertEquals(10, t.untilClear(), "middle entry 1 has count 5: 2 × 5 < 10");
        for (int i = 0; i < 10; i++) {
            t.add(1, 1);
        }
        assertEquals(30, t.untilClear(), "middle entry 1 has count 15: 2 × 15");
    }

    @Test
    void aFullTableWithoutContentionIsNotCleared() {
        TnvTable t = new TnvTable(4, 10);
        for (int i = 0; i < 100; i++) {
            t.add(i % 4, 1);
        }
        assertEquals(4, t.size());
        for (int i = 0; i < 4; i++) {
            assertEquals(25, t.count(i));
        }
    }

    @Test
    void topHalfSumsTheUpperHalf() {
        TnvTable t = new TnvTable(4, 1000);
        for (long v : new long[] {1, 1, 1, 2, 2, 3, 4}) {
            t.add(v, 1);
        }
        assertEquals(5, t.topHalf());
    }

    @Test
    void weightsCountLikeThatManyExecutions() {
        TnvTable t = new TnvTable(4, 1000);
        t.add(1, 1);
        t.add(1, 1);
        t.add(2, 5);
        assertEquals(2, t.value(0));
        assertEquals(5, t.count(0));
    }

    /** A site with at most as many distinct values as the table has entries is counted exactly. */
    @Property
    void fewDistinctValuesAreCountedExactly(@ForAll("fewValues") List<Long> values,
                                            @ForAll @IntRange(min = 16, max = 64) int clear) {
        TnvTable t = new TnvTable(8, clear);
        Map<Long, Long> exact = new HashMap<>();
        for (long v : values) {
            t.add(v, 1);
            exact.merge(v, 1L, Long::sum);
        }
        assertEquals(exact.size(), t.size());
        for (int i = 0; i < t.size(); i++) {
            assertEquals(exact.get(t.value(i)), t.count(i));
        }
    }

    /** Whatever the input: counts are sorted, never exceed the truth, and the values are distinct. */
    @Property
    void countsAreSortedDistinctAndNeverOverstated(@ForAll("manyValues") List<Long> values,
                                                   @ForAll @IntRange(min = 2, max = 10) int capacity,
                                                   @ForAll @IntRange(min = 1, max = 50) int clear) {
        TnvTable t = new TnvTable(capacity, clear);
        Map<Long, Long> exact = new HashMap<>();
        for (long v : values) {
            t.add(v, 1);
            exact.merge(v, 1L, Long::sum);
        }
        assertTrue(t.size() <= capacity);
        for (int i = 0; i < t.size(); i++) {
            assertTrue(t.count(i) >= 1 && t.count(i) <= exact.get(t.value(i)));
            if (i > 0) {
                assertTrue(t.count(i - 1) >= t.count(i));
            }
            for (int j = 0; j < i; j++) {
                assertTrue(t.value(i) != t.value(j));
            }
        }
    }

    /** A value taking more than half of all executions ends on top (it cannot be cleared for long). */
    @Property
    void aMajorityValueEndsOnTop(@ForAll("manyValues") List<Long> noise, @ForAll @IntRange(min = 16, max = 200) int clear) {
        TnvTable t = new TnvTable(6, clear);
        for (long v : noise) {
            t.add(v, 1);
            t.add(-1, 1);
            t.add(-1, 1);
        }
        if (!noise.isEmpty()) {
            assertEquals(-1, t.value(0));
        }
    }

    /**
     * Full profiling adds a run of equal values at once: that must leave the table exactly as the
     * run's executions one by one would, clears inside the run included.
     */
    @Property
    void aRunAddsLikeItsExecutionsOneByOne(@ForAll("runs") List<long[]> runs,
                                           @ForAll @IntRange(min = 2, max = 8) int capacity,
                                           @ForAll @IntRange(min = 1, max = 40) int clear) {
        TnvTable byRun = new TnvTable(capacity, clear);
        TnvTable oneByOne = new TnvTable(capacity, clear);
        for (long[] run : runs) {
            byRun.addRun(run[0], run[1]);
            for (long i = 0; i < run[1]; i++) {
                oneByOne.add(run[0], 1);
            }
            assertSameState(oneByOne, byRun);
        }
    }

    /**
     * The table against a naive one kept as a list, entry by entry after every addition, whatever
     * the values (many distinct ones, so that the last entry is replaced again and again) and the
     * weights (large ones move a new entry up past the others): the oracle for any faster layout.
     */
    @Property
    void matchesANaiveTable(@ForAll("weighted") List<long[]> additions,
                            @ForAll @IntRange(min = 2, max = 12) int capacity,
                            @ForAll @IntRange(min = 1, max = 60) int clear) {
        TnvTable t = new TnvTable(capacity, clear);
        NaiveTable naive = new NaiveTable(capacity, clear);
        for (long[] a : additions) {
            boolean profiled = a[2] == 1;   // a profiled execution, or executions credited to the value
            if (profiled) {
                t.add(a[0], a[1]);
            } else {
                t.credit(a[0], a[1]);
            }
            naive.add(a[0], a[1], profiled ? a[1] : 0);
            assertEquals(naive.values.size(), t.size());
            assertEquals(naive.untilClear, t.untilClear());
            for (int i = 0; i < t.size(); i++) {
                assertEquals(naive.values.get(i), t.value(i), "value " + i);
                assertEquals(naive.counts.get(i), t.count(i), "count " + i);
                assertEquals(naive.seen.get(i), t.profiledCount(i), "profiled count " + i);
            }
        }
    }

    /** The paper's table and clearing rule, as plainly as they can be written (the oracle above). */
    private static final class NaiveTable {
        final List<Long> values = new ArrayList<>();
        final List<Long> counts = new ArrayList<>();
        /** The profiled part of each count: moves and goes with its entry. */
        final List<Long> seen = new ArrayList<>();
        final int capacity;
        final int minClear;
        long untilClear;
        boolean contended;

        NaiveTable(int capacity, int minClear) {
            this.capacity = capacity;
            this.minClear = minClear;
            this.untilClear = minClear;
        }

        void add(long value, long w, long profiled) {
            int i = values.indexOf(value);
            if (i < 0) {
                if (values.size() == capacity) {
                    values.remove(capacity - 1);
                    counts.remove(capacity - 1);
                    seen.remove(capacity - 1);
                    contended = true;
                }
                values.add(value);
                counts.add(w);
                seen.add(profiled);
                i = values.size() - 1;
            } else {
                counts.set(i, counts.get(i) + w);
                seen.set(i, seen.get(i) + profiled);
            }
            while (i > 0 && counts.get(i - 1) < counts.get(i)) {
                Collections.swap(values, i - 1, i);
                Collections.swap(counts, i - 1, i);
                Collections.swap(seen, i - 1, i);
                i--;
            }
            untilClear -= w;
            if (untilClear <= 0) {
                int half = capacity / 2;
                if (contended) {
                    while (values.size() > half) {
                        values.remove(values.size() - 1);
                        counts.remove(counts.size() - 1);
                        seen.remove(seen.size() - 1);
                    }
                    contended = false;
                }
                long middle = values.size() >= half && half > 0 ? counts.get(half - 1) : 0;
                untilClear = Math.max(minClear, 2 * middle);
            }
        }
    }

    /**
     * Additions as {value, weight, profiled}: values from a wide range, weights mostly 1, some
     * large; profiled 1 for profiled executions, 0 for executions credited to the value.
     */
    @Provide
    Arbitrary<List<long[]>> weighted() {
        Arbitrary<Long> weights = Arbitraries.frequencyOf(
                Tuple.of(8, Arbitraries.just(1L)),
                Tuple.of(2, Arbitraries.longs().between(2, 100)));
        return Arbitraries.longs().between(-50, 200).flatMap(v -> weights.flatMap(w -> Arbitraries.of(0L, 1L)
                .map(p -> new long[] {v, w, p}))).list().ofMaxSize(400);
    }

    @Property
    void aCopyChangesApartFromItsOriginal(@ForAll("runs") List<long[]> runs) {
        TnvTable t = new TnvTable(4, 10);
        runs.forEach(r -> t.addRun(r[0], r[1]));
        TnvTable copy = t.copy();
        assertSameState(t, copy);
        TnvTable reference = t.copy();
        copy.addRun(99, 50);
        assertSameState(reference, t);
    }

    private static void assertSameState(TnvTable expected, TnvTable actual) {
        assertEquals(expected.size(), actual.size());
        assertEquals(expected.untilClear(), actual.untilClear());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.value(i), actual.value(i), "value " + i);
            assertEquals(expected.count(i), actual.count(i), "count " + i);
            assertEquals(expected.profiledCount(i), actual.profiledCount(i), "profiled count " + i);
        }
    }

    /** Runs as {value, length}, neighbours not necessarily different (a table sees any order). */
    @Provide
    Arbitrary<List<long[]>> runs() {
        return Arbitraries.longs().between(0, 12).flatMap(v -> Arbitraries.longs().between(1, 90)
                .map(n -> new long[] {v, n})).list().ofMaxSize(60);
    }

    @Provide
    Arbitrary<List<Long>> fewValues() {
        return Arbitraries.longs().between(-3, 4).list().ofMaxSize(300);
    }

    @Provide
    Arbitrary<List<Long>> manyValues() {
        return Arbitraries.longs().between(0, 40).list().ofMaxSize(300);
    }
}
