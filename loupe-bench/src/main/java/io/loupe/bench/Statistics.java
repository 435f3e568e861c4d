package io.loupe.bench;

import java.util.Arrays;
import java.util.OptionalDouble;
import java.util.stream.IntStream;

/**
 * The two summaries the harness reports. Medians rather than means because one run disturbed by
 * the machine (a page-cache miss, another process) should not move the result; ratios are taken
 * per run index, against the uninstrumented run measured moments before or after, so drift
 * that is slower than one round of configurations cancels out.
 */
final class Statistics {
    private Statistics() {
    }

    /** The median; for an even count, the mean of the two middle values. Empty for no values. */
    static OptionalDouble median(double... values) {
        if (values.length == 0) {
            return OptionalDouble.empty();
        }
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return OptionalDouble.of(sorted.length % 2 == 1
                ? sorted[middle]
                : (sorted[middle - 1] + sorted[middle]) / 2);
    }

    /**
     * {@code measured[i] / baseline[i]} for every index where both are present (not NaN) and the
     * baseline is positive; the others are left out.
     */
    static double[] ratios(double[] measured, double[] baseline) {
        if (measured.length != baseline.length) {
            throw new IllegalArgumentException("measured has " + measured.length + " values, baseline " + baseline.length);
        }
        return IntStream.range(0, measured.length)
                .filter(i -> !Double.isNaN(measured[i]) && !Double.isNaN(baseline[i]) && baseline[i] > 0)
                .mapToDouble(i -> measured[i] / baseline[i])
                .toArray();
    }

    /** The values that are present (not NaN). */
    static double[] present(double[] values) {
        return Arrays.stream(values).filter(v -> !Double.isNaN(v)).toArray();
    }
}
