package io.loupe.bench.workloads;

import java.lang.management.ManagementFactory;
import java.lang.reflect.Method;
import java.util.OptionalLong;

import javax.management.JMException;
import javax.management.ObjectName;

/**
 * Measures the live heap of a driver's JVM while it runs and once it has finished: what the
 * program and a profiler <em>keep</em>, as opposed to the peak RSS, which follows the heap the
 * JVM chose to grow to and the garbage it had not yet collected.
 *
 * <p>A sample collects the heap ({@code System.gc()}), gives the JVM's reference handler a moment
 * to queue the weak references the collection cleared, asks Loupe's dependence profiler, when one
 * runs, to drop the shadows of the objects those references named ({@code ShadowMap.expunge}: the
 * map drains its queue only on its own slow path otherwise), and then takes the class histogram
 * of the live objects ({@code GC.class_histogram}, a full collection of its own): its total is the
 * sample. The collector's own view of used memory is not exact enough: the parallel collector's
 * full collection leaves dead objects in the densely live prefix of the old generation, which on
 * these workloads made 60 MiB of apparent use out of 3 MiB of live objects.
 *
 * <p>Samples are taken every {@code interval} milliseconds on a daemon thread, and once more when
 * the work is done; the peak is the largest, so it is a lower bound of the true peak. Each sample
 * stops the program for two full collections, so a run that samples is not a run to time.
 * Enabled by the system property {@value #PROPERTY} (the interval in milliseconds); the result is
 * one stderr line, {@value #PREFIX}{@code peak=<bytes> exit=<bytes> samples=<n>}.
 *
 * <p>The sampling thread must not run instrumented code: a second thread in instrumented code
 * would add its own accesses to a profile and, under dependence profiling, turn on the locks that
 * a program of one thread runs without. So this class and its nested ones are kept out of
 * instrumentation ({@link #CLASSES}, which the harness gives the agent as {@code exclude}), and
 * the thread runs a nested class, not a lambda.
 */
public final class LiveHeapSampler {
    /** The system property that enables sampling: the interval in milliseconds. */
    public static final String PROPERTY = "loupe.bench.liveHeapMillis";
    /** Prefix of the stderr line with the result. */
    public static final String PREFIX = "loupe-bench live-heap ";
    /** The classes of the sampler, as an agent {@code exclude} glob. */
    public static final String CLASSES = "io.loupe.bench.workloads.LiveHeapSampler*";

    private final long intervalMillis;
    private final Thread thread;
    private final Method expunge;   // ShadowMap.expunge of the running dependence profiler, or null
    private final Object shadowMap;
    private long peak = -1;   // -1 (absent) until a sample succeeds
    private int samples;
    private volatile boolean done;

    private LiveHeapSampler(long intervalMillis) {
        this.intervalMillis = intervalMillis;
        Object map = null;
        Method drain = null;
        try {
            // on the boot class path when the agent runs; absent otherwise
            Class<?> deps = Class.forName("io.loupe.runtime.deps.Deps");
            Object profiler = deps.getMethod("profiler").invoke(null);
            if (profiler != null) {
                map = profiler.getClass().getMethod("heap").invoke(profiler);
                drain = map.getClass().getMethod("expunge");
            }
        } catch (ReflectiveOperationException | LinkageError e) {
            // no dependence profiler: nothing to drain
        }
        this.shadowMap = map;
        this.expunge = drain;
        this.thread = new Thread(new Sampling(), "loupe-bench live-heap sampler");
        thread.setDaemon(true);
    }

    /** A started sampler when {@value #PROPERTY} is set, else null. */
    static LiveHeapSampler startIfAsked() {
        String value = System.getProperty(PROPERTY);
        if (value == null) {
            return null;
        }
        long millis;
        try {
            millis = Long.parseLong(value.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(PROPERTY + " must be a number of milliseconds, got '" + value + "'");
        }
        if (millis <= 0) {
            throw new IllegalArgumentException(PROPERTY + " must be positive, got " + millis);
        }
        var sampler = new LiveHeapSampler(millis);
        sampler.thread.start();
        return sampler;
    }

    /** The sampling thread's work (a nested class, so that {@link #CLASSES} covers it). */
    private final class Sampling implements Runnable {
        @Override
        public void run() {
            while (!done) {
                try {
                    Thread.sleep(intervalMillis);
                } catch (InterruptedException e) {
                    return;
                }
                if (!done) {
                    sample();
                }
            }
        }
    }

    /** One sample; the live bytes, or -1 when the histogram could not be taken. */
    private synchronized long sample() {
        System.gc();
        try {
            Thread.sleep(100);   // the reference handler queues the cleared weak references
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (expunge != null) {
            try {
                expunge.invoke(shadowMap);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("could not drain Loupe's shadow map", e);
            }
        }
        OptionalLong live = histogramTotal();
        if (live.isEmpty()) {
            return -1;
        }
        samples++;
        peak = Math.max(peak, live.getAsLong());
        return live.getAsLong();
    }

    /** Stops sampling, takes the last sample and prints the result line on stderr. */
    void finish() throws InterruptedException {
        done = true;
        thread.interrupt();
        thread.join();
        long exit = sample();
        synchronized (this) {
            System.err.println(PREFIX + "peak=" + peak + " exit=" + exit + " samples=" + samples);
        }
    }

    /** The bytes of live objects: the {@code Total} line of {@code GC.class_histogram}. */
    private static OptionalLong histogramTotal() {
        try {
            Object text = ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            return parseTotal(text.toString());
        } catch (JMException e) {
            return OptionalLong.empty();
        }
    }

    /** The byte count of a class histogram's {@code Total <instances> <bytes>} line. */
    static OptionalLong parseTotal(String histogram) {
        for (String line : histogram.lines().toList()) {
            String[] words = line.strip().split("\\s+");
            if (words.length == 3 && words[0].equals("Total")) {
                try {
                    return OptionalLong.of(Long.parseLong(words[2]));
                } catch (NumberFormatException e) {
                    return OptionalLong.empty();
                }
            }
        }
        return OptionalLong.empty();
    }
}
