package io.loupe.data.format;

import java.util.Arrays;

/**
 * Arrays whose length a file claims. The claim is checked against the bytes left in the block,
 * but a stream of unknown length may claim a block of any length, so such an array starts small
 * and doubles as its elements really arrive: a damaged count costs at most twice the memory of
 * the data that is there, never an {@code OutOfMemoryError}.
 *
 * <pre>
 * int[] a = newInts(n);
 * for (int i = 0; i &lt; n; i++) {
 *     a = room(a, i, n);
 *     a[i] = ...;
 * }                           // a.length == n at the end
 * </pre>
 */
final class ClaimedArrays {

    /** Elements allocated before any has been read: 16 KiB of ints. */
    private static final int FIRST_CHUNK = 4096;

    private ClaimedArrays() {
    }

    static int[] newInts(int n) {
        return new int[Math.min(n, FIRST_CHUNK)];
    }

    static long[] newLongs(int n) {
        return new long[Math.min(n, FIRST_CHUNK)];
    }

    /** {@code a}, or a copy twice as long (at most {@code n}) when element {@code i} does not fit. */
    static int[] room(int[] a, int i, int n) {
        return i < a.length ? a : Arrays.copyOf(a, (int) Math.min(n, 2L * a.length));
    }

    static long[] room(long[] a, int i, int n) {
        return i < a.length ? a : Arrays.copyOf(a, (int) Math.min(n, 2L * a.length));
    }
}
