package io.loupe.bench.workloads;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/**
 * The contract every workload driver keeps, in one place: do a fixed amount of work for the size
 * given as the optional first argument, print exactly one checksum line to stdout, then print the
 * CPU time the process took until the work was done, as {@value #CPU_PREFIX}{@code main=<ms> process=<ms>},
 * then its peak resident set size as {@value #PEAK_RSS_PREFIX}{@code <kB>}, both to stderr. With the
 * system property {@value LiveHeapSampler#PROPERTY} set it also samples the live heap
 * ({@link LiveHeapSampler}) and prints its line before the peak RSS.
 *
 * <p>{@code main} is the CPU time of the thread that ran the work, which on HotSpot also started
 * the JVM and the agent and loaded the classes, instrumenting them; {@code process} is that of
 * every thread, the JIT compilers' and the collector's included. Their difference is the work
 * that other cores can do beside the program.
 *
 * <p>The checksum line is what makes a run a behaviour check as well as a measurement: the harness
 * compares it with the line of the uninstrumented run, and a profiler must never change it.
 */
public final class Driver {
    /** Prefix of the stderr line that carries the peak RSS in kB ({@code VmHWM}). */
    public static final String PEAK_RSS_PREFIX = "loupe-bench peak-rss-kb=";
    /** Prefix of the stderr line that carries the CPU times, in ms, of the main thread and of the process. */
    public static final String CPU_PREFIX = "loupe-bench cpu-ms ";

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
        String cpu = cpuLine();
        System.out.println(checksum);
        System.out.flush();
        if (sampler != null) {
            sampler.finish();
        }
        if (cpu != null) {
            System.err.println(cpu);
        }
        peakRssKb().ifPresent(kb -> System.err.println(PEAK_RSS_PREFIX + kb));
    }

    /**
     * The {@value #CPU_PREFIX} line, read as the work ends (before the live-heap sampler's last
     * collections), or null where the JVM does not measure a thread's CPU time.
     */
    static String cpuLine() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        if (!threads.isCurrentThreadCpuTimeSupported()) {
            return null;
        }
        long main = threads.getCurrentThreadCpuTime();
        long process = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getProcessCpuTime() : -1;
        if (main < 0 || process < 0) {
            return null;
        }
        return CPU_PREFIX + "main=" + main / 1_000_000 + " process=" + process / 1_000_000;
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
