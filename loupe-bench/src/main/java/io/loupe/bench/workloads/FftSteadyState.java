package io.loupe.bench.workloads;

import jnt.scimark2.FFT;

import java.util.Random;

/**
 * SciMark's FFT kernel (1024 complex points) in rounds of 200 transform/inverse pairs, printing each
 * round's wall time: the steady-state cost of a profiler on a tight numeric kernel, once the JIT
 * has settled (the {@code small} workloads are dominated by warm-up). Run it with and without the
 * agent and compare the last rounds. The last line is a checksum, as for the workloads.
 */
public final class FftSteadyState {

    private FftSteadyState() {
    }

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 8;
        double[] data = new double[2048];
        Random random = new Random(101010);
        for (int i = 0; i < data.length; i++) {
            data[i] = random.nextDouble();
        }
        for (int round = 0; round < rounds; round++) {
            long start = System.nanoTime();
            for (int k = 0; k < 200; k++) {
                FFT.transform(data);
                FFT.inverse(data);
            }
            System.out.printf("round %d: %.1f ms%n", round, (System.nanoTime() - start) / 1e6);
        }
        double sum = 0;
        for (double d : data) {
            sum += d;
        }
        System.out.println("fft checksum " + sum);
    }
}
