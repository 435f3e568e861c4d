package io.loupe.bench.polybench;

/** gramschmidt (linear-algebra/solvers): QR decomposition by modified Gram–Schmidt, A is m x n. */
public final class Gramschmidt {

    private Gramschmidt() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int m, int n, double[][] a, double[][] r, double[][] q) {
        for (int i = 0; i < m; i++) {
            for (int j = 0; j < n; j++) {
                a[i][j] = ((double) ((i * j) % m) / m) * 100 + 10;
                q[i][j] = 0.0;
            }
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                r[i][j] = 0.0;
            }
        }
    }

    /** PolyBench's {@code kernel_gramschmidt}. */
    public static void kernel(int m, int n, double[][] a, double[][] r, double[][] q) {
        for (int k = 0; k < n; k++) {
            double nrm = 0.0;
            for (int i = 0; i < m; i++) {
                nrm += a[i][k] * a[i][k];
            }
            r[k][k] = Math.sqrt(nrm);
            for (int i = 0; i < m; i++) {
                q[i][k] = a[i][k] / r[k][k];
            }
            for (int j = k + 1; j < n; j++) {
                r[k][j] = 0.0;
                for (int i = 0; i < m; i++) {
                    r[k][j] += q[i][k] * a[i][j];
                }
                for (int i = 0; i < m; i++) {
                    a[i][j] = a[i][j] - q[i][k] * r[k][j];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of R and Q. */
    public static double run(int m, int n) {
        double[][] a = new double[m][n];
        double[][] r = new double[n][n];
        double[][] q = new double[m][n];
        init(m, n, a, r, q);
        long start = System.nanoTime();
        kernel(m, n, a, r, q);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(r) + Checksum.of(q);
    }
}
