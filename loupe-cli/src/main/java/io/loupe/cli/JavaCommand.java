package io.loupe.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a profiled JVM: this JVM's own {@code java} binary, the agent, the program. */
final class JavaCommand {

    private JavaCommand() {
    }

    /**
     * HotSpot never compiles a method of more than 8,000 bytes of bytecode ({@code HugeMethodLimit})
     * unless this flag is given, and probes can take a method past that: then it would run
     * interpreted for the whole run (the agent warns of each). A JVM flag cannot be set once the
     * JVM runs, so {@code run} sets it; it changes what HotSpot compiles, never what a program
     * computes.
     */
    static final String COMPILE_HUGE_METHODS = "-XX:-DontCompileHugeMethods";

    /**
     * {@code <java.home>/bin/java -XX:-DontCompileHugeMethods -javaagent:<jar>=<options> <javaArgs…>}:
     * the program's own JVM flags come last, so one of them overrides Loupe's. (The agent appends
     * its runtime to the bootstrap class path, after which JDK 17 prints one harmless warning on
     * stderr about class data sharing; no JVM flag silences that warning alone.)
     */
    static List<String> of(Path javaHome, Path agentJar, String agentOptions, List<String> javaArgs) {
        List<String> command = new ArrayList<>();
        command.add(javaBinary(javaHome).toString());
        command.add(COMPILE_HUGE_METHODS);
        command.add("-javaagent:" + agentJar + "=" + agentOptions);
        command.addAll(javaArgs);
        return command;
    }

    static Path javaBinary(Path javaHome) {
        boolean windows = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).startsWith("windows");
        return javaHome.resolve("bin").resolve(windows ? "java.exe" : "java");
    }

    /** This JVM's home: the profiled program runs on the same Java as the CLI. */
    static Path currentJavaHome() {
        return Path.of(System.getProperty("java.home"));
    }
}
