package io.loupe.bench.polybench;

/** jacobi-1d (stencils): a three-point Jacobi stencil, tsteps times back and forth between A and B. */
public final class Jacobi1d {

    private Jacobi1d() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[] a, double[] b) {
        for (int i = 0; i < n; i++) {
            a[i] = ((double) i + 2) / n;
            b[i] = ((double) i + 3) / n;
        }
    }

    /** PolyBench's {@code kernel_jacobi_1d}. */
    public static void kernel(int tsteps, int n, double[] a, double[] b) {
        for (int t = 0; t < tsteps; t++) {
            for (int i = 1; i < n - 1; i++) {
                b[i] = 0.33333 * (a[i - 1] + a[i] + a[i + 1]);
            }
            for (int i = 1; i < n - 1; i++) {
                a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of A. */
    public static double run(int tsteps, int n) {
        double[] a = new double[n];
        double[] b = new double[n];
        init(n, a, b);
        long start = System.nanoTime();
        kernel(tsteps, n, a, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(a);
    }
}
