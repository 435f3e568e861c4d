package io.loupe.bench.polybench;

/**
 * doitgen (linear-algebra/kernels), multiresolution analysis: each row {@code A[r][q]} of a 3-D
 * array (nr x nq x np) multiplied by C4 (np x np), through a one-row buffer {@code sum}.
 */
public final class Doitgen {

    private Doitgen() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int nr, int nq, int np, double[][][] a, double[][] c4) {
        for (int i = 0; i < nr; i++) {
            for (int j = 0; j < nq; j++) {
                for (int k = 0; k < np; k++) {
                    a[i][j][k] = (double) ((i * j + k) % np) / np;
                }
            }
        }
        for (int i = 0; i < np; i++) {
            for (int j = 0; j < np; j++) {
                c4[i][j] = (double) (i * j % np) / np;
            }
        }
    }

    /** PolyBench's {@code kernel_doitgen}. */
    public static void kernel(int nr, int nq, int np, double[][][] a, double[][] c4, double[] sum) {
        for (int r = 0; r < nr; r++) {
            for (int q = 0; q < nq; q++) {
                for (int p = 0; p < np; p++) {
                    sum[p] = 0.0;
                    for (int s = 0; s < np; s++) {
                        sum[p] += a[r][q][s] * c4[s][p];
                    }
                }
                for (int p = 0; p < np; p++) {
                    a[r][q][p] = sum[p];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of A. */
    public static double run(int nr, int nq, int np) {
        double[][][] a = new double[nr][nq][np];
        double[][] c4 = new double[np][np];
        double[] sum = new double[np];
        init(nr, nq, np, a, c4);
        long start = System.nanoTime();
        kernel(nr, nq, np, a, c4, sum);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(a);
    }
}
