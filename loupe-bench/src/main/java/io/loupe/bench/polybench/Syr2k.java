package io.loupe.bench.polybench;

/**
 * syr2k (linear-algebra/blas): {@code C := alpha*A*B^T + alpha*B*A^T + beta*C} on the lower
 * triangle of C (n x n); A and B are n x m.
 */
public final class Syr2k {
    public static final double ALPHA = 1.5;
    public static final double BETA = 1.2;

    private Syr2k() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, int m, double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                a[i][j] = (double) ((i * j + 1) % n) / n;
                b[i][j] = (double) ((i * j + 2) % m) / m;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                c[i][j] = (double) ((i * j + 3) % n) / m;
            }
        }
    }

    /** PolyBench's {@code kernel_syr2k}. */
    public static void kernel(int n, int m, double alpha, double beta, double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                c[i][j] *= beta;
            }
            for (int k = 0; k < m; k++) {
                for (int j = 0; j <= i; j++) {
                    c[i][j] += a[j][k] * alpha * b[i][k] + b[j][k] * alpha * a[i][k];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of C. */
    public static double run(int n, int m) {
        double[][] c = new double[n][n];
        double[][] a = new double[n][m];
        double[][] b = new double[n][m];
        init(n, m, c, a, b);
        long start = System.nanoTime();
        kernel(n, m, ALPHA, BETA, c, a, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(c);
    }
}
