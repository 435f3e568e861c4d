package io.loupe.data.meta;

/**
 * A basic block of a method: its first and last bytecode instruction index (in the method's
 * instruction list, labels and frames not counted) and the distinct source lines of its
 * instructions in the order they first appear (empty when the class has no line table).
 * {@code handler} is true for the first block of an exception handler.
 */
public record BlockMeta(int firstInsn, int lastInsn, int[] lines, boolean handler) {
}
