package io.loupe.bench.polybench;

/** correlation (datamining): the correlation matrix (m x m) of n observations of m variables. */
public final class Correlation {

    private Correlation() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int m, int n, double[][] data) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                data[i][j] = (double) (i * j) / m + i;
            }
        }
    }

    /** PolyBench's {@code kernel_correlation}. */
    public static void kernel(int m, int n, double floatN, double[][] data, double[][] corr,
            double[] mean, double[] stddev) {
        double eps = 0.1;
        for (int j = 0; j < m; j++) {
            mean[j] = 0.0;
            for (int i = 0; i < n; i++) {
                mean[j] += data[i][j];
            }
            mean[j] /= floatN;
        }
        for (int j = 0; j < m; j++) {
            stddev[j] = 0.0;
            for (int i = 0; i < n; i++) {
                stddev[j] += (data[i][j] - mean[j]) * (data[i][j] - mean[j]);
            }
            stddev[j] /= floatN;
            stddev[j] = Math.sqrt(stddev[j]);
            // near-zero deviations would divide by zero below
            stddev[j] = stddev[j] <= eps ? 1.0 : stddev[j];
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < m; j++) {
                data[i][j] -= mean[j];
                data[i][j] /= Math.sqrt(floatN) * stddev[j];
            }
        }
        for (int i = 0; i < m - 1; i++) {
            corr[i][i] = 1.0;
            for (int j = i + 1; j < m; j++) {
                corr[i][j] = 0.0;
                for (int k = 0; k < n; k++) {
                    corr[i][j] += data[k][i] * data[k][j];
                }
                corr[j][i] = corr[i][j];
            }
        }
        corr[m - 1][m - 1] = 1.0;
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of the correlations. */
    public static double run(int m, int n) {
        double[][] data = new double[n][m];
        double[][] corr = new double[m][m];
        double[] mean = new double[m];
        double[] stddev = new double[m];
        init(m, n, data);
        long start = System.nanoTime();
        kernel(m, n, n, data, corr, mean, stddev);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(corr);
    }
}
