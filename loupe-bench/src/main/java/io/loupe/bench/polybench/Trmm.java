package io.loupe.bench.polybench;

/** trmm (linear-algebra/blas): {@code B := alpha*A^T*B}, A unit lower triangular m x m, B m x n. */
public final class Trmm {
    public static final double ALPHA = 1.5;

    private Trmm() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int m, int n, double[][] a, double[][] b) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < i; j++) {
                a[i][j] = (double) ((i + j) % m) / m;
            }
            a[i][i] = 1.0;
            for (int j = 0; j < n; j++) {
                b[i][j] = (double) ((n + (i - j)) % n) / n;
            }
        }
    }

    /** PolyBench's {@code kernel_trmm}. */
    public static void kernel(int m, int n, double alpha, double[][] a, double[][] b) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = i + 1; k < m; k++) {
                    b[i][j] += a[k][i] * b[k][j];
                }
                b[i][j] = alpha * b[i][j];
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of B. */
    public static double run(int m, int n) {
        double[][] a = new double[m][m];
        double[][] b = new double[m][n];
        init(m, n, a, b);
        long start = System.nanoTime();
        kernel(m, n, ALPHA, a, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(b);
    }
}
