package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.deps.DepsProfile;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static io.loupe.analysis.merge.Profiles.bytes;
import static io.loupe.analysis.merge.Profiles.merge;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The algebra of {@link ProfileMerge} on random runs of random programs (ids differ between runs,
 * as class-load order does under the agent): commutative, associative, the merge of one profile its
 * canonical form, totals that add, and the k-IPF of the merged forests that of all forests.
 * Associativity holds for value tables that no intermediate merge truncates (docs/merge.md); the
 * last property says what holds when one does.
 */
class ProfileMergeProperties {

    private static final int TABLE = RandomProgram.TABLE_SIZE;

    private static String mode(boolean camp) {
        return camp ? DepsProfile.CAMP : DepsProfile.LAMP;
    }

    @Property(tries = 150)
    void mergingIsCommutative(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int k, @ForAll boolean camp) {
        Random random = new Random(seed);
        RandomProgram program = new RandomProgram(random, k, mode(camp));
        Profile a = program.run(random, 2 * TABLE);
        Profile b = program.run(random, 2 * TABLE);
        assertArrayEquals(bytes(merge(a, b)), bytes(merge(b, a)));
    }

    @Property(tries = 150)
    void mergingIsAssociative(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int k, @ForAll boolean camp) {
        Random random = new Random(seed);
        RandomProgram program = new RandomProgram(random, k, mode(camp));
        Profile a = program.run(random, TABLE);
        Profile b = program.run(random, TABLE);
        Profile c = program.run(random, TABLE);
        byte[] left = bytes(merge(merge(a, b), c));
        assertArrayEquals(left, bytes(merge(a, merge(b, c))));
        assertArrayEquals(left, bytes(merge(a, b, c)));
        assertArrayEquals(left, bytes(merge(merge(c, a), b)));
    }

    @Property(tries = 150)
    void theMergeOfOneProfileIsItsCanonicalForm(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int k,
                                                @ForAll boolean camp) {
        Random random = new Random(seed);
        RandomProgram program = new RandomProgram(random, k, mode(camp));
        Profile a = program.run(random, 2 * TABLE);
        Profile b = program.run(random, 2 * TABLE);
        Profile canonical = merge(a);
        assertArrayEquals(bytes(canonical), bytes(merge(canonical)));
        assertArrayEquals(bytes(merge(a, b)), bytes(merge(canonical, b)));
        assertEquals(Profiles.paths(a), Profiles.paths(canonical));
        assertEquals(Profiles.valueCounts(a), Profiles.valueCounts(canonical));
        assertEquals(Profiles.valueTotals(a), Profiles.valueTotals(canonical));
        assertEquals(Profiles.depTotals(a), Profiles.depTotals(canonical));
        assertEquals(1L, ProfileMerge.runs(canonical));
    }

    @Property(tries = 150)
    void totalsAdd(@ForAll long seed, @ForAll @IntRange(min = 1, max = 4) int k, @ForAll boolean camp) {
        Random random = new Random(seed);
        RandomProgram program = new RandomProgram(random, k, mode(camp));
        Profile a = program.run(random, 2 * TABLE);
        Profile b = program.run(random, 2 * TABLE);
        Profile m = merge(a, b);
        assertEquals(Profiles.sum(Profiles.paths(a), Profiles.paths(b)), Profiles.paths(m));
        Map<String, List<Long>> values = new TreeMap<>(Profiles.valueTotals(a));
        Profiles.valueTotals(b).forEach((key, v) -> values.merge(key, v, Profiles::add));
        assertEquals(values, Profiles.valueTotals(m));
        assertEquals(Profiles.add(Profiles.depTotals(a), Profiles.depTotals(b)), Profiles.depTotals(m));
        assertEquals(2L, ProfileMerge.runs(m));
        assertEquals(4L, ProfileMerge.runs(merge(m, m)));
    }

    @Property(tries = 150)
    void theKIpfOfTheMergedForestsIsTheKIpfOfAllForests(@ForAll long seed, @ForAll @IntRange(min = 2, max = 5) int k) {
        Random random = new Random(seed);
        RandomProgram program = new RandomProgram(random, k, DepsProfile.CAMP);
        Profile a = program.run(random, TABLE);
        Profile b = program.run(random, TABLE);
        Profile m = merge(a, b);
        assertEquals(Profiles.sum(Profiles.kIpf(a, k), Profiles.kIpf(b, k)), Profiles.kIpf(m, k));
        int nodes = a.forests().stream().mapToInt(f -> f.size()).sum() + b.forests().stream().mapToInt(f -> f.size()).sum();
        assertTrue(m.forests().stream().mapToInt(f -> f.size()).sum() <= nodes, "the merged forests are no larger");
    }

    /**
     * Tables that overflow: the merge stays commutative; grouped differently, the merges differ at
     * most in their value tables, whose counts never exceed the exact sums, and merging all at once
     * keeps the exact sum of each value it keeps.
     */
    @Property(tries = 150)
    void truncatedTablesHoldLowerBounds(@ForAll long seed, @ForAll boolean camp) {
        Random random = new Random(seed);
        RandomProgram program = new RandomProgram(random, 2, mode(camp));
        Profile a = program.run(random, 3 * TABLE);
        Profile b = program.run(random, 3 * TABLE);
        Profile c = program.run(random, 3 * TABLE);
        assertArrayEquals(bytes(merge(a, b, c)), bytes(merge(c, b, a)));
        Map<String, Long> exact = Profiles.sum(Profiles.sum(Profiles.valueCounts(a), Profiles.valueCounts(b)),
                Profiles.valueCounts(c));
        for (Profile grouped : List.of(merge(merge(a, b), c), merge(a, merge(b, c)))) {
            assertArrayEquals(bytes(withoutTables(merge(a, b, c))), bytes(withoutTables(grouped)));
            Profiles.valueCounts(grouped).forEach((value, count) ->
                    assertTrue(count <= exact.get(value), value + ": " + count + " > " + exact.get(value)));
        }
        Profiles.valueCounts(merge(a, b, c)).forEach((value, count) -> assertEquals(exact.get(value), count, value));
    }

    private static Profile withoutTables(Profile p) {
        return new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(),
                p.values().stream().map(v -> new io.loupe.data.values.ValueSiteProfile(v.siteId(), v.executed(),
                        v.counted(), v.profiled(), v.weight(), v.mrvHits(), new String[0], new long[0],
                        v.profiledCounts() == null ? null : new long[0], v.switchedOff(), v.switchedOn())).toList(),
                p.deps());
    }
}
