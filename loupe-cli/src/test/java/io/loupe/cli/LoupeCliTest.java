package io.loupe.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoupeCliTest {

    @Test
    void help_lists_the_commands() {
        Cli r = Cli.run("--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("run "), r.out());
        assertTrue(r.out().contains("report "), r.out());
        assertTrue(r.out().contains("diff "), r.out());
        assertTrue(r.out().contains("agent "), r.out());
    }

    @Test
    void version_names_loupe_and_the_jvm() {
        Cli r = Cli.run("--version");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().startsWith("Loupe 0."), r.out());
        assertTrue(r.out().contains("JVM: "), r.out());
    }

    @Test
    void an_unknown_option_is_a_usage_error_with_exit_code_2() {
        Cli r = Cli.run("report", "--frobnicate", "x.prof");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("Unknown option: '--frobnicate'"), r.err());
    }

    @Test
    void an_unknown_command_is_a_usage_error_too() {
        Cli r = Cli.run("profile");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("profile"), r.err());
    }

    @Test
    void the_agent_command_prints_the_jar_given_by_the_property() throws Exception {
        java.nio.file.Path jar = java.nio.file.Files.createTempFile("loupe-agent", ".jar");
        String before = System.getProperty(AgentJarLocator.JAR_PROPERTY);
        System.setProperty(AgentJarLocator.JAR_PROPERTY, jar.toString());
        try {
            Cli r = Cli.run("agent");
            assertEquals(0, r.exitCode(), r.err());
            assertEquals(jar.toAbsolutePath().normalize() + "\n", r.out());
        } finally {
            if (before == null) {
                System.clearProperty(AgentJarLocator.JAR_PROPERTY);
            } else {
                System.setProperty(AgentJarLocator.JAR_PROPERTY, before);
            }
            java.nio.file.Files.delete(jar);
        }
    }
}
