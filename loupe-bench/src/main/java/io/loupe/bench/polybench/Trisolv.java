package io.loupe.bench.polybench;

/** trisolv (linear-algebra/solvers): forward substitution, {@code x := L^-1 * b}, L lower triangular. */
public final class Trisolv {

    private Trisolv() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[][] l, double[] x, double[] b) {
        for (int i = 0; i < n; i++) {
            x[i] = -999;
            b[i] = i;
            for (int j = 0; j <= i; j++) {
                l[i][j] = (double) (i + n - j + 1) * 2 / n;
            }
        }
    }

    /** PolyBench's {@code kernel_trisolv}. */
    public static void kernel(int n, double[][] l, double[] x, double[] b) {
        for (int i = 0; i < n; i++) {
            x[i] = b[i];
            for (int j = 0; j < i; j++) {
                x[i] -= l[i][j] * x[j];
            }
            x[i] = x[i] / l[i][i];
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of x. */
    public static double run(int n) {
        double[][] l = new double[n][n];
        double[] x = new double[n];
        double[] b = new double[n];
        init(n, l, x, b);
        long start = System.nanoTime();
        kernel(n, l, x, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(x);
    }
}
