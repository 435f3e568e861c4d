package io.loupe.data.meta;

/**
 * The counter layout of a class whose one-path-per-activation methods count through a class-local
 * fast path: slots {@code offsets[i] .. offsets[i] + sizes[i]} of the class's counter array belong
 * to method {@code methods[i]}, and the array has {@code slots} slots.
 */
public record ClassSlotLayout(int[] methods, int[] offsets, int[] sizes, int slots) {

    /** The layout of a class key reserved but not yet defined. */
    public static final ClassSlotLayout EMPTY = new ClassSlotLayout(new int[0], new int[0], new int[0], 0);
}
