package io.loupe.bench.polybench;

/** bicg (linear-algebra/kernels), the BiCG sub-kernel: {@code s := A^T * r}, {@code q := A * p}, A is n x m. */
public final class Bicg {

    private Bicg() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int m, int n, double[][] a, double[] r, double[] p) {
        for (int i = 0; i < m; i++) {
            p[i] = (double) (i % m) / m;
        }
        for (int i = 0; i < n; i++) {
            r[i] = (double) (i % n) / n;
            for (int j = 0; j < m; j++) {
                a[i][j] = (double) (i * (j + 1) % n) / n;
            }
        }
    }

    /** PolyBench's {@code kernel_bicg}. */
    public static void kernel(int m, int n, double[][] a, double[] s, double[] q, double[] p, double[] r) {
        for (int i = 0; i < m; i++) {
            s[i] = 0;
        }
        for (int i = 0; i < n; i++) {
            q[i] = 0.0;
            for (int j = 0; j < m; j++) {
                s[j] = s[j] + r[i] * a[i][j];
                q[i] = q[i] + a[i][j] * p[j];
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of s and q. */
    public static double run(int m, int n) {
        double[][] a = new double[n][m];
        double[] s = new double[m];
        double[] q = new double[n];
        double[] p = new double[m];
        double[] r = new double[n];
        init(m, n, a, r, p);
        long start = System.nanoTime();
        kernel(m, n, a, s, q, p, r);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(s) + Checksum.of(q);
    }
}
