package io.loupe.bench.polybench;

/** 3mm (linear-algebra/kernels): {@code G := (A*B)*(C*D)}, through E := A*B and F := C*D. */
public final class ThreeMm {

    private ThreeMm() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int ni, int nj, int nk, int nl, int nm,
            double[][] a, double[][] b, double[][] c, double[][] d) {
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nk; j++) {
                a[i][j] = (double) ((i * j + 1) % ni) / (5 * ni);
            }
        }
        for (int i = 0; i < nk; i++) {
            for (int j = 0; j < nj; j++) {
                b[i][j] = (double) ((i * (j + 1) + 2) % nj) / (5 * nj);
            }
        }
        for (int i = 0; i < nj; i++) {
            for (int j = 0; j < nm; j++) {
                c[i][j] = (double) (i * (j + 3) % nl) / (5 * nl);
            }
        }
        for (int i = 0; i < nm; i++) {
            for (int j = 0; j < nl; j++) {
                d[i][j] = (double) ((i * (j + 2) + 2) % nk) / (5 * nk);
            }
        }
    }

    /** PolyBench's {@code kernel_3mm}. */
    public static void kernel(int ni, int nj, int nk, int nl, int nm, double[][] e, double[][] a,
            double[][] b, double[][] f, double[][] c, double[][] d, double[][] g) {
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nj; j++) {
                e[i][j] = 0.0;
                for (int k = 0; k < nk; ++k) {
                    e[i][j] += a[i][k] * b[k][j];
                }
            }
        }
        for (int i = 0; i < nj; i++) {
            for (int j = 0; j < nl; j++) {
                f[i][j] = 0.0;
                for (int k = 0; k < nm; ++k) {
                    f[i][j] += c[i][k] * d[k][j];
                }
            }
        }
        for (int i = 0; i < ni; i++) {
            for (int j = 0; j < nl; j++) {
                g[i][j] = 0.0;
                for (int k = 0; k < nj; ++k) {
                    g[i][j] += e[i][k] * f[k][j];
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of G. */
    public static double run(int ni, int nj, int nk, int nl, int nm) {
        double[][] e = new double[ni][nj];
        double[][] a = new double[ni][nk];
        double[][] b = new double[nk][nj];
        double[][] f = new double[nj][nl];
        double[][] c = new double[nj][nm];
        double[][] d = new double[nm][nl];
        double[][] g = new double[ni][nl];
        init(ni, nj, nk, nl, nm, a, b, c, d);
        long start = System.nanoTime();
        kernel(ni, nj, nk, nl, nm, e, a, b, f, c, d, g);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(g);
    }
}
