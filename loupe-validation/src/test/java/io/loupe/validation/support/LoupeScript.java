package io.loupe.validation.support;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code bin/loupe}, the script a user runs, on the jars the build made: one process per call. */
public final class LoupeScript {

    /** What a {@code bin/loupe} process did. */
    public record Outcome(int exitCode, String stdout, String stderr) {
    }

    private LoupeScript() {
    }

    /** The script, checked to be there with the CLI jar it runs. */
    public static Path script() {
        Path script = Path.of("../bin/loupe").toAbsolutePath().normalize();
        assertTrue(Files.isExecutable(script), script + " is not executable");
        assertTrue(Files.isRegularFile(Path.of("../loupe-cli/target/loupe-cli.jar")), "loupe-cli.jar not built");
        return script;
    }

    /** Runs {@code bin/loupe args…} on the JVM running the tests, at most three minutes. */
    public static Outcome loupe(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash", script().toString()));
        cmd.addAll(List.of(args));
        Path out = Files.createTempFile("loupe-cli-out", ".txt");
        Path err = Files.createTempFile("loupe-cli-err", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile());
            // the script runs the CLI on JAVA_HOME's java: the JVM running these tests
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
            Process p = pb.start();
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException("timed out: " + cmd);
            }
            return new Outcome(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
