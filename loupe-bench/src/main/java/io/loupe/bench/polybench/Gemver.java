package io.loupe.bench.polybench;

/**
 * gemver (linear-algebra/blas): {@code A := A + u1*v1^T + u2*v2^T}, {@code x := beta*A^T*y + z},
 * {@code w := alpha*A*x}.
 */
public final class Gemver {
    public static final double ALPHA = 1.5;
    public static final double BETA = 1.2;

    private Gemver() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[][] a, double[] u1, double[] v1, double[] u2, double[] v2,
            double[] w, double[] x, double[] y, double[] z) {
        double fn = n;
        for (int i = 0; i < n; i++) {
            u1[i] = i;
            u2[i] = ((i + 1) / fn) / 2.0;
            v1[i] = ((i + 1) / fn) / 4.0;
            v2[i] = ((i + 1) / fn) / 6.0;
            y[i] = ((i + 1) / fn) / 8.0;
            z[i] = ((i + 1) / fn) / 9.0;
            x[i] = 0.0;
            w[i] = 0.0;
            for (int j = 0; j < n; j++) {
                a[i][j] = (double) (i * j % n) / n;
            }
        }
    }

    /** PolyBench's {@code kernel_gemver}. */
    public static void kernel(int n, double alpha, double beta, double[][] a, double[] u1, double[] v1,
            double[] u2, double[] v2, double[] w, double[] x, double[] y, double[] z) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = a[i][j] + u1[i] * v1[j] + u2[i] * v2[j];
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                x[i] = x[i] + beta * a[j][i] * y[j];
            }
        }
        for (int i = 0; i < n; i++) {
            x[i] = x[i] + z[i];
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                w[i] = w[i] + alpha * a[i][j] * x[j];
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of w. */
    public static double run(int n) {
        double[][] a = new double[n][n];
        double[] u1 = new double[n];
        double[] v1 = new double[n];
        double[] u2 = new double[n];
        double[] v2 = new double[n];
        double[] w = new double[n];
        double[] x = new double[n];
        double[] y = new double[n];
        double[] z = new double[n];
        init(n, a, u1, v1, u2, v2, w, x, y, z);
        long start = System.nanoTime();
        kernel(n, ALPHA, BETA, a, u1, v1, u2, v2, w, x, y, z);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(w);
    }
}
