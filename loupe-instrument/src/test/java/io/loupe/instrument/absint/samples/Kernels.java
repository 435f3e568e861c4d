package io.loupe.instrument.absint.samples;

/** Loop nests for the nest finder's tests: eligible ones and ones that are not, each for one reason. */
@SuppressWarnings("unused")
public final class Kernels {

    private int n;

    private Kernels() {
    }

    public static void gemm(int ni, int nj, int nk, double alpha, double beta, double[][] c, double[][] a, double[][] b) {
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

    public static void triangular(int n, double[] x, double[][] l, double[] b) {
        for (int i = 0; i < n; i++) {
            x[i] = b[i];
            for (int j = 0; j < i; j++) {
                x[i] -= l[i][j] * x[j];
            }
            x[i] = x[i] / l[i][i];
        }
    }

    public static void overLength(double[] y, double k) {
        for (int i = y.length - 1; i >= 0; i -= 2) {
            y[i] = y[i] * k;
        }
    }

    public static void offsets(int[] a, int off, int n) {
        for (int i = 0; i < n; i++) {
            a[2 * i + off] = a[(i << 1) + off + 1] + (a[i] > 0 ? 1 : 2);
        }
    }

    public static int calls(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += Math.abs(a[i]);
        }
        return s;
    }

    public static void indirect(int[] a, int[] idx) {
        for (int i = 0; i < idx.length; i++) {
            a[idx[i]] = i;
        }
    }

    public static void conditional(int[] a) {
        for (int i = 0; i < a.length; i++) {
            if (i % 2 == 0) {
                a[i] = 1;
            }
        }
    }

    public static int withBreak(int[] a) {
        int i;
        for (i = 0; i < a.length; i++) {
            if (a[i] == 0) {
                break;
            }
        }
        return i;
    }

    public void field(double[] a) {
        for (int i = 0; i < n; i++) {
            a[i] = 0;
        }
    }

    public static void outerCallsInnerClean(double[] a, double[][] m) {
        for (int i = 0; i < m.length; i++) {
            System.out.print("");
            double[] row = m[i];
            for (int j = 0; j < row.length; j++) {
                a[j] += 1;
            }
            for (int j = 0; j < a.length; j++) {
                a[j] += 1;
            }
        }
    }

    public static void counter(int[] a, int n) {
        int k = 0;
        for (int i = 0; i < n; i++) {
            a[k] = i;
            k += 3;
        }
    }

    public static long longCounter(double[] a) {
        long s = 0;
        for (long i = 0; i < a.length; i++) {
            s += (long) a[(int) i];
        }
        return s;
    }
}
