package io.loupe.bench.workloads;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The contract every workload driver keeps, in one place: do a fixed amount of work for the size
 * given as the optional first argument, print exactly one checksum line to stdout, then print the
 * process's peak resident set size to stderr as {@value #PEAK_RSS_PREFIX}{@code <kB>}. With the
 * system property {@value LiveHeapSampler#PROPERTY} set it also samples the live heap
 * ({@link LiveHeapSampler}) and prints its line before the peak RSS.
 *
 * <p>The checksum line is what makes a run a behaviour check as well as a measurement: the harness
 * compares it with the line of the uninstrumented run, and a profiler must never change it.
 */
public final class Driver {
    /** Prefix of the stderr line that carries the peak RSS in kB ({@code VmHWM}). */
    public static final String PEAK_RSS_PREFIX = "loupe-bench peak-rss-kb=";

    /** One fixed amount of work that returns its checksum line. */
    @FunctionalInterface
    public interface Work {
        String run(Size size) throws Exception;
    }

    private Driver() {
    }

    /** Runs {@code work} for the size in {@code args} and reports as described above. */
    public static void main(String[] args, Work work) throws Exception {
        LiveHeapSampler sampler = LiveHeapSampler.startIfAsked();
        String checksum = work.run(Size.fromArgs(args));
        System.out.println(checksum);
        System.out.flush();
        if (sampler != null) {
            sampler.finish();
        }
        peakRssKb().ifPresent(kb -> System.err.println(PEAK_RSS_PREFIX + kb));
    }

    /** {@code VmHWM} of this process in kB, or empty where {@code /proc} does not have it. */
    public static OptionalLong peakRssKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return OptionalLong.of(Long.parseLong(line.substring(6).replace("kB", "").trim()));
                }
            }
        } catch (IOException | NumberFormatException e) {
            // Not Linux, or a kernel without the field: the harness shows the value as absent.
        }
        return OptionalLong.empty();
    }
}
