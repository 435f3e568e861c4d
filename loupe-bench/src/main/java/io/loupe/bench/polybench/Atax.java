package io.loupe.bench.polybench;

/** atax (linear-algebra/kernels): {@code y := A^T * (A * x)}, A is m x n. */
public final class Atax {

    private Atax() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int m, int n, double[][] a, double[] x) {
        double fn = n;
        for (int i = 0; i < n; i++) {
            x[i] = 1 + (i / fn);
        }
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = (double) ((i + j) % n) / (5 * m);
            }
        }
    }

    /** PolyBench's {@code kernel_atax}. */
    public static void kernel(int m, int n, double[][] a, double[] x, double[] y, double[] tmp) {
        for (int i = 0; i < n; i++) {
            y[i] = 0;
        }
        for (int i = 0; i < m; i++) {
            tmp[i] = 0.0;
            for (int j = 0; j < n; j++) {
                tmp[i] = tmp[i] + a[i][j] * x[j];
            }
            for (int j = 0; j < n; j++) {
                y[j] = y[j] + a[i][j] * tmp[i];
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of y. */
    public static double run(int m, int n) {
        double[][] a = new double[m][n];
        double[] x = new double[n];
        double[] y = new double[n];
        double[] tmp = new double[m];
        init(m, n, a, x);
        long start = System.nanoTime();
        kernel(m, n, a, x, y, tmp);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(y);
    }
}
