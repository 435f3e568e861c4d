package io.loupe.analysis.paths;

import io.loupe.data.meta.EdgeKind;

/**
 * One Ball–Larus path turned back into the code it covers.
 *
 * @param id         the path id
 * @param blocks     the basic blocks along the path, first to last (the virtual ENTRY and EXIT
 *                   nodes are not included)
 * @param start      kind of the first DAG edge: where the path begins (method entry, loop header,
 *                   exception handler, cut point)
 * @param end        kind of the last DAG edge: how the path ends (return or throw, back edge, cut edge)
 * @param lines      the source lines along the path: the blocks' lines concatenated, consecutive
 *                   duplicates dropped; empty when the class has no line table
 * @param loopHeader for a path ending at a back edge ({@link EdgeKind#LOOP_EXIT}), the block the
 *                   back edge jumps to (the header of the loop it closes), or -1 when unknown or
 *                   not applicable
 */
public record DecodedPath(long id, int[] blocks, EdgeKind start, EdgeKind end, int[] lines, int loopHeader) {

    /** Number of basic blocks along the path. */
    public int length() {
        return blocks.length;
    }
}
