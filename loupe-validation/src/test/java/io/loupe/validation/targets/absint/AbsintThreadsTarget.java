package io.loupe.validation.targets.absint;

import java.util.concurrent.CountDownLatch;

/**
 * The same kernels on several threads. The main thread first runs a gemm-like and a jacobi-like
 * kernel and an axpy on the shared array before any thread starts; then two workers each run the
 * two kernels on arrays of their own, then update the shared array with axpy: first each its own
 * half, at the same time, then, once both halves are done, the whole array, worker-0 before
 * worker-1. Every element of the shared array is thus written by the main thread and by both
 * workers, in one order whatever the schedule, and the output does not change from run to run.
 * The dependences between threads must never be reported as carried by a loop. Loop headers and
 * call sites are marked {@code // @name}.
 */
public final class AbsintThreadsTarget {

    private static final int N = 12;
    private static final int WORKERS = 2;

    public static void main(String[] args) throws InterruptedException {
        double[] shared = new double[N];
        double[] own = new double[N];
        double mainSum = kernels(0, own);                   // @kernelsMain
        axpy(shared, 0, N, 1.0, own);                       // @axpyMain

        double[] sums = new double[WORKERS];
        CountDownLatch halvesDone = new CountDownLatch(WORKERS);
        CountDownLatch firstWholeDone = new CountDownLatch(1);
        Thread[] workers = new Thread[WORKERS];
        for (int t = 0; t < WORKERS; t++) {                 // @startWorkers
            int id = t;
            workers[t] = new Thread(() -> sums[id] = worker(id, shared, halvesDone, firstWholeDone), "worker-" + t);
            workers[t].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
        System.out.println("main " + mainSum + " workers " + sums[0] + " " + sums[1] + " shared " + sum(shared));
    }

    /** A worker's part: its own kernels, then its half of the shared array, then all of it in turn. */
    static double worker(int id, double[] shared, CountDownLatch halvesDone, CountDownLatch firstWholeDone) {
        double[] own = new double[N];
        double result = kernels(id + 1, own);               // @kernelsWorker
        int half = N / WORKERS;
        axpy(shared, id * half, (id + 1) * half, 2.0, own); // @axpyHalf
        try {
            halvesDone.countDown();
            halvesDone.await();
            if (id > 0) {
                firstWholeDone.await();
            }
            axpy(shared, 0, N, 0.5, own);                   // @axpyWhole
            if (id == 0) {
                firstWholeDone.countDown();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return result;
    }

    /**
     * gemm and jacobi-1d on arrays made here from {@code seed}; leaves jacobi's result in
     * {@code out} and returns the sum of gemm's C.
     */
    static double kernels(int seed, double[] out) {
        int ni = 8 + seed;
        double[][] c = matrix(ni, 9, seed, 1, 9);
        gemm(ni, 9, 10, 1.5, 1.2, c, matrix(ni, 10, seed + 1, 0, 10), matrix(10, 9, 2, seed, 9));   // @callGemm
        double[] b = new double[N];
        for (int i = 0; i < N; i++) {                       // @jacobiInit
            out[i] = (double) ((i + seed) % N) / N;
        }
        jacobi1d(4, N, out, b);                             // @callJacobi
        double s = 0;
        for (int i = 0; i < ni; i++) {                      // @gemmSum
            s += sum(c[i]);
        }
        return s;
    }

    /** C := alpha*A*B + beta*C. */
    static void gemm(int ni, int nj, int nk, double alpha, double beta, double[][] c, double[][] a, double[][] b) {
        for (int i = 0; i < ni; i++) {                      // @gemmI
            for (int j = 0; j < nj; j++) {                  // @gemmScale
                c[i][j] *= beta;
            }
            for (int k = 0; k < nk; k++) {                  // @gemmK
                for (int j = 0; j < nj; j++) {              // @gemmJ
                    c[i][j] += alpha * a[i][k] * b[k][j];
                }
            }
        }
    }

    /** The three-point stencil, A to B and back, tsteps times. */
    static void jacobi1d(int tsteps, int n, double[] a, double[] b) {
        for (int t = 0; t < tsteps; t++) {                  // @jacobiT
            for (int i = 1; i < n - 1; i++) {               // @jacobiB
                b[i] = 0.33333 * (a[i - 1] + a[i] + a[i + 1]);
            }
            for (int i = 1; i < n - 1; i++) {               // @jacobiA
                a[i] = 0.33333 * (b[i - 1] + b[i] + b[i + 1]);
            }
        }
    }

    /** y[i] += alpha * x[i] for i in [from, to): nothing carried. */
    static void axpy(double[] y, int from, int to, double alpha, double[] x) {
        for (int i = from; i < to; i++) {                   // @axpy
            y[i] = y[i] + alpha * x[i];
        }
    }

    /** m[i][j] = ((i * (j + p) + q) % mod) / mod. */
    static double[][] matrix(int rows, int cols, int p, int q, int mod) {
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {                    // @matrixRows
            for (int j = 0; j < cols; j++) {                // @matrixCols
                m[i][j] = (double) ((i * (j + p) + q) % mod) / mod;
            }
        }
        return m;
    }

    static double sum(double[] v) {
        double s = 0;
        for (int i = 0; i < v.length; i++) {                // @sum
            s += v[i];
        }
        return s;
    }
}
