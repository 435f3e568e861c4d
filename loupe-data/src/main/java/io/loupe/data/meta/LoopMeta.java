package io.loupe.data.meta;

/**
 * A loop of the method's loop nesting forest: a natural loop (its header dominates every block of
 * it) or, for irreducible flow, the region of a retreating edge whose target does not dominate its
 * source ({@code reducible == false}). {@code parent} is the index of the innermost enclosing loop
 * in {@link MethodMeta#loops()}, or -1; {@code blocks} lists the loop's blocks (header first).
 */
public record LoopMeta(int header, int parent, int depth, int[] blocks, int[] backEdgeSources, boolean reducible) {
}
