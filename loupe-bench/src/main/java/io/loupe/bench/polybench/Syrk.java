package io.loupe.bench.polybench;

/** syrk (linear-algebra/blas): {@code C := alpha*A*A^T + beta*C} on the lower triangle of C (n x n); A is n x m. */
public final class Syrk {
    public static final double ALPHA = 1.5;
    public static final double BETA = 1.2;

    private Syrk() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, int m, double[][] c, double[][] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                a[i][j] = (double) ((i * j + 1) % n) / n;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                c[i][j] = (double) ((i * j + 2) % m) / m;
            }
        }
    }

    /** PolyBench's {@code kernel_syrk}. */
    public static void kernel(int n, int m, double alpha, double beta, double[][] c, double[][] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j <= i; j++) {
                c[i][j] *= beta;
            }
            for (int k = 0; k < m; k++) {
                for (int j = 0; j <= i; j++) {
                    c[i][j] += alpha * a[i][k] * a[j][k];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of C. */
    public static double run(int n, int m) {
        double[][] c = new double[n][n];
        double[][] a = new double[n][m];
        init(n, m, c, a);
        long start = System.nanoTime();
        kernel(n, m, ALPHA, BETA, c, a);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(c);
    }
}
