package io.loupe.bench.polybench;

/**
 * ludcmp (linear-algebra/solvers): LU decomposition through a scalar accumulator, then forward and
 * backward substitution (the latter a loop counting down) to solve {@code A*x = b}.
 */
public final class Ludcmp {

    private Ludcmp() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[][] a, double[] b, double[] x, double[] y) {
        double fn = n;
        for (int i = 0; i < n; i++) {
            x[i] = 0;
            y[i] = 0;
            b[i] = (i + 1) / fn / 2.0 + 4;
        }
        Cholesky.init(n, a);
    }

    /** PolyBench's {@code kernel_ludcmp}. */
    public static void kernel(int n, double[][] a, double[] b, double[] x, double[] y) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                double w = a[i][j];
                for (int k = 0; k < j; k++) {
                    w -= a[i][k] * a[k][j];
                }
                a[i][j] = w / a[j][j];
            }
            for (int j = i; j < n; j++) {
                double w = a[i][j];
                for (int k = 0; k < i; k++) {
                    w -= a[i][k] * a[k][j];
                }
                a[i][j] = w;
            }
        }
        for (int i = 0; i < n; i++) {
            double w = b[i];
            for (int j = 0; j < i; j++) {
                w -= a[i][j] * y[j];
            }
            y[i] = w;
        }
        for (int i = n - 1; i >= 0; i--) {
            double w = y[i];
            for (int j = i + 1; j < n; j++) {
                w -= a[i][j] * x[j];
            }
            x[i] = w / a[i][i];
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of x. */
    public static double run(int n) {
        double[][] a = new double[n][n];
        double[] b = new double[n];
        double[] x = new double[n];
        double[] y = new double[n];
        init(n, a, b, x, y);
        long start = System.nanoTime();
        kernel(n, a, b, x, y);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(x);
    }
}
