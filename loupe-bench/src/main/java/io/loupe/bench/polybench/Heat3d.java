package io.loupe.bench.polybench;

/** heat-3d (stencils): a seven-point heat stencil on a 3-D grid, tsteps times back and forth between A and B. */
public final class Heat3d {

    private Heat3d() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[][][] a, double[][][] b) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                for (int k = 0; k < n; k++) {
                    a[i][j][k] = (double) (i + j + (n - k)) * 10 / n;
                    b[i][j][k] = a[i][j][k];
                }
            }
        }
    }

    /** PolyBench's {@code kernel_heat_3d}. */
    public static void kernel(int tsteps, int n, double[][][] a, double[][][] b) {
        for (int t = 1; t <= tsteps; t++) {
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    for (int k = 1; k < n - 1; k++) {
                        b[i][j][k] = 0.125 * (a[i + 1][j][k] - 2.0 * a[i][j][k] + a[i - 1][j][k])
                                + 0.125 * (a[i][j + 1][k] - 2.0 * a[i][j][k] + a[i][j - 1][k])
                                + 0.125 * (a[i][j][k + 1] - 2.0 * a[i][j][k] + a[i][j][k - 1])
                                + a[i][j][k];
                    }
                }
            }
            for (int i = 1; i < n - 1; i++) {
                for (int j = 1; j < n - 1; j++) {
                    for (int k = 1; k < n - 1; k++) {
                        a[i][j][k] = 0.125 * (b[i + 1][j][k] - 2.0 * b[i][j][k] + b[i - 1][j][k])
                                + 0.125 * (b[i][j + 1][k] - 2.0 * b[i][j][k] + b[i][j - 1][k])
                                + 0.125 * (b[i][j][k + 1] - 2.0 * b[i][j][k] + b[i][j][k - 1])
                                + b[i][j][k];
                    }
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of A. */
    public static double run(int tsteps, int n) {
        double[][][] a = new double[n][n][n];
        double[][][] b = new double[n][n][n];
        init(n, a, b);
        long start = System.nanoTime();
        kernel(tsteps, n, a, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(a);
    }
}
