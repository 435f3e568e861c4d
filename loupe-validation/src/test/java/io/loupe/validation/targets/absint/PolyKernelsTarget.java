package io.loupe.validation.targets.absint;

/**
 * PolyBench/C 4.2 kernels at small sizes, written as PolyBench writes them: counted {@code for}
 * loops over {@code int} induction variables, the sizes and the arrays passed as parameters, jagged
 * {@code double[][]} (and {@code double[][][]}) arrays, PolyBench's closed-form initial values.
 * Each kernel is a method of its own; the header line of each loop, and each call made more than
 * once, is marked {@code // @name} for the tests, which compare the profile of abstract
 * interpretation at loop entry with the traced one. The program prints checksums so a test can
 * tell that profiling did not change what it computes.
 *
 * <p>gemm runs three times: on two sizes, then on a block of the larger one's arrays (bounds below
 * the arrays' lengths) that accumulates into the C it already computed; jacobi-1d and syrk run
 * twice on different sizes. seidel-2d and floyd-warshall carry dependences on every loop level;
 * doitgen works on a 3-D array.
 */
public final class PolyKernelsTarget {

    private static final double ALPHA = 1.5;
    private static final double BETA = 1.2;

    public static void main(String[] args) {
        double[][] c1 = matrix(8, 10, 0, 1, 8);
        double[][] a1 = matrix(8, 12, 1, 0, 12);
        double[][] b1 = matrix(12, 10, 2, 0, 10);
        gemm(8, 10, 12, ALPHA, BETA, c1, a1, b1);                   // @callGemmSmall
        double[][] c2 = matrix(16, 14, 0, 1, 16);
        double[][] a2 = matrix(16, 12, 1, 0, 12);
        double[][] b2 = matrix(12, 14, 2, 0, 14);
        gemm(16, 14, 12, ALPHA, BETA, c2, a2, b2);                  // @callGemmLarge
        gemm(5, 6, 4, ALPHA, BETA, c2, a2, b2);                     // @callGemmBlock

        double[][] tmp = new double[10][11];
        double[][] d = matrix(10, 13, 2, 0, 12);
        twoMm(10, 11, 12, 13, ALPHA, BETA, tmp, matrix(10, 12, 0, 1, 10), matrix(12, 11, 1, 0, 11),
                matrix(11, 13, 3, 1, 13), d);

        double[] ataxY = new double[14];
        atax(12, 14, matrix(12, 14, 1, 0, 14), vector(14, 1, 14), ataxY, new double[12]);
        double[] bicgS = new double[12];
        double[] bicgQ = new double[14];
        bicg(12, 14, matrix(14, 12, 1, 0, 14), bicgS, bicgQ, vector(12, 0, 12), vector(14, 0, 14));
        double[] x1 = vector(12, 0, 12);
        double[] x2 = vector(12, 1, 12);
        mvt(12, x1, x2, vector(12, 3, 12), vector(12, 4, 12), matrix(12, 12, 0, 0, 12));
        double[] gesummvY = new double[12];
        gesummv(12, ALPHA, BETA, matrix(12, 12, 0, 1, 12), matrix(12, 12, 0, 2, 12), new double[12],
                vector(12, 0, 12), gesummvY);
        System.out.println("blas gemm=" + sum2d(c1) + " gemmLarge=" + sum2d(c2) + " 2mm=" + sum2d(d)
                + " atax=" + sum(ataxY) + " bicg=" + (sum(bicgS) + sum(bicgQ)) + " mvt=" + (sum(x1) + sum(x2))
                + " gesummv=" + sum(gesummvY));

        double[] jShortA = vector(12, 2, 12);
        jacobi1d(3, 12, jShortA, vector(12, 3, 12));                 // @callJacobi1dShort
        double[] jLongA = vector(20, 2, 20);
        jacobi1d(5, 20, jLongA, vector(20, 3, 20));                  // @callJacobi1dLong
        double[][] j2dA = matrix(12, 12, 2, 2, 12);
        jacobi2d(4, 12, j2dA, matrix(12, 12, 3, 3, 12));
        double[][] seidel = matrix(10, 10, 2, 2, 10);
        seidel2d(3, 10, seidel);
        System.out.println("stencils jacobi1d=" + sum(jShortA) + "," + sum(jLongA) + " jacobi2d=" + sum2d(j2dA)
                + " seidel2d=" + sum2d(seidel));

        double[][] lower = matrix(12, 12, 1, 1, 12);
        for (int i = 0; i < 12; i++) {                               // @trisolvMatrix
            lower[i][i] += 12;                                       // a diagonal that keeps x small
        }
        double[] x = new double[12];
        trisolv(12, lower, x, vector(12, 0, 12));
        double[][] syrkC1 = matrix(10, 10, 0, 2, 9);
        syrk(10, 9, ALPHA, BETA, syrkC1, matrix(10, 9, 0, 1, 10));     // @callSyrkSquare
        double[][] syrkC2 = matrix(6, 6, 0, 2, 14);
        syrk(6, 14, ALPHA, BETA, syrkC2, matrix(6, 14, 0, 1, 6));      // @callSyrkWide
        double[][][] cube = cube(6, 5, 8);
        doitgen(6, 5, 8, cube, matrix(8, 8, 0, 0, 8), new double[8]);
        int[][] path = paths(12);
        floydWarshall(12, path);
        System.out.println("other trisolv=" + sum(x) + " syrk=" + sum2d(syrkC1) + "," + sum2d(syrkC2)
                + " doitgen=" + sum3d(cube) + " floydWarshall=" + sumInt2d(path));
    }

