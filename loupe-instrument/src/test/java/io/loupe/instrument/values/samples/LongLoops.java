package io.loupe.instrument.values.samples;

/**
 * Activations that run long in a loop, for the quiet copy's switches at loop headers: one call of
 * {@link #phases} runs its whole loop, whose value changes phase half-way; {@link #nested} has an
 * inner loop (only the outer one switches); the constructor has a loop too, so it gets a copy.
 */
public final class LongLoops {

    public final int[] squares;

    public LongLoops(int n) {
        squares = new int[n];
        for (int i = 0; i < n; i++) {
            squares[i] = i * i;
        }
    }

    /** Sums {@code i % 3 + phase} over {@code n} iterations; {@code phase} is 11 for the first half, 22 after. */
    public static long phases(int n) {
        long sum = 0;
        for (int i = 0; i < n; i++) {
            int phase = i < n / 2 ? 11 : 22;
            int small = i % 3;
            sum += small + phase;
        }
        return sum;
    }

    /** A loop nest: {@code rows} outer iterations of {@code cols} inner ones. */
    public static long nested(int rows, int cols) {
        long sum = 0;
        for (int r = 0; r < rows; r++) {
            int width = cols;
            for (int c = 0; c < width; c++) {
                sum += r ^ c;
            }
        }
        return sum;
    }
}
