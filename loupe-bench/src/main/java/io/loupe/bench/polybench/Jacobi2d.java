package io.loupe.bench.polybench;

/** jacobi-2d (stencils): a five-point Jacobi stencil, tsteps times back and forth between A and B. */
public final class Jacobi2d {

    private Jacobi2d() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[][] a, double[][] b) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = ((double) i * (j + 2) + 2) / n;
                b[i][j] = ((double) i * (j + 3) + 3) / n;
            }
        }
    }

    /** PolyBench's {@code kernel_jacobi_2d}. */
    public static void kernel(int tsteps, int n, double[][] a, double[][] b) {
        for (int t = 0; t < tsteps; t++) {
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][1 + j] + a[1 + i][j] + a[i - 1][j]);
                }
            }
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][1 + j] + b[1 + i][j] + b[i - 1][j]);
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of A. */
    public static double run(int tsteps, int n) {
        double[][] a = new double[n][n];
        double[][] b = new double[n][n];
        init(n, a, b);
        long start = System.nanoTime();
        kernel(tsteps, n, a, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(a);
    }
}
