package io.loupe.bench.polybench;

/** cholesky (linear-algebra/solvers): the Cholesky factor of a positive definite A, in place in its lower triangle. */
public final class Cholesky {

    private Cholesky() {
    }

    /**
     * A lower triangular matrix with a unit diagonal, then {@code A := A * A^T} to make it positive
     * semi-definite; {@link Lu} and {@link Ludcmp} start from the same matrix, as in PolyBench.
     */
    public static void init(int n, double[][] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                a[i][j] = (double) (-j % n) / n + 1;
            }
            for (int j = i + 1; j < n; j++) {
                a[i][j] = 0;
            }
            a[i][i] = 1;
        }
        double[][] b = new double[n][n];
        for (int r = 0; r < n; ++r) {
            for (int s = 0; s < n; ++s) {
                b[r][s] = 0;
            }
        }
        for (int t = 0; t < n; ++t) {
            for (int r = 0; r < n; ++r) {
                for (int s = 0; s < n; ++s) {
                    b[r][s] += a[r][t] * a[s][t];
                }
            }
        }
        for (int r = 0; r < n; ++r) {
            for (int s = 0; s < n; ++s) {
                a[r][s] = b[r][s];
            }
        }
    }

    /** PolyBench's {@code kernel_cholesky}. */
    public static void kernel(int n, double[][] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                for (int k = 0; k < j; k++) {
                    a[i][j] -= a[i][k] * a[j][k];
                }
                a[i][j] /= a[j][j];
            }
            for (int k = 0; k < i; k++) {
                a[i][i] -= a[i][k] * a[i][k];
            }
            a[i][i] = Math.sqrt(a[i][i]);
        }
    }

    /** Allocates and initialises A, runs the kernel once and returns the sum of A. */
    public static double run(int n) {
        double[][] a = new double[n][n];
        init(n, a);
        long start = System.nanoTime();
        kernel(n, a);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(a);
    }
}
