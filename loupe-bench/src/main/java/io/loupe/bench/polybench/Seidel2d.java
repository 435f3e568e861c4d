package io.loupe.bench.polybench;

/** seidel-2d (stencils): a nine-point Gauss–Seidel sweep in place, tsteps times; every loop carries dependences. */
public final class Seidel2d {

    private Seidel2d() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[][] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = ((double) i * (j + 2) + 2) / n;
            }
        }
    }

    /** PolyBench's {@code kernel_seidel_2d}. */
    public static void kernel(int tsteps, int n, double[][] a) {
        for (int t = 0; t <= tsteps - 1; t++) {
            for (int i = 1; i <= n - 2; i++) {
                for (int j = 1; j <= n - 2; j++) {
                    a[i][j] = (a[i - 1][j - 1] + a[i - 1][j] + a[i - 1][j + 1]
                            + a[i][j - 1] + a[i][j] + a[i][j + 1]
                            + a[i + 1][j - 1] + a[i + 1][j] + a[i + 1][j + 1]) / 9.0;
                }
            }
        }
    }

    /** Allocates and initialises A, runs the kernel once and returns the sum of A. */
    public static double run(int tsteps, int n) {
        double[][] a = new double[n][n];
        init(n, a);
        long start = System.nanoTime();
        kernel(tsteps, n, a);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(a);
    }
}
