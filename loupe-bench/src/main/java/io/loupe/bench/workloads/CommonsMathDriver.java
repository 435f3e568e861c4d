package io.loupe.bench.workloads;

import org.apache.commons.math3.complex.Complex;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.EigenDecomposition;
import org.apache.commons.math3.linear.LUDecomposition;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;
import org.apache.commons.math3.random.RandomGenerator;
import org.apache.commons.math3.random.Well19937c;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.transform.DftNormalization;
import org.apache.commons.math3.transform.FastFourierTransformer;
import org.apache.commons.math3.transform.TransformType;

/**
 * Commons Math 3 at fixed sizes and repetitions: FFTs, dense matrix products, LU / QR / symmetric
 * eigen / singular value decompositions, and descriptive statistics (percentiles sort, moments
 * stream). Inputs come from a seeded {@link Well19937c}, so every run computes the same numbers.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.CommonsMathDriver [small|full]}
 */
public final class CommonsMathDriver {
    private static final int FFT_SIZE = 1 << 14;
    private static final int MATRIX_SIZE = 120;

    private CommonsMathDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, CommonsMathDriver::run);
    }

    static String run(Size size) {
        RandomGenerator random = new Well19937c(4711);
        double fft = fft(random, size.pick(4, 320));
        double products = products(random, size.pick(2, 120));
        double decompositions = decompositions(random, size.pick(1, 24));
        double statistics = statistics(random, size.pick(2, 120));
        return "math fft=" + fft + " multiply=" + products + " decompositions=" + decompositions
                + " statistics=" + statistics;
    }

    private static double fft(RandomGenerator random, int repetitions) {
        var transformer = new FastFourierTransformer(DftNormalization.STANDARD);
        double[] signal = new double[FFT_SIZE];
        double total = 0;
        for (int r = 0; r < repetitions; r++) {
            for (int i = 0; i < signal.length; i++) {
                signal[i] = random.nextGaussian();
            }
            Complex[] spectrum = transformer.transform(signal, TransformType.FORWARD);
            Complex[] back = transformer.transform(spectrum, TransformType.INVERSE);
            total += spectrum[r % FFT_SIZE].abs() + back[FFT_SIZE / 2].getReal();
        }
        return total;
    }

    private static double products(RandomGenerator random, int repetitions) {
        RealMatrix a = randomMatrix(random);
        RealMatrix b = randomMatrix(random);
        double total = 0;
        for (int r = 0; r < repetitions; r++) {
            RealMatrix c = a.multiply(b);
            total += c.getTrace();
            a = c.scalarMultiply(1.0 / c.getFrobeniusNorm());
        }
        return total;
    }

    private static double decompositions(RandomGenerator random, int repetitions) {
        double total = 0;
        for (int r = 0; r < repetitions; r++) {
            RealMatrix m = randomMatrix(random);
            RealMatrix symmetric = m.add(m.transpose());
            total += new LUDecomposition(m).getDeterminant() > 0 ? 1 : -1;
            total += new QRDecomposition(m).getR().getTrace();
            total += sum(new EigenDecomposition(symmetric).getRealEigenvalues());
            total += sum(new SingularValueDecomposition(m).getSingularValues());
        }
        return total;
    }

    private static double statistics(RandomGenerator random, int repetitions) {
        double total = 0;
        for (int r = 0; r < repetitions; r++) {
            var stats = new DescriptiveStatistics();
            for (int i = 0; i < 100_000; i++) {
                stats.addValue(random.nextGaussian() * 3 + random.nextDouble());
            }
            total += stats.getPercentile(50) + stats.getPercentile(99) + stats.getStandardDeviation()
                    + stats.getSkewness() + stats.getKurtosis();
        }
        return total;
    }

    private static RealMatrix randomMatrix(RandomGenerator random) {
        double[][] data = new double[MATRIX_SIZE][MATRIX_SIZE];
        for (double[] row : data) {
            for (int j = 0; j < row.length; j++) {
                row[j] = random.nextDouble() - 0.5;
            }
        }
        return new Array2DRowRealMatrix(data, false);
    }

    private static double sum(double[] values) {
        double total = 0;
        for (double v : values) {
            total += v;
        }
        return total;
    }
}
