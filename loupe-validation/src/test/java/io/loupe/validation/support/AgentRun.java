package io.loupe.validation.support;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/** Runs a Java program in a forked JVM, with or without the real Loupe agent, and captures what it did. */
public final class AgentRun {

    /** What a forked JVM did. */
    public record Result(int exitCode, String stdout, String stderr) {
    }

    private AgentRun() {
    }

    /** The agent jar built by the reactor (set by the build), failing loudly if it is missing. */
    public static Path agentJar() {
        String p = System.getProperty("loupe.agent.jar", "../loupe-agent/target/loupe-agent.jar");
        Path jar = Path.of(p).toAbsolutePath().normalize();
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("agent jar not built: " + jar + " (run mvn verify from the root)");
        }
        return jar;
    }

    /** The validation targets' class path. */
    public static String targetClassPath() {
        return Path.of("target/test-classes").toAbsolutePath().toString();
    }

    public static Path java() {
        return Path.of(System.getProperty("java.home"), "bin", "java");
    }

    /** Runs {@code java [-javaagent:jar=options] -cp targets mainClass}; options null means no agent. */
    public static Result run(String agentOptions, String mainClass, String... args) throws IOException, InterruptedException {
        return run(java(), agentOptions, targetClassPath(), mainClass, args);
    }

    public static Result run(Path java, String agentOptions, String classPath, String mainClass, String... args)
            throws IOException, InterruptedException {
        return run(java, List.of(), agentOptions, classPath, mainClass, args);
    }

    /** Runs {@code java jvmOptions… [-javaagent:jar=options] -cp targets mainClass} (e.g. a small heap). */
    public static Result runWith(List<String> jvmOptions, String agentOptions, String mainClass, String... args)
            throws IOException, InterruptedException {
        return run(java(), jvmOptions, agentOptions, targetClassPath(), mainClass, args);
    }

    /**
     * Runs {@code mainClass} until it prints a line starting with {@code ready}, then sends the
     * JVM the real signal {@code signal} ({@code TERM}, {@code INT}, {@code HUP}) with
     * {@code kill}, and returns what it did until it ended.
     */
    public static Result runUntilSignal(String agentOptions, String ready, String signal, String mainClass,
                                        String... args) throws IOException, InterruptedException {
        List<String> cmd = command(java(), List.of(), agentOptions, targetClassPath(), mainClass, args);
        Path err = Files.createTempFile("loupe-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
            // a signal the JVM ignores (SIGINT or SIGHUP under nohup, say) would leave it running and
            // the reading below waiting for ever: the process is killed after five minutes at most,
            // and the test fails on its exit code
            ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor();
            watchdog.schedule(p::destroyForcibly, 5, TimeUnit.MINUTES);
            try {
                return readUntilExit(p, cmd, ready, signal, err);
            } finally {
                watchdog.shutdownNow();
            }
        } finally {
            Files.deleteIfExists(err);
        }
    }

    private static Result readUntilExit(Process p, List<String> cmd, String ready, String signal, Path err)
            throws IOException, InterruptedException {
        StringBuilder out = new StringBuilder();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            boolean signalled = false;
            for (String line; (line = r.readLine()) != null; ) {
                out.append(line).append('\n');
                if (!signalled && line.startsWith(ready)) {
                    Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).inheritIO().start();
                    if (kill.waitFor() != 0) {
                        throw new IllegalStateException("kill -" + signal + " failed");
                    }
                    signalled = true;
                }
            }
            if (!signalled) {
                throw new IllegalStateException("never printed " + ready + ": " + out + Files.readString(err));
            }
        }
        if (!p.waitFor(5, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("timed out: " + cmd);
        }
        return new Result(p.exitValue(), out.toString(), Files.readString(err, StandardCharsets.UTF_8));
    }

    /** The command line {@link #run} starts: {@code java [-javaagent:jar=options] -cp classPath mainClass args}. */
    public static List<String> command(Path java, List<String> jvmOptions, String agentOptions, String classPath,
                                       String mainClass, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(java.toString());
        cmd.add("-Xshare:auto");
        cmd.addAll(jvmOptions);
        if (agentOptions != null) {
            cmd.add("-javaagent:" + agentJar() + (agentOptions.isEmpty() ? "" : "=" + agentOptions));
        }
        cmd.add("-cp");
        cmd.add(classPath);
        cmd.add(mainClass);
        cmd.addAll(List.of(args));
        return cmd;
    }

    private static Result run(Path java, List<String> jvmOptions, String agentOptions, String classPath, String mainClass,
                              String... args) throws IOException, InterruptedException {
        List<String> cmd = command(java, jvmOptions, agentOptions, classPath, mainClass, args);
        Path out = Files.createTempFile("loupe-out", ".txt");
        Path err = Files.createTempFile("loupe-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException("timed out: " + cmd);
            }
            return new Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8), Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
