package io.loupe.bench.polybench;

/** covariance (datamining): the covariance matrix (m x m) of n observations of m variables. */
public final class Covariance {

    private Covariance() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int m, int n, double[][] data) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                data[i][j] = ((double) i * j) / m;
            }
        }
    }

    /** PolyBench's {@code kernel_covariance}. */
    public static void kernel(int m, int n, double floatN, double[][] data, double[][] cov, double[] mean) {
        for (int j = 0; j < m; j++) {
            mean[j] = 0.0;
            for (int i = 0; i < n; i++) {
                mean[j] += data[i][j];
            }
            mean[j] /= floatN;
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                data[i][j] -= mean[j];
            }
        }
        for (int i = 0; i < m; i++) {
            for (int j = i; j < m; j++) {
                cov[i][j] = 0.0;
                for (int k = 0; k < n; k++) {
                    cov[i][j] += data[k][i] * data[k][j];
                }
                cov[i][j] /= floatN - 1.0;
                cov[j][i] = cov[i][j];
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of the covariances. */
    public static double run(int m, int n) {
        double[][] data = new double[n][m];
        double[][] cov = new double[m][m];
        double[] mean = new double[m];
        init(m, n, data);
        long start = System.nanoTime();
        kernel(m, n, n, data, cov, mean);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(cov);
    }
}
