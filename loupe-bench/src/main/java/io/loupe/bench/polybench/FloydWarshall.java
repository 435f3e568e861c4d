package io.loupe.bench.polybench;

/** floyd-warshall (medley): all-pairs shortest paths in place, on {@code int} weights as in PolyBench. */
public final class FloydWarshall {

    private FloydWarshall() {
    }

    /** PolyBench's {@code init_array}. */
    public static void init(int n, int[][] path) {
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                path[i][j] = i * j % 7 + 1;
                if ((i + j) % 13 == 0 || (i + j) % 7 == 0 || (i + j) % 11 == 0) {
                    path[i][j] = 999;
                }
            }
        }
    }

    /** PolyBench's {@code kernel_floyd_warshall}. */
    public static void kernel(int n, int[][] path) {
        for (int k = 0; k < n; k++) {
            for (int i = 0; i < n; i++) {
                for (int j = 0; j < n; j++) {
                    path[i][j] = path[i][j] < path[i][k] + path[k][j] ? path[i][j] : path[i][k] + path[k][j];
                }
            }
        }
    }

    /** Allocates and initialises the matrix, runs the kernel once and returns the sum of the distances. */
    public static double run(int n) {
        int[][] path = new int[n][n];
        init(n, path);
        long start = System.nanoTime();
        kernel(n, path);
        KernelTime.add(System.nanoTime() - start);
        return Checksum.of(path);
    }
}
