package io.loupe.bench.polybench;

/**
 * The time spent in kernels, as PolyBench's own timer measures it: the kernel function alone,
 * without allocating and initialising its arrays or summing its output. The driver prints it per
 * kernel; the PolyBench table of BENCHMARKS.md takes its ratios from it, so that the agent's start
 * and the instrumentation of classes, fixed costs that dwarf a sub-second kernel, are left out.
 */
public final class KernelTime {

    private static long nanos;

    private KernelTime() {
    }

    static void add(long kernelNanos) {
        nanos += kernelNanos;
    }

    /** The kernel time since the last call, in nanoseconds; starts again from 0. */
    public static long take() {
        long n = nanos;
        nanos = 0;
        return n;
    }
}
