package io.loupe.analysis.paths;

import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.MethodMeta;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** On random DAGs numbered by Fig. 2, decoding inverts the numbering. */
class PathDecoderProperties {

    @Property(tries = 300)
    void every_enumerated_path_decodes_to_itself(@ForAll @IntRange(min = 1, max = 11) int blocks, @ForAll long seed) {
        Random random = new Random(seed);
        List<DagEdge> numbered = BallLarusTestDag.number(blocks, BallLarusTestDag.randomEdges(blocks, random), random);
        int[][] lines = randomLines(blocks, random);
        MethodMeta method = BallLarusTestDag.method(blocks, numbered, lines, List.of());
        PathDecoder decoder = new PathDecoder(method);
        int exit = method.exitNode();
        for (BallLarusTestDag.Walk walk : BallLarusTestDag.walks(numbered, method.entryNode(), exit)) {
            DecodedPath p = decoder.decode(walk.id());
            assertEquals(walk.id(), p.id());
            assertArrayEquals(walk.blocks(exit), p.blocks(), "blocks of path " + walk.id());
            assertEquals(walk.edges().get(0).kind(), p.start());
            assertEquals(walk.edges().get(walk.edges().size() - 1).kind(), p.end());
            assertArrayEquals(expectedLines(walk.blocks(exit), lines), p.lines());
        }
    }

    @Property(tries = 300)
    void the_numbering_gives_the_walks_exactly_the_ids_0_to_numPaths(
            @ForAll @IntRange(min = 1, max = 11) int blocks, @ForAll long seed) {
        Random random = new Random(seed);
        List<DagEdge> numbered = BallLarusTestDag.number(blocks, BallLarusTestDag.randomEdges(blocks, random), random);
        MethodMeta method = BallLarusTestDag.method(blocks, numbered, randomLines(blocks, random), List.of());
        BitSet ids = new BitSet();
        for (BallLarusTestDag.Walk walk : BallLarusTestDag.walks(numbered, method.entryNode(), method.exitNode())) {
            ids.set((int) walk.id());
        }
        assertEquals(method.numPaths(), ids.cardinality());
        assertEquals(method.numPaths(), ids.nextClearBit(0));
        PathDecoder decoder = new PathDecoder(method);
        assertThrows(IllegalArgumentException.class, () -> decoder.decode(method.numPaths()));
    }

    private static int[][] randomLines(int blocks, Random random) {
        int[][] lines = new int[blocks][];
        for (int b = 0; b < blocks; b++) {
            lines[b] = random.ints(random.nextInt(3), 1, 6).toArray();
        }
        return lines;
    }

    private static int[] expectedLines(int[] blocks, int[][] lines) {
        List<Integer> out = new ArrayList<>();
        for (int b : blocks) {
            for (int line : lines[b]) {
                if (out.isEmpty() || out.get(out.size() - 1) != line) {
                    out.add(line);
                }
            }
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
