package io.loupe.jmh.bench;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** A tiny benchmark for LoupeProfilerTest: a loop with two paths, a field it sums into. */
@State(Scope.Thread)
public class SumBenchmark {

    private final int[] data = new int[256];
    private long total;

    @Benchmark
    public long sum() {
        long s = 0;
        for (int i = 0; i < data.length; i++) {
            if ((i & 3) == 0) {
                s += i;
            } else {
                s -= data[i];
            }
        }
        total += s;
        return s;
    }
}
