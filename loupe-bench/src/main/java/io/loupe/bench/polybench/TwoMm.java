package io.loupe.bench.polybench;

/** 2mm (linear-algebra/kernels): {@code D := alpha*A*B*C + beta*D}, through tmp := alpha*A*B. */
public final class TwoMm {
    public static final double ALPHA = 1.5;
    public static final double BETA = 1.2;

    private TwoMm() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int ni, int nj, int nk, int nl,
            double[][] a, double[][] b, double[][] c, double[][] d) {
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nk; j++) {
                a[i][j] = (double) ((i * j + 1) % ni) / ni;
            }
        }
        for (int i = 0; i < nk; i++) {
            for (int j = 0; j < nj; j++) {
                b[i][j] = (double) (i * (j + 1) % nj) / nj;
            }
        }
        for (int i = 0; i < nj; i++) {
            for (int j = 0; j < nl; j++) {
                c[i][j] = (double) ((i * (j + 3) + 1) % nl) / nl;
            }
        }
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nl; j++) {
                d[i][j] = (double) (i * (j + 2) % nk) / nk;
            }
        }
    }

    /** PolyBench's {@code kernel_2mm}. */
    public static void kernel(int ni, int nj, int nk, int nl, double alpha, double beta,
            double[][] tmp, double[][] a, double[][] b, double[][] c, double[][] d) {
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nj; j++) {
                tmp[i][j] = 0.0;
                for (int k = 0; k < nk; ++k) {
                    tmp[i][j] += alpha * a[i][k] * b[k][j];
                }
            }
        }
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nl; j++) {
                d[i][j] *= beta;
                for (int k = 0; k < nj; ++k) {
                    d[i][j] += tmp[i][k] * c[k][j];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of D. */
    public static double run(int ni, int nj, int nk, int nl) {
        double[][] tmp = new double[ni][nj];
        double[][] a = new double[ni][nk];
        double[][] b = new double[nk][nj];
        double[][] c = new double[nj][nl];
        double[][] d = new double[ni][nl];
        init(ni, nj, nk, nl, a, b, c, d);
        long start = System.nanoTime();
        kernel(ni, nj, nk, nl, ALPHA, BETA, tmp, a, b, c, d);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(d);
    }
}
