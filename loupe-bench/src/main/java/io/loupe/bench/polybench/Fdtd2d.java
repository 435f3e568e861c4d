package io.loupe.bench.polybench;

/** fdtd-2d (stencils): 2-D finite-difference time domain, the electric fields ex, ey and the magnetic field hz. */
public final class Fdtd2d {

    private Fdtd2d() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int tmax, int nx, int ny, double[][] ex, double[][] ey, double[][] hz, double[] fict) {
        for (int i = 0; i < tmax; i++) {
            fict[i] = i;
        }
        for (int i = 0; i < nx; i++) {
            for (int j = 0; j < ny; j++) {
                ex[i][j] = ((double) i * (j + 1)) / nx;
                ey[i][j] = ((double) i * (j + 2)) / ny;
                hz[i][j] = ((double) i * (j + 3)) / nx;
            }
        }
    }

    /** PolyBench's {@code kernel_fdtd_2d}. */
    public static void kernel(int tmax, int nx, int ny, double[][] ex, double[][] ey, double[][] hz, double[] fict) {
        for (int t = 0; t < tmax; t++) {
            for (int j = 0; j < ny; j++) {
                ey[0][j] = fict[t];
            }
            for (int i = 1; i < nx; i++) {
                for (int j = 0; j < ny; j++) {
                    ey[i][j] = ey[i][j] - 0.5 * (hz[i][j] - hz[i - 1][j]);
                }
            }
            for (int i = 0; i < nx; i++) {
                for (int j = 1; j < ny; j++) {
                    ex[i][j] = ex[i][j] - 0.5 * (hz[i][j] - hz[i][j - 1]);
                }
            }
            for (int i = 0; i < nx - 1; i++) {
                for (int j = 0; j < ny - 1; j++) {
                    hz[i][j] = hz[i][j] - 0.7 * (ex[i][j + 1] - ex[i][j] + ey[i + 1][j] - ey[i][j]);
                }
            }
        }
    }

    /** Allocates and initialises the arrays, runs the kernel once and returns the sum of the three fields. */
    public static double run(int tmax, int nx, int ny) {
        double[][] ex = new double[nx][ny];
        double[][] ey = new double[nx][ny];
        double[][] hz = new double[nx][ny];
        double[] fict = new double[tmax];
        init(tmax, nx, ny, ex, ey, hz, fict);
        long start = System.nanoTime();
        kernel(tmax, nx, ny, ex, ey, hz, fict);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(ex) + Checksum.of(ey) + Checksum.of(hz);
    }
}
