package io.loupe.runtime.paths;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class OpenLongTableTest {

    @Property
    void addToAgreesWithAHashMapThroughManyRehashes(
            @ForAll @Size(max = 3000) List<@IntRange(min = 0, max = 500) Integer> methods,
            @ForAll @IntRange(min = 0, max = 40) int pathSpread) {
        OpenLongTable table = new OpenLongTable(2);
        Map<Long, Long> expected = new HashMap<>();
        int i = 0;
        for (int m : methods) {
            long key = OpenLongTable.key(m, (i++ * 7919) % (pathSpread + 1));
            table.addTo(key, 1);
            expected.merge(key, 1L, Long::sum);
        }
        Map<Long, Long> actual = new HashMap<>();
        table.forEach(actual::put);
        assertEquals(expected, actual);
        assertEquals(expected.size(), table.size());
    }

    @Property
    void putAndGetRoundTripAndAbsentKeysGiveTheDefault(@ForAll @Size(max = 500) List<@IntRange(min = 0, max = 100_000) Integer> keys) {
        OpenLongTable table = new OpenLongTable(4);
        for (int k : keys) {
            table.put(OpenLongTable.key(k, k), k * 3L);
        }
        for (int k : keys) {
            assertEquals(k * 3L, table.get(OpenLongTable.key(k, k), -1));
        }
        assertEquals(-1, table.get(OpenLongTable.key(100_001, 0), -1));
    }
}
