package io.loupe.bench.polybench;

/** durbin (linear-algebra/solvers): Levinson–Durbin recursion for the Yule–Walker equations. */
public final class Durbin {

    private Durbin() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, double[] r) {
        for (int i = 0; i < n; i++) {
            r[i] = n + 1 - i;
        }
    }

    /** PolyBench's {@code kernel_durbin}. */
    public static void kernel(int n, double[] r, double[] y) {
        double[] z = new double[n];
        y[0] = -r[0];
        double beta = 1.0;
        double alpha = -r[0];
        for (int k = 1; k < n; k++) {
            beta = (1 - alpha * alpha) * beta;
            double sum = 0.0;
            for (int i = 0; i < k; i++) {
                sum += r[k - i - 1] * y[i];
            }
            alpha = -(r[k] + sum) / beta;
            for (int i = 0; i < k; i++) {
                z[i] = y[i] + alpha * y[k - i - 1];
            }
            for (int i = 0; i < k; i++) {
                y[i] = z[i];
            }
            y[k] = alpha;
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of y. */
    public static double run(int n) {
        double[] r = new double[n];
        double[] y = new double[n];
        init(n, r);
        long start = System.nanoTime();
        kernel(n, r, y);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(y);
    }
}
