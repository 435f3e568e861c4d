package io.loupe.validation.jmh;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * A tiny benchmark that DistributionTest runs with JMH and the distribution's
 * {@code lib/loupe-jmh.jar} as profiler, in a JVM of its own: a loop with a branch, so that its
 * method runs more than one acyclic path.
 */
@State(Scope.Thread)
public class DigitSumBenchmark {

    private int start = 1;

    @Benchmark
    public int digitSums() {
        int total = 0;
        for (int n = start; n < start + 100; n++) {
            int m = n;
            while (m > 0) {
                total += (m % 10) % 2 == 0 ? m % 10 : 1;
                m /= 10;
            }
        }
        start = start % 1000 + 1;
        return total;
    }
}
