package io.loupe.instrument.deps;

import io.loupe.data.deps.DepLoopMeta;

import java.util.List;

/**
 * A loop of a method (one loop of its {@link io.loupe.instrument.flow.LoopForest}) with the edges on
 * which the runtime must be told about it.
 *
 * @param ordinal    the loop's ordinal among the loops of its method (its index in the loop forest;
 *                   loops are ordered by header, so this is bytecode order)
 * @param header     the header block
 * @param position   the position in the method's instruction list of the header's first instruction
 * @param line       the header's first source line, or -1
 * @param parent     the ordinal of the innermost enclosing loop, or -1
 * @param reducible  false for the region of an irreducible retreating edge
 * @param entries    loop entry: the normal edges from a block outside the loop to a block of it (for
 *                   a natural loop, into the header), and the method's entry if block 0 is in the loop
 * @param iterations iteration: the back edges (retreating edges) to the header
 * @param exits      loop exit: the normal edges from a block of the loop to a block outside it. An edge
 *                   leaving several loops is an exit of each; exceptional edges are not listed (the
 *                   handler restores the loop stack, see {@link HandlerSite})
 */
public record LoopSite(int ordinal, int header, int position, int line, int parent, boolean reducible,
                       List<Edge> entries, List<Edge> iterations, List<Edge> exits) {

    /**
     * A control flow edge between two blocks.
     *
     * @param fromBlock the source block, or -1 for the method's entry
     * @param toBlock   the target block
     * @param from      the position in the instruction list of the source block's last instruction
     *                  (a jump, a switch, or the instruction that falls through), or -1 for the entry
     * @param to        the position in the instruction list of the target block's first instruction
     */
    public record Edge(int fromBlock, int toBlock, int from, int to) {
        /** True for the method's entry edge (no instruction is the source). */
        public boolean methodEntry() {
            return fromBlock < 0;
        }
    }

    /**
     * The metadata of this loop as loop {@code id}, where the method's first loop is {@code firstId}
     * (the parent's id is {@code firstId + parent}).
     */
    public DepLoopMeta meta(int id, int firstId, String className, String method, String desc, String sourceFile) {
        return new DepLoopMeta(id, className, method, desc, sourceFile, line, ordinal,
                parent < 0 ? -1 : firstId + parent, false);
    }
}
