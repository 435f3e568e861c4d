package io.loupe.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The command line of a profiled JVM: this JVM's own {@code java} binary, the agent, the program. */
final class JavaCommand {

    private JavaCommand() {
    }

    /**
     * {@code <java.home>/bin/java -javaagent:<jar>=<options> <javaArgs…>}. (The agent appends its
     * runtime to the bootstrap class path, after which JDK 17 prints one harmless warning on
     * stderr about class data sharing; no JVM flag silences that warning alone.)
     */
    static List<String> of(Path javaHome, Path agentJar, String agentOptions, List<String> javaArgs) {
        List<String> command = new ArrayList<>();
        command.add(javaBinary(javaHome).toString());
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