    /** C := alpha*A*B + beta*C. */
    static void gemm(int ni, int nj, int nk, double alpha, double beta, double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < ni; i++) {                               // @gemmI
            for (int j = 0; j < nj; j++) {                           // @gemmScale
                c[i][j] *= beta;
            }
            for (int k = 0; k < nk; k++) {                           // @gemmK
                for (int j = 0; j < nj; j++) {                       // @gemmJ
                    c[i][j] += alpha * a[i][k] * b[k][j];
                }
            }
        }
    }

    /** D := alpha*A*B*C + beta*D, through tmp. */
    static void twoMm(int ni, int nj, int nk, int nl, double alpha, double beta,
            double[][] tmp, double[][] a, double[][] b, double[][] c, double[][] d) {
        for (int i = 0; i < ni; i++) {                               // @twoMmI1
            for (int j = 0; j < nj; j++) {                           // @twoMmJ1
                tmp[i][j] = 0.0;
                for (int k = 0; k < nk; ++k) {                       // @twoMmK1
                    tmp[i][j] += alpha * a[i][k] * b[k][j];
                }
            }
        }
        for (int i = 0; i < ni; i++) {                               // @twoMmI2
            for (int j = 0; j < nl; j++) {                           // @twoMmJ2
                d[i][j] *= beta;
                for (int k = 0; k < nj; ++k) {                       // @twoMmK2
                    d[i][j] += tmp[i][k] * c[k][j];
                }
            }
        }
    }

    /** y := A^T * (A * x): the second j loop accumulates into every y[j] again each i. */
    static void atax(int m, int n, double[][] a, double[] x, double[] y, double[] tmp) {
        for (int i = 0; i < n; i++) {                                // @ataxClear
            y[i] = 0;
        }
        for (int i = 0; i < m; i++) {                                // @ataxI
            tmp[i] = 0.0;
            for (int j = 0; j < n; j++) {                            // @ataxJ1
                tmp[i] = tmp[i] + a[i][j] * x[j];
            }
            for (int j = 0; j < n; j++) {                            // @ataxJ2
                y[j] = y[j] + a[i][j] * tmp[i];
            }
        }
    }

    /** s := A^T * r, q := A * p. */
    static void bicg(int m, int n, double[][] a, double[] s, double[] q, double[] p, double[] r) {
        for (int i = 0; i < m; i++) {                                // @bicgClear
            s[i] = 0;
        }
        for (int i = 0; i < n; i++) {                                // @bicgI
            q[i] = 0.0;
            for (int j = 0; j < m; j++) {                            // @bicgJ
                s[j] = s[j] + r[i] * a[i][j];
                q[i] = q[i] + a[i][j] * p[j];
            }
        }
    }

    /** x1 := x1 + A * y1, x2 := x2 + A^T * y2. */
    static void mvt(int n, double[] x1, double[] x2, double[] y1, double[] y2, double[][] a) {
        for (int i = 0; i < n; i++) {                                // @mvtI1
            for (int j = 0; j < n; j++) {                            // @mvtJ1
                x1[i] = x1[i] + a[i][j] * y1[j];
            }
        }
        for (int i = 0; i < n; i++) {                                // @mvtI2
            for (int j = 0; j < n; j++) {                            // @mvtJ2
                x2[i] = x2[i] + a[j][i] * y2[j];
            }
        }
    }

    /** y := alpha*A*x + beta*B*x. */
    static void gesummv(int n, double alpha, double beta, double[][] a, double[][] b,
            double[] tmp, double[] x, double[] y) {
        for (int i = 0; i < n; i++) {                                // @gesummvI
            tmp[i] = 0.0;
            y[i] = 0.0;
            for (int j = 0; j < n; j++) {                            // @gesummvJ
                tmp[i] = a[i][j] * x[j] + tmp[i];
                y[i] = b[i][j] * x[j] + y[i];
            }
            y[i] = alpha * tmp[i] + beta * y[i];
        }
    }

    /** The three-point stencil, A to B and back, tsteps times: the time loop carries the dependences. */
    static void jacobi1d(int tsteps, int n, double[] a, double[] b) {
        for (int t = 0; t < tsteps; t++) {                           // @jacobi1dT
            for (int i = 1; i < n - 1; i++) {                        // @jacobi1dB
                b[i] = 0.33333 * (a[i - 1] + a[i] + a[i + 1]);
            }
            for (int i = 1; i < n - 1; i++) {                        // @jacobi1dA
                a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);
            }
        }
    }

    /** The five-point stencil, A to B and back, tsteps times. */
    static void jacobi2d(int tsteps, int n, double[][] a, double[][] b) {
        for (int t = 0; t < tsteps; t++) {                           // @jacobi2dT
            for (int i = 1; i < n - 1; i++) {                        // @jacobi2dBI
                for (int j = 1; j < n - 1; j++) {                    // @jacobi2dBJ
                    b[i][j] = 0.2 * (a[i][j] + a[i][j - 1] + a[i][1 + j] + a[1 + i][j] + a[i - 1][j]);
                }
            }
            for (int i = 1; i < n - 1; i++) {                        // @jacobi2dAI
                for (int j = 1; j < n - 1; j++) {                    // @jacobi2dAJ
                    a[i][j] = 0.2 * (b[i][j] + b[i][j - 1] + b[i][1 + j] + b[1 + i][j] + b[i - 1][j]);
                }
            }
        }
    }

    /** The nine-point Gauss–Seidel sweep in place: every level carries RAW and WAR. */
    static void seidel2d(int tsteps, int n, double[][] a) {
        for (int t = 0; t <= tsteps - 1; t++) {                      // @seidelT
            for (int i = 1; i <= n - 2; i++) {                       // @seidelI
                for (int j = 1; j <= n - 2; j++) {                   // @seidelJ
                    a[i][j] = (a[i - 1][j - 1] + a[i - 1][j] + a[i - 1][j + 1]
                            + a[i][j - 1] + a[i][j] + a[i][j + 1]
                            + a[i + 1][j - 1] + a[i + 1][j] + a[i + 1][j + 1]) / 9.0;
                }
            }
        }
    }

    /** Forward substitution: x[i] reads every x[j] of the earlier iterations. */
    static void trisolv(int n, double[][] l, double[] x, double[] b) {
        for (int i = 0; i < n; i++) {                                // @trisolvI
            x[i] = b[i];
            for (int j = 0; j < i; j++) {                            // @trisolvJ
                x[i] -= l[i][j] * x[j];
            }
            x[i] = x[i] / l[i][i];
        }
    }

    /** C := alpha*A*A^T + beta*C on the lower triangle (j <= i). */
    static void syrk(int n, int m, double alpha, double beta, double[][] c, double[][] a) {
        for (int i = 0; i < n; i++) {                                // @syrkI
            for (int j = 0; j <= i; j++) {                           // @syrkScale
                c[i][j] *= beta;
            }
            for (int k = 0; k < m; k++) {                            // @syrkK
                for (int j = 0; j <= i; j++) {                       // @syrkJ
                    c[i][j] += alpha * a[i][k] * a[j][k];
                }
            }
        }
    }

    /** Each row A[r][q] times C4, through the one-row buffer sum: the r and q loops carry only WAR and WAW on it. */
    static void doitgen(int nr, int nq, int np, double[][][] a, double[][] c4, double[] sum) {
        for (int r = 0; r < nr; r++) {                               // @doitgenR
            for (int q = 0; q < nq; q++) {                           // @doitgenQ
                for (int p = 0; p < np; p++) {                       // @doitgenP1
                    sum[p] = 0.0;
                    for (int s = 0; s < np; s++) {                   // @doitgenS
                        sum[p] += a[r][q][s] * c4[s][p];
                    }
                }
                for (int p = 0; p < np; p++) {                       // @doitgenP2
                    a[r][q][p] = sum[p];
                }
            }
        }
    }

    /** All-pairs shortest paths in place on int weights: row and column k are read while others are written. */
    static void floydWarshall(int n, int[][] path) {
        for (int k = 0; k < n; k++) {                                // @floydK
            for (int i = 0; i < n; i++) {                            // @floydI
                for (int j = 0; j < n; j++) {                        // @floydJ
                    path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
                }
            }
        }
    }

    // ---- initial values, PolyBench's closed forms, and checksums ----

    /** m[i][j] = ((i * (j + p) + q) % mod) / mod. */
    static double[][] matrix(int rows, int cols, int p, int q, int mod) {
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {                             // @matrixRows
            for (int j = 0; j < cols; j++) {                         // @matrixCols
                m[i][j] = (double) ((i * (j + p) + q) % mod) / mod;
            }
        }
        return m;
    }

    /** v[i] = ((i + p) % mod) / mod. */
    static double[] vector(int n, int p, int mod) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {                                // @vector
            v[i] = (double) ((i + p) % mod) / mod;
        }
        return v;
    }

    /** doitgen's A: ((i * j + k) % np) / np. */
    static double[][][] cube(int nr, int nq, int np) {
        double[][][] a = new double[nr][nq][np];
        for (int i = 0; i < nr; i++) {                               // @cubeI
            for (int j = 0; j < nq; j++) {                           // @cubeJ
                for (int k = 0; k < np; k++) {                       // @cubeK
                    a[i][j][k] = (double) ((i * j + k) % np) / np;
                }
            }
        }
        return a;
    }

    /** floyd-warshall's weights: 999 (no edge) where i + j is a multiple of 7, 11 or 13. */
    static int[][] paths(int n) {
        int[][] path = new int[n][n];
        for (int i = 0; i < n; i++) {                                // @pathsI
            for (int j = 0; j < n; j++) {                            // @pathsJ
                path[i][j] = i * j % 7 + 1;
                if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0) {
                    path[i][j] = 999;
                }
            }
        }
        return path;
    }

    static double sum(double[] v) {
        double s = 0;
        for (int i = 0; i < v.length; i++) {                         // @sum
            s += v[i];
        }
        return s;
    }

    static double sum2d(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {                         // @sum2d
            s += sum(m[i]);
        }
        return s;
    }

    static double sum3d(double[][][] t) {
        double s = 0;
        for (int i = 0; i < t.length; i++) {                         // @sum3d
            s += sum2d(t[i]);
        }
        return s;
    }

    static long sumInt2d(int[][] m) {
        long s = 0;
        for (int i = 0; i < m.length; i++) {                         // @sumInt2dI
            for (int j = 0; j < m[i].length; j++) {                  // @sumInt2dJ
                s += m[i][j];
            }
        }
        return s;
    }
}
