package io.loupe.validation;

import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.LoupeScript;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.loupe.validation.support.LoupeScript.loupe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/loupe} itself, the script a user runs, end to end on the jars the build made: {@code run}
 * passes the program's exit code and stdout through untouched and writes the profile, {@code report}
 * reads it, as text and JSON, and a file that is not a profile, an unknown profiler and the
 * {@code agent} command behave as the README says.
 */
class CommandLineTest {

    private static final String TARGET = "io.loupe.validation.targets.ExitCodeTarget";

    @BeforeAll
    static void findTheScript() {
        LoupeScript.script();
    }

    /** Loupe's own lines are prefixed; the one other line allowed is the JVM's CDS notice (README). */
    private static void assertOnlyLoupeLines(String stderr) {
        for (String line : stderr.lines().toList()) {
            assertTrue(line.startsWith("[loupe] ") || line.contains("Sharing is only supported for boot loader classes"),
                    "unexpected stderr line: " + line);
        }
    }

    @Test
    void runPassesTheExitCodeAndStdoutThroughAndReportReadsTheProfile(@TempDir Path dir) throws Exception {
        AgentRun.Result plain = AgentRun.run(null, TARGET, "3");
        assertEquals(3, plain.exitCode(), plain.stderr());

        Path profile = dir.resolve("app.prof");
        LoupeScript.Outcome run = loupe("run", "--profile", "paths", "--k", "4", "--out", profile.toString(), "--",
                "-cp", AgentRun.targetClassPath(), TARGET, "3");
        assertEquals(3, run.exitCode(), run.stderr());
        assertEquals(plain.stdout(), run.stdout(), "the program's stdout, and nothing of Loupe's");
        assertOnlyLoupeLines(run.stderr());
        assertTrue(Files.isRegularFile(profile), "profile written: " + run.stderr());

        LoupeScript.Outcome text = loupe("report", profile.toString());
        assertEquals(0, text.exitCode(), text.stderr());
        assertTrue(text.stdout().contains("ExitCodeTarget"), text.stdout());

        LoupeScript.Outcome json = loupe("report", profile.toString(), "--json");
        assertEquals(0, json.exitCode(), json.stderr());
        assertTrue(json.stdout().trim().startsWith("{"), json.stdout());
        assertTrue(json.stdout().contains("\"class\": \"" + TARGET + "\"") || json.stdout().contains("\"class\":\"" + TARGET + "\""),
                json.stdout());
        assertTrue(json.stdout().contains("\"kpaths\""), json.stdout());
    }

    @Test
    void aZeroExitIsZeroToo(@TempDir Path dir) throws Exception {
        LoupeScript.Outcome run = loupe("run", "--out", dir.resolve("zero.prof").toString(), "--",
                "-cp", AgentRun.targetClassPath(), TARGET, "0");
        assertEquals(0, run.exitCode(), run.stderr());
    }

    @Test
    void aFileThatIsNotAProfileIsOneLineAndAFailingExit(@TempDir Path dir) throws Exception {
        Path garbage = dir.resolve("garbage.prof");
        Files.writeString(garbage, "this is not a Loupe profile\n".repeat(20));
        LoupeScript.Outcome report = loupe("report", garbage.toString());
        assertNotEquals(0, report.exitCode());
        assertEquals("", report.stdout());
        List<String> lines = report.stderr().lines().toList();
        assertEquals(1, lines.size(), report.stderr());
        assertTrue(lines.get(0).contains("garbage.prof"), lines.get(0));
        assertFalse(report.stderr().contains("Exception"), report.stderr());
    }

    @Test
    void anUnknownProfilerIsNamed(@TempDir Path dir) throws Exception {
        LoupeScript.Outcome run = loupe("run", "--profile", "nosuchprofiler", "--out", dir.resolve("x.prof").toString(), "--",
                "-cp", AgentRun.targetClassPath(), TARGET, "0");
        assertNotEquals(0, run.exitCode());
        assertEquals("", run.stdout(), "the program never ran");
        assertTrue(run.stderr().contains("nosuchprofiler"), run.stderr());
        assertFalse(run.stderr().contains("\tat "), run.stderr());
    }

    @Test
    void sliceShowsAnnotatedSourceJsonAndOneLineErrors(@TempDir Path dir) throws Exception {
        String target = "io.loupe.validation.targets.trace.LocalsTarget";
        Path trace = dir.resolve("app.trace");
        LoupeScript.Outcome run = loupe("run", "--profile", "trace", "--out", trace.toString(), "--include", target, "--",
                "-cp", AgentRun.targetClassPath(), target);
        assertEquals(0, run.exitCode(), run.stderr());
        List<String> source = Files.readAllLines(Path.of("src/test/java/io/loupe/validation/targets/trace/LocalsTarget.java"));
        int ret = 1 + source.indexOf(source.stream().filter(l -> l.contains("// @ret")).findFirst().orElseThrow());

        LoupeScript.Outcome text = loupe("slice", trace.toString(), "--at", "LocalsTarget:" + ret, "--sources", "src/test/java");
        assertEquals(0, text.exitCode(), text.stderr());
        assertTrue(text.stdout().contains("sum([I)I line " + ret + ", execution 1 of 1 in thread main"), text.stdout());
        assertTrue(text.stdout().contains("LocalsTarget.java (> in the slice, * the line sliced):"), text.stdout());
        assertTrue(text.stdout().contains("* " + String.format("%4d  ", ret) + source.get(ret - 1)), text.stdout());
        assertTrue(text.stdout().contains("> " + String.format("%4d  ", ret - 3) + source.get(ret - 4)), text.stdout());

        LoupeScript.Outcome json = loupe("slice", trace.toString(), "--at", target + ":" + ret, "--json");
        assertEquals(0, json.exitCode(), json.stderr());
        assertTrue(json.stdout().contains("\"criterion\": {"), json.stdout());
        assertTrue(json.stdout().contains("{\"class\": \"" + target + "\", \"method\": \"sum([I)I\", \"line\": " + ret + "}"),
                json.stdout());

        LoupeScript.Outcome none = loupe("slice", trace.toString(), "--at", "LocalsTarget:1");
        assertNotEquals(0, none.exitCode());
        assertEquals(1, none.stderr().lines().count(), none.stderr());
        assertTrue(none.stderr().contains("LocalsTarget:1: no code at line 1 (lines with code: "), none.stderr());
        LoupeScript.Outcome bad = loupe("slice", trace.toString(), "--at", "LocalsTarget");
        assertNotEquals(0, bad.exitCode());
        assertTrue(bad.stderr().contains("--at must be CLASS:LINE"), bad.stderr());
    }

    @Test
    void agentPrintsTheAbsolutePathOfTheAgentJar() throws Exception {
        LoupeScript.Outcome agent = loupe("agent");
        assertEquals(0, agent.exitCode(), agent.stderr());
        Path jar = Path.of(agent.stdout().trim());
        assertTrue(jar.isAbsolute(), agent.stdout());
        assertTrue(Files.isRegularFile(jar), agent.stdout());
        assertEquals(AgentRun.agentJar(), jar.toRealPath());
    }
}
