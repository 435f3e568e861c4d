package io.loupe.cli;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loupe dump}'s refusals, each one line with exit code 2 (the dump of a JVM under the agent
 * is LiveDumpValidationTest's): no pid, this very JVM, no such process, a JVM without the agent.
 */
class DumpCommandTest {

    @Test
    void aPidIsRequired() {
        Cli r = Cli.run("dump");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("Missing required option: '--pid=PID'"), r.err());
    }

    @Test
    void itsOwnJvmIsRefused() {
        Cli r = Cli.run("dump", "--pid", Long.toString(ProcessHandle.current().pid()));
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("is this command's own JVM"), r.err());
    }

    @Test
    void aProcessThatIsGoneIsNamed() throws Exception {
        Process p = new ProcessBuilder(java(), "-version").redirectErrorStream(true).start();
        p.getInputStream().readAllBytes();
        p.waitFor();
        Cli r = Cli.run("dump", "--pid", Long.toString(p.pid()));
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("loupe: cannot attach to JVM " + p.pid() + " (no such process)"), r.err());
    }

    @Test
    void aJvmWithoutTheAgentIsRefusedWithWhatItLacks() throws Exception {
        Process p = new ProcessBuilder(java(), "-cp", System.getProperty("java.class.path"), Waiting.class.getName())
                .redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertEquals("waiting", out.readLine());
            Cli r = Cli.run("dump", "--pid", Long.toString(p.pid()), "--out", Path.of("never.prof").toString());
            assertEquals(2, r.exitCode());
            assertTrue(r.err().contains("JVM " + p.pid() + " runs no Loupe agent that takes dumps: it has no MBean"
                    + " io.loupe:type=Profiler"), r.err());
            assertEquals("", r.out());
        } finally {
            p.destroyForcibly().waitFor();
        }
    }

    private static String java() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }

    /** A JVM that waits, without the agent. */
    static final class Waiting {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("waiting");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
