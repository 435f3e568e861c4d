package io.loupe.bench.polybench;

/** gemm (linear-algebra/blas): {@code C := alpha*A*B + beta*C}, C is ni x nj, A ni x nk, B nk x nj. */
public final class Gemm {
    public static final double ALPHA = 1.5;
    public static final double BETA = 1.2;

    private Gemm() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int ni, int nj, int nk, double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nj; j++) {
                c[i][j] = (double) ((i * j + 1) % ni) / ni;
            }
        }
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nk; j++) {
                a[i][j] = (double) (i * (j + 1) % nk) / nk;
            }
        }
        for (int i = 0; i < nk; i++) {
            for (int j = 0; j < nj; j++) {
                b[i][j] = (double) (i * (j + 2) % nj) / nj;
            }
        }
    }

    /** PolyBench's {@code kernel_gemm}. */
    public static void kernel(int ni, int nj, int nk, double alpha, double beta,
            double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nj; j++) {
                c[i][j] *= beta;
            }
            for (int k = 0; k < nk; k++) {
                for (int j = 0; j < nj; j++) {
                    c[i][j] += alpha * a[i][k] * b[k][j];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of C. */
    public static double run(int ni, int nj, int nk) {
        double[][] c = new double[ni][nj];
        double[][] a = new double[ni][nk];
        double[][] b = new double[nk][nj];
        init(ni, nj, nk, c, a, b);
        long start = System.nanoTime();
        kernel(ni, nj, nk, ALPHA, BETA, c, a, b);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(c);
    }
}
