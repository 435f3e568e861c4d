package io.loupe.bench.polybench;

/**
 * nussinov (medley): RNA secondary structure by dynamic programming, on {@code int} scores as in
 * PolyBench; the outer loop counts down and the innermost one's bounds depend on both outer ones.
 */
public final class Nussinov {

    private Nussinov() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, int[] seq, int[][] table) {
        for (int i = 0; i < n; i++) {
            seq[i] = (i + 1) % 4; // the bases A, G, C, T as 0..3
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                table[i][j] = 0;
            }
        }
    }

    /** PolyBench's {@code kernel_nussinov}, its macros {@code max_score} and {@code match} expanded in place. */
    public static void kernel(int n, int[] seq, int[][] table) {
        for (int i = n - 1; i >= 0; i--) {
            for (int j = i + 1; j < n; j++) {
                if (j - 1 >= 0) {
                    table[i][j] = table[i][j] >= table[i][j - 1] ? table[i][j] : table[i][j - 1];
                }
                if (i + 1 < n) {
                    table[i][j] = table[i][j] >= table[i + 1][j] ? table[i][j] : table[i + 1][j];
                }
                if (j - 1 >= 0 && i + 1 < n) {
                    if (i < j - 1) {
                        // complementary bases pair, adjacent ones do not
                        int match = seq[i] + seq[j] == 3 ? 1 : 0;
                        table[i][j] = table[i][j] >= table[i + 1][j - 1] + match
                                ? table[i][j] : table[i + 1][j - 1] + match;
                    } else {
                        table[i][j] = table[i][j] >= table[i + 1][j - 1] ? table[i][j] : table[i + 1][j - 1];
                    }
                }
                for (int k = i + 1; k < j; k++) {
                    table[i][j] = table[i][j] >= table[i][k] + table[k + 1][j]
                            ? table[i][j] : table[i][k] + table[k + 1][j];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of the table. */
    public static double run(int n) {
        int[] seq = new int[n];
        int[][] table = new int[n][n];
        init(n, seq, table);
        long start = System.nanoTime();
        kernel(n, seq, table);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(table);
    }
}
