package io.loupe.runtime.paths;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PathTableTest {

    @Property
    void addAgreesWithAHashMapThroughRehashes(@ForAll @Size(max = 3000) List<@IntRange(min = 0, max = 1 << 30) Integer> ids) {
        PathTable table = new PathTable();
        Map<Integer, Long> expected = new HashMap<>();
        for (int id : ids) {
            table.add(id, 1);
            expected.merge(id, 1L, Long::sum);
        }
        Map<Integer, Long> actual = new HashMap<>();
        table.forEach(actual::put);
        assertEquals(expected, actual);
        assertEquals(ids.size(), table.operations());
    }

    @Property
    void putKeepsEveryValueIncludingZeroThroughRehashes(@ForAll @Size(max = 2000) List<@IntRange(min = 0, max = 100_000) Integer> ids) {
        PathTable table = new PathTable();
        Map<Integer, Long> expected = new HashMap<>();
        long value = 0;
        for (int id : ids) {
            table.put(id, value);
            expected.put(id, value);
            value = (value + 1) % 3;   // zeros among them: node index 0 is a real value
        }
        expected.forEach((id, v) -> assertEquals(v, table.get(id, -1)));
        assertEquals(expected.size(), table.size());
    }

    @Test
    void addingZeroDoesNotCreateAnEntry() {
        PathTable table = new PathTable();
        table.add(5, 0);
        assertEquals(0, table.size());
        assertEquals(-1, table.get(5, -1));
    }
}
