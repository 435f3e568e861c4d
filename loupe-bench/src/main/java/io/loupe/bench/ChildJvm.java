package io.loupe.bench;

import io.loupe.bench.workloads.LiveHeapSampler;
import io.loupe.bench.workloads.Size;
import io.loupe.bench.workloads.Workload;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Launches one driver in a fresh JVM with the fixed flags every configuration shares, and times
 * it. The child's stdout and stderr go to files rather than pipes, so the harness does no work
 * while the child runs and a chatty child can never block on a full pipe.
 */
final class ChildJvm {
    /** What a finished child left behind. */
    record Outcome(long wallNanos, int exitCode, String stdout, List<String> stderr) {
    }

    private final Path java;
    private final String heap;
    private final Collector gc;
    private final String classPath;
    private final int liveHeapMillis;

    ChildJvm(Path java, String heap, Collector gc, String classPath, int liveHeapMillis) {
        this.java = java;
        this.heap = heap;
        this.gc = gc;
        this.classPath = classPath;
        this.liveHeapMillis = liveHeapMillis;
    }

    /**
     * The command line: {@code java -Xms<heap> -Xmx<heap> -XX:+UseParallelGC
     * -XX:-DontCompileHugeMethods [-javaagent:…] -cp <class path> <driver> <size>} ({@code --gc g1}:
     * {@code -XX:+UseG1GC} instead). A fixed heap and collector for every configuration remove most
     * run-to-run variation in GC work (heap sizing otherwise follows allocation, which
     * instrumentation changes). Huge methods are compiled as {@code bin/loupe run} has them
     * compiled (its {@code JavaCommand}), in every configuration:
     * probes can take a method past HotSpot's limit, and the uninstrumented run gets the same
     * flags as the others. With live-heap sampling on, {@code -D}{@value LiveHeapSampler#PROPERTY}
     * {@code =<millis>} comes before the class path.
     */
    List<String> command(Workload workload, Size size, Optional<String> javaagent) {
        var command = new ArrayList<String>();
        command.add(java.toString());
        command.addAll(flags(heap, gc));
        javaagent.ifPresent(command::add);
        if (liveHeapMillis > 0) {
            command.add("-D" + LiveHeapSampler.PROPERTY + "=" + liveHeapMillis);
        }
        command.add("-cp");
        command.add(classPath);
        command.add(workload.mainClass());
        command.add(size.argument());
        return command;
    }

    /** The JVM flags every child gets, in order (the reports name them). */
    static List<String> flags(String heap, Collector gc) {
        return List.of("-Xms" + heap, "-Xmx" + heap, gc.flag(), "-XX:-DontCompileHugeMethods");
    }

    /** Runs {@code command} to its end, using {@code scratch} for the captured output. */
    Outcome run(List<String> command, Path scratch) throws IOException, InterruptedException {
        Path out = scratch.resolve("stdout.txt");
        Path err = scratch.resolve("stderr.txt");
        var builder = new ProcessBuilder(command)
                .redirectInput(ProcessBuilder.Redirect.PIPE)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        long start = System.nanoTime();
        Process process = builder.start();
        process.getOutputStream().close();
        int exitCode = process.waitFor();
        long wallNanos = System.nanoTime() - start;
        String stdout = new String(Files.readAllBytes(out), StandardCharsets.UTF_8);
        List<String> stderr = new String(Files.readAllBytes(err), StandardCharsets.UTF_8).lines().toList();
        Files.delete(out);
        Files.delete(err);
        return new Outcome(wallNanos, exitCode, stdout, stderr);
    }
}
