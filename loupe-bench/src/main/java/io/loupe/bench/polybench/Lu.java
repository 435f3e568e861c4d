package io.loupe.bench.polybench;

/** lu (linear-algebra/solvers): LU decomposition without pivoting, in place. */
public final class Lu {

    private Lu() {
    }

    /** The matrix {@link Cholesky#init} makes (PolyBench uses the same code). */
    public static void init(int n, double[][] a) {
        Cholesky.init(n, a);
    }

    /** PolyBench's {@code kernel_lu}. */
    public static void kernel(int n, double[][] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                for (int k = 0; k < j; k++) {
                    a[i][j] -= a[i][k] * a[k][j];
                }
                a[i][j] /= a[j][j];
            }
            for (int j = i; j < n; j++) {
                for (int k = 0; k < i; k++) {
                    a[i][j] -= a[i][k] * a[k][j];
                }
            }
        }
    }

    /** Allocates and initialises A, runs the kernel once and returns the sum of A. */
    public static double run(int n) {
        double[][] a = new double[n][n];
        init(n, a);
        long start = System.nanoTime();
        kernel(n, a);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(a);
    }
}
