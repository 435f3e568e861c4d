package io.loupe.bench.polybench;

/** The sums of a kernel's output arrays that make up the driver's checksum line. */
final class Checksum {

    private Checksum() {
    }

    static double of(double[] v) {
        double sum = 0;
        for (double x : v) {
            sum += x;
        }
        return sum;
    }

    static double of(double[][] m) {
        double sum = 0;
        for (double[] row : m) {
            sum += of(row);
        }
        return sum;
    }

    static double of(double[][][] t) {
        double sum = 0;
        for (double[][] plane : t) {
            sum += of(plane);
        }
        return sum;
    }

    static double of(int[][] m) {
        long sum = 0;
        for (int[] row : m) {
            for (int x : row) {
                sum += x;
            }
        }
        return sum;
    }
}
