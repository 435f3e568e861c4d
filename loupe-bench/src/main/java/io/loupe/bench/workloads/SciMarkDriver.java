package io.loupe.bench.workloads;

import jnt.scimark2.FFT;
import jnt.scimark2.LU;
import jnt.scimark2.MonteCarlo;
import jnt.scimark2.Random;
import jnt.scimark2.SOR;
import jnt.scimark2.SparseCompRow;

/**
 * SciMark 2.0's five kernels, each called directly a fixed number of times on the stock "small"
 * problem sizes (they fit in cache, so the loops, not memory, dominate). The stock
 * {@code jnt.scimark2.commandline} runs each kernel for a fixed time and reports Mflops, which
 * hides overhead from wall-clock measurement; here the work is fixed and the time varies.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.SciMarkDriver [small|full]}
 */
public final class SciMarkDriver {
    private static final int SEED = 101010;
    private static final int FFT_SIZE = 1024;
    private static final int SOR_SIZE = 100;
    private static final int SPARSE_ROWS = 1000;
    private static final int SPARSE_NONZEROS = 5000;
    private static final int LU_SIZE = 100;

    private SciMarkDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, SciMarkDriver::run);
    }

    static String run(Size size) {
        var random = new Random(SEED);
        double fft = fft(random, size.pick(400, 60_000));
        double sor = sor(random, size.pick(200, 30_000));
        double monteCarlo = MonteCarlo.integrate(size.pick(1_000_000, 150_000_000));
        double sparse = sparse(random, size.pick(200, 45_000));
        double lu = lu(random, size.pick(50, 9_000));
        return "scimark fft=" + fft + " sor=" + sor + " montecarlo=" + monteCarlo
                + " sparse=" + sparse + " lu=" + lu;
    }

    private static double fft(Random random, int cycles) {
        double[] data = randomVector(2 * FFT_SIZE, random);
        for (int i = 0; i < cycles; i++) {
            FFT.transform(data);
            FFT.inverse(data);
        }
        return sum(data);
    }

    private static double sor(Random random, int cycles) {
        double[][] grid = randomMatrix(SOR_SIZE, SOR_SIZE, random);
        SOR.execute(1.25, grid, cycles);
        double total = 0;
        for (double[] row : grid) {
            total += sum(row);
        }
        return total;
    }

    /** Compressed-row storage with {@code SPARSE_NONZEROS / SPARSE_ROWS} evenly spaced entries a row. */
    private static double sparse(Random random, int cycles) {
        double[] x = randomVector(SPARSE_ROWS, random);
        double[] y = new double[SPARSE_ROWS];
        int perRow = SPARSE_NONZEROS / SPARSE_ROWS;
        int[] rowStart = new int[SPARSE_ROWS + 1];
        int[] column = new int[perRow * SPARSE_ROWS];
        double[] value = randomVector(column.length, random);
        for (int r = 0; r < SPARSE_ROWS; r++) {
            rowStart[r + 1] = rowStart[r] + perRow;
            int step = Math.max(1, r / perRow);
            for (int j = 0; j < perRow; j++) {
                column[rowStart[r] + j] = j * step;
            }
        }
        SparseCompRow.matmult(y, value, rowStart, column, x, cycles);
        return sum(y);
    }

    private static double lu(Random random, int cycles) {
        double[][] matrix = randomMatrix(LU_SIZE, LU_SIZE, random);
        double[][] factors = new double[LU_SIZE][LU_SIZE];
        int[] pivot = new int[LU_SIZE];
        for (int i = 0; i < cycles; i++) {
            for (int r = 0; r < LU_SIZE; r++) {
                System.arraycopy(matrix[r], 0, factors[r], 0, LU_SIZE);
            }
            LU.factor(factors, pivot);
        }
        double[] b = randomVector(LU_SIZE, random);
        LU.solve(factors, pivot, b);
        return sum(b);
    }

    private static double[] randomVector(int n, Random random) {
        double[] v = new double[n];
        random.nextDoubles(v);
        return v;
    }

    private static double[][] randomMatrix(int rows, int columns, Random random) {
        double[][] m = new double[rows][];
        for (int r = 0; r < rows; r++) {
            m[r] = randomVector(columns, random);
        }
        return m;
    }

    private static double sum(double[] values) {
        double total = 0;
        for (double v : values) {
            total += v;
        }
        return total;
    }
}
