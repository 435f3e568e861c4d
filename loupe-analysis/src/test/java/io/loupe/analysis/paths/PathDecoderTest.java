package io.loupe.analysis.paths;

import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.loupe.data.meta.EdgeKind.LOOP_ENTRY;
import static io.loupe.data.meta.EdgeKind.LOOP_EXIT;
import static io.loupe.data.meta.EdgeKind.METHOD_ENTRY;
import static io.loupe.data.meta.EdgeKind.METHOD_EXIT;
import static io.loupe.data.meta.EdgeKind.NORMAL;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The decoder on the CFG of D'Elia et al.'s Fig. 3: A → B, B → C | D, C → E, D → E, back edge E → B,
 * E → F (exit). Blocks A..F are 0..5; the back edge becomes LOOP_EXIT E → EXIT and LOOP_ENTRY
 * ENTRY → B. Eight paths, numbered by Fig. 2 with each node's edges taken in the order listed.
 */
class PathDecoderTest {

    private static final int A = 0, B = 1, C = 2, D = 3, E = 4, F = 5, ENTRY = 6, EXIT = 7;

    // numPaths: EXIT 1, F 1, E 2 (F, loop exit), C 2, D 2, B 4, A 4, ENTRY 8 (A, loop entry B)
    private static final List<DagEdge> EDGES = List.of(
            new DagEdge(ENTRY, A, METHOD_ENTRY, 0), new DagEdge(ENTRY, B, LOOP_ENTRY, 4),
            new DagEdge(A, B, NORMAL, 0),
            new DagEdge(B, C, NORMAL, 0), new DagEdge(B, D, NORMAL, 2),
            new DagEdge(C, E, NORMAL, 0), new DagEdge(D, E, NORMAL, 0),
            new DagEdge(E, F, NORMAL, 0), new DagEdge(E, EXIT, LOOP_EXIT, 1),
            new DagEdge(F, EXIT, METHOD_EXIT, 0));

    private static final MethodMeta FIG3 = new MethodMeta(0, "com.example.Fig3", "loop", "(I)V", "Fig3.java",
            List.of(block(10), block(11), block(12), block(14), block(14, 11), block(16)),
            EDGES, List.of(new LoopMeta(B, -1, 1, new int[] {B, C, D, E}, new int[] {E}, true)),
            8, 0, MethodMeta.Storage.ARRAY);

    private static BlockMeta block(int... lines) {
        return new BlockMeta(0, 0, lines, false);
    }

    private final PathDecoder decoder = new PathDecoder(FIG3);

    @Test
    void path_0_runs_from_the_method_entry_through_C_to_the_return() {
        DecodedPath p = decoder.decode(0);
        assertArrayEquals(new int[] {A, B, C, E, F}, p.blocks());
        assertEquals(METHOD_ENTRY, p.start());
        assertEquals(METHOD_EXIT, p.end());
        assertEquals(-1, p.loopHeader());
    }

    @Test
    void a_path_ending_at_the_back_edge_knows_the_loop_header_it_returns_to() {
        DecodedPath p = decoder.decode(1);
        assertArrayEquals(new int[] {A, B, C, E}, p.blocks());
        assertEquals(LOOP_EXIT, p.end());
        assertEquals(B, p.loopHeader());
    }

    @Test
    void a_path_starting_at_the_loop_header_starts_with_a_loop_entry_edge() {
        DecodedPath p = decoder.decode(7);
        assertArrayEquals(new int[] {B, D, E}, p.blocks());
        assertEquals(LOOP_ENTRY, p.start());
        assertEquals(LOOP_EXIT, p.end());
    }

    @Test
    void lines_concatenate_the_blocks_lines_without_consecutive_repeats() {
        // B D E = lines 11 | 14 | 14 11: the second 14 is dropped, the returning 11 is kept
        assertArrayEquals(new int[] {11, 14, 11}, decoder.decode(7).lines());
    }

    @Test
    void every_id_decodes_to_a_distinct_walk() {
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (long id = 0; id < 8; id++) {
            DecodedPath p = decoder.decode(id);
            assertTrue(seen.add(java.util.Arrays.toString(p.blocks()) + p.start() + p.end()), "duplicate walk for " + id);
        }
    }

    @Test
    void ids_outside_the_method_range_are_rejected_with_the_range_and_method_named() {
        var tooBig = assertThrows(IllegalArgumentException.class, () -> decoder.decode(8));
        assertEquals("path id 8 is outside [0, 8) of com.example.Fig3.loop(I)V", tooBig.getMessage());
        assertThrows(IllegalArgumentException.class, () -> decoder.decode(-1));
    }

    @Test
    void metadata_that_does_not_lead_to_EXIT_is_reported_not_looped_on() {
        MethodMeta broken = new MethodMeta(0, "X", "m", "()V", null, List.of(block(1)),
                List.of(new DagEdge(1, 0, METHOD_ENTRY, 0), new DagEdge(0, 0, NORMAL, 0)), List.of(), 1, 0,
                MethodMeta.Storage.ARRAY);
        var e = assertThrows(IllegalArgumentException.class, () -> new PathDecoder(broken).decode(0));
        assertTrue(e.getMessage().contains("does not decode"), e.getMessage());
    }

    @Test
    void a_block_that_may_return_or_loop_ends_two_paths_told_apart_by_the_end_kind() {
        List<DagEdge> edges = List.of(new DagEdge(1, 0, METHOD_ENTRY, 0),
                new DagEdge(0, 2, METHOD_EXIT, 0), new DagEdge(0, 2, EdgeKind.LOOP_EXIT, 1));
        MethodMeta m = new MethodMeta(0, "X", "m", "()V", null, List.of(block(5)), edges, List.of(), 2, 0,
                MethodMeta.Storage.ARRAY);
        PathDecoder d = new PathDecoder(m);
        assertEquals(METHOD_EXIT, d.decode(0).end());
        assertEquals(LOOP_EXIT, d.decode(1).end());
        assertArrayEquals(d.decode(0).blocks(), d.decode(1).blocks());
    }
}
