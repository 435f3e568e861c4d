package io.loupe.cli;

import org.junit.jupiter.api.Test;

import java.util.List;

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
        assertTrue(r.out().contains("trace "), r.out());
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
        assertEquals("", r.out());
        assertEquals("Unknown option: '--frobnicate'\n"
                + "Try 'loupe report --help' for more information.\n", r.err());
    }

    @Test
    void a_missing_parameter_is_one_line_and_a_pointer_to_help() {
        Cli r = Cli.run("report");
        assertEquals(2, r.exitCode());
        assertEquals("Missing required parameter: 'FILE'\n"
                + "Try 'loupe report --help' for more information.\n", r.err());
        Cli diff = Cli.run("diff", "a.prof");
        assertEquals(2, diff.exitCode());
        assertEquals("Missing required parameter: 'B'\n"
                + "Try 'loupe diff --help' for more information.\n", diff.err());
    }

    @Test
    void a_bad_option_value_is_one_line_and_a_pointer_to_help() {
        Cli r = Cli.run("diff", "--top", "many", "a.prof", "b.prof");
        assertEquals(2, r.exitCode());
        List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), r.err());
        assertTrue(lines.get(0).contains("'many'"), r.err());
        assertEquals("Try 'loupe diff --help' for more information.", lines.get(1));
    }

    @Test
    void an_unknown_command_is_a_usage_error_too() {
        Cli r = Cli.run("profile");
        assertEquals(2, r.exitCode());
        List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), r.err());
        assertTrue(lines.get(0).contains("'profile'"), r.err());
        assertEquals("Try 'loupe --help' for more information.", lines.get(1));
    }

    @Test
    void a_bad_run_option_points_at_the_help_of_run() {
        Cli r = Cli.run("run", "--k", "two");
        assertEquals(2, r.exitCode());
        List<String> lines = r.err().lines().toList();
        assertEquals(2, lines.size(), r.err());
        assertEquals("Try 'loupe run --help' for more information.", lines.get(1));
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
