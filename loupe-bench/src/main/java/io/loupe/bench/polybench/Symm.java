package io.loupe.bench.polybench;

/**
 * symm (linear-algebra/blas): {@code C := alpha*A*B + beta*C} with A symmetric, m x m, of which
 * only the lower triangle is read; B and C are m x n.
 */
public final class Symm {
    public static final double ALPHA = 1.5;
    public static final double BETA = 1.2;

    private Symm() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int m, int n, double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                c[i][j] = (double) ((i + j) % 100) / m;
                b[i][j] = (double) ((n + i - j) % 100) / m;
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j <= i; j++) {
                a[i][j] = (double) ((i + j) % 100) / m;
            }
            for (int j = i + 1; j < m; j++) {
                a[i][j] = -999; // never read
            }
        }
    }

    /** PolyBench's {@code kernel_symm}. */
    public static void kernel(int m, int n, double alpha, double beta, double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                double temp2 = 0;
                for (int k = 0; k < i; k++) {
                    c[k][j] += alpha * b[i][j] * a[i][k];
                    temp2 += b[k][j] * a[i][k];
                }
                c[i][j] = beta * c[i][j] + alpha * b[i][j] * a[i][i] + alpha * temp2;
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of C. */
    public static double run(int m, int n) {
        double[][] c = new double[m][n];
        double[][] a = new double[m][m];
        double[][] b = new double[m][n];
        init(m, n, c, a, b);
        long start = System.nanoTime();
        kernel(m, n, ALPHA, BETA, c, a, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(c);
    }
}
