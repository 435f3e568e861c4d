package io.loupe.runtime.deps;

import io.loupe.data.deps.DepType;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The dependence table against a plain map: keys, counts (once per access serial), relation bits
 * and first-sight order survive the table's growth, with negative and large ids in every field.
 */
class DepTableTest {

    private record Key(DepType type, boolean cross, int srcSite, int srcCtx, int dstSite, int dstCtx) {
    }

    @Property(tries = 60)
    void agreesWithAMap(@ForAll @IntRange(min = 1, max = 3000) int keys, @ForAll long seed) {
        Random r = new Random(seed);
        Key[] pool = new Key[keys];
        for (int i = 0; i < keys; i++) {
            pool[i] = new Key(DepType.values()[r.nextInt(3)], r.nextBoolean(), id(r), id(r), id(r), id(r));
        }
        DepTable table = new DepTable();
        Map<Key, Long> counts = new HashMap<>();
        Map<Key, Map<Integer, Byte>> relations = new HashMap<>();
        Map<Key, Integer> order = new HashMap<>();
        Map<Key, Long> lastAccess = new HashMap<>();
        long access = 0;
        for (int step = 0; step < 4 * keys; step++) {
            access++;
            int hits = 1 + r.nextInt(3);   // one access may reach one key through several history entries
            for (int h = 0; h < hits; h++) {
                Key k = pool[r.nextInt(r.nextBoolean() ? Math.min(keys, 8) : keys)];
                int e = table.hit(k.type(), k.cross(), k.srcSite(), k.srcCtx(), k.dstSite(), k.dstCtx(), access, 1);
                order.putIfAbsent(k, order.size());
                if (lastAccess.getOrDefault(k, -1L) != access) {
                    lastAccess.put(k, access);
                    counts.merge(k, 1L, Long::sum);
                }
                if (r.nextInt(4) == 0) {
                    int loop = r.nextInt(5);
                    byte bits = (byte) (1 + r.nextInt(3));
                    table.relate(e, loop, bits);
                    relations.computeIfAbsent(k, x -> new HashMap<>()).merge(loop, bits, (x, y) -> (byte) (x | y));
                }
            }
        }
        assertEquals(order.size(), table.size());
        for (Map.Entry<Key, Integer> o : order.entrySet()) {
            Key k = o.getKey();
            int e = o.getValue();
            assertEquals(k, new Key(table.type(e), table.cross(e), table.srcSite(e), table.srcContext(e),
                    table.dstSite(e), table.dstContext(e)), "entry " + e + " in order of first sight");
            assertEquals((long) counts.get(k), table.count(e), "count of " + k);
            Map<Integer, Byte> expected = relations.getOrDefault(k, Map.of());
            Map<Integer, Byte> actual = new HashMap<>();
            for (int i = 0; i < table.loops(e); i++) {
                assertTrue(actual.put(table.loopKey(e, i), table.relation(e, i)) == null, "one record per loop key");
            }
            assertEquals(expected, actual, "relations of " + k);
        }
    }

    private static int id(Random r) {
        switch (r.nextInt(4)) {
            case 0:
                return -1 - r.nextInt(3);
            case 1:
                return Integer.MAX_VALUE - r.nextInt(3);
            default:
                return r.nextInt(20);
        }
    }
}
