package io.loupe.validation.transparency;

import io.loupe.validation.support.AgentRun;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@link AgentRun} for programs that need JVM flags and a working directory of their own: runs
 * {@code java [-javaagent:jar=options] jvmFlags... mainClass args...} in {@code workDir}.
 */
final class ForkedJvm {

    private ForkedJvm() {
    }

    /** Runs the JVM; {@code agentOptions} null means no agent. */
    static AgentRun.Result run(Path workDir, String agentOptions, List<String> jvmFlags, String mainClass,
                               List<String> args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>();
        cmd.add(AgentRun.java().toString());
        if (agentOptions != null) {
            cmd.add("-javaagent:" + AgentRun.agentJar() + "=" + agentOptions);
        }
        cmd.addAll(jvmFlags);
        cmd.add(mainClass);
        cmd.addAll(args);
        Path out = Files.createTempFile("loupe-out", ".txt");
        Path err = Files.createTempFile("loupe-err", ".txt");
        try {
            Process p = new ProcessBuilder(cmd).directory(workDir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(5, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException("timed out after 5 minutes: " + cmd);
            }
            return new AgentRun.Result(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
