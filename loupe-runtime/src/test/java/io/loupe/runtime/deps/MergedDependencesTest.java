package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * The dependences merged over threads as the dump streams them, against a boxed merge of every
 * thread's table (the merge the dump did before it streamed): the same dependences in the same
 * order (first sight, threads in creation order), counts summed, relation bits OR-ed, loops in the
 * order first seen.
 */
class MergedDependencesTest {

    private record Key(DepType type, boolean cross, int srcSite, int srcCtx, int dstSite, int dstCtx) {
    }

    @Property(tries = 80)
    void mergesLikeABoxedMapOfEveryThreadsTable(@ForAll @IntRange(min = 1, max = 4) int threads,
                                                 @ForAll @IntRange(min = 1, max = 400) int keys, @ForAll long seed) {
        Random r = new Random(seed);
        Key[] pool = new Key[keys];
        for (int i = 0; i < keys; i++) {
            pool[i] = new Key(DepType.values()[r.nextInt(3)], r.nextBoolean(), r.nextInt(9) - 1, r.nextInt(5) - 1,
                    r.nextInt(9), r.nextInt(5) - 1);
        }
        DepProfiler profiler = new DepProfiler(DepMode.LAMP, site -> 0);
        Map<Key, long[]> counts = new LinkedHashMap<>();
        Map<Key, Map<Integer, Byte>> relations = new LinkedHashMap<>();
        List<DepThread> all = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            all.add(profiler.newThread());
        }
        // each thread's table filled in turn: the oracle's order of first sight is then the merge's
        for (DepThread thread : all) {
            Map<Key, Long> mine = new LinkedHashMap<>();
            Map<Key, Map<Integer, Byte>> myRelations = new LinkedHashMap<>();
            int steps = r.nextInt(3 * keys + 1);
            for (long access = 1; access <= steps; access++) {
                Key k = pool[r.nextInt(keys)];
                int h = thread.table.hit(k.type(), k.cross(), k.srcSite(), k.srcCtx(), k.dstSite(), k.dstCtx(), access, 1);
                mine.merge(k, 1L, Long::sum);
                myRelations.computeIfAbsent(k, x -> new LinkedHashMap<>());
                if (r.nextBoolean()) {
                    int loop = r.nextInt(6);
                    byte bits = (byte) (1 + r.nextInt(3));
                    thread.table.relate(h, loop, bits);
                    myRelations.get(k).merge(loop, bits, (x, y) -> (byte) (x | y));
                }
            }
            mine.forEach((k, c) -> counts.computeIfAbsent(k, x -> new long[1])[0] += c);
            myRelations.forEach((k, rel) -> {
                Map<Integer, Byte> into = relations.computeIfAbsent(k, x -> new LinkedHashMap<>());
                rel.forEach((loop, bits) -> into.merge(loop, bits, (x, y) -> (byte) (x | y)));
            });
        }
        List<Dependence> merged = profiler.dependences();
        assertEquals(counts.size(), merged.size());
        int i = 0;
        for (Dependence d : merged) {
            Key k = new Key(d.type(), d.crossThread(), d.srcSite(), d.srcContext(), d.dstSite(), d.dstContext());
            assertEquals(new ArrayList<>(counts.keySet()).get(i), k, "dependence " + i + " in order of first sight");
            assertEquals(counts.get(k)[0], d.count(), "count of " + k);
            Map<Integer, Byte> rel = relations.get(k);
            assertArrayEquals(rel.keySet().stream().mapToInt(Integer::intValue).toArray(), d.loops(), "loops of " + k);
            byte[] bits = new byte[rel.size()];
            int j = 0;
            for (byte b : rel.values()) {
                bits[j++] = b;
            }
            assertArrayEquals(bits, d.relations(), "relations of " + k);
            i++;
        }
        assertEquals(counts.size(), i);
        // positional reads, forwards and backwards, agree with the iterator
        for (int at : new int[] {counts.size() - 1, 0, counts.size() / 2, counts.size() / 2 + 1}) {
            if (at >= 0 && at < counts.size()) {
                Dependence d = merged.get(at);
                assertEquals(new ArrayList<>(counts.keySet()).get(at),
                        new Key(d.type(), d.crossThread(), d.srcSite(), d.srcContext(), d.dstSite(), d.dstContext()));
            }
        }
        assertThrows(IndexOutOfBoundsException.class, () -> merged.get(counts.size()));
        assertEquals(List.of(), List.copyOf(profiler.skippedThreads()), "quiet threads are read whole");
    }
}
