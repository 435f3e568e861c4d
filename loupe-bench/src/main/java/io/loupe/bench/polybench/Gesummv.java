package io.loupe.bench.polybench;

/** gesummv (linear-algebra/blas): {@code y := alpha*A*x + beta*B*x}. */
public final class Gesummv {
    public static final double ALPHA = 1.5;
    public static final double BETA = 1.2;

    private Gesummv() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[][] a, double[][] b, double[] x) {
        for (int i = 0; i < n; i++) {
            x[i] = (double) (i % n) / n;
            for (int j = 0; j < n; j++) {
                a[i][j] = (double) ((i * j + 1) % n) / n;
                b[i][j] = (double) ((i * j + 2) % n) / n;
            }
        }
    }

    /** PolyBench's {@code kernel_gesummv}. */
    public static void kernel(int n, double alpha, double beta, double[][] a, double[][] b,
            double[] tmp, double[] x, double[] y) {
        for (int i = 0; i < n; i++) {
            tmp[i] = 0.0;
            y[i] = 0.0;
            for (int j = 0; j < n; j++) {
                tmp[i] = a[i][j] * x[j] + tmp[i];
                y[i] = b[i][j] * x[j] + y[i];
            }
            y[i] = alpha * tmp[i] + beta * y[i];
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of y. */
    public static double run(int n) {
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        double[] tmp = new double[n];
        double[] x = new double[n];
        double[] y = new double[n];
        init(n, a, b, x);
        long start = System.nanoTime();
        kernel(n, ALPHA, BETA, a, b, tmp, x, y);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(y);
    }
}
