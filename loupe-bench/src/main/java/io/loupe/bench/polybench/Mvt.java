package io.loupe.bench.polybench;

/** mvt (linear-algebra/kernels): {@code x1 := x1 + A * y1}, {@code x2 := x2 + A^T * y2}. */
public final class Mvt {

    private Mvt() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[] x1, double[] x2, double[] y1, double[] y2, double[][] a) {
        for (int i = 0; i < n; i++) {
            x1[i] = (double) (i % n) / n;
            x2[i] = (double) ((i + 1) % n) / n;
            y1[i] = (double) ((i + 3) % n) / n;
            y2[i] = (double) ((i + 4) % n) / n;
            for (int j = 0; j < n; j++) {
                a[i][j] = (double) (i * j % n) / n;
            }
        }
    }

    /** PolyBench's {@code kernel_mvt}. */
    public static void kernel(int n, double[] x1, double[] x2, double[] y1, double[] y2, double[][] a) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                x1[i] = x1[i] + a[i][j] * y1[j];
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                x2[i] = x2[i] + a[j][i] * y2[j];
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of x1 and x2. */
    public static double run(int n) {
        double[] x1 = new double[n];
        double[] x2 = new double[n];
        double[] y1 = new double[n];
        double[] y2 = new double[n];
        double[][] a = new double[n][n];
        init(n, x1, x2, y1, y2, a);
        long start = System.nanoTime();
        kernel(n, x1, x2, y1, y2, a);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(x1) + Checksum.of(x2);
    }
}
