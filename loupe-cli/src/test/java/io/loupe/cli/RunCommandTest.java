package io.loupe.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code run}'s checks and the command it builds; no JVM is launched here. */
class RunCommandTest {

    @Test
    void an_unknown_profiler_fails_before_anything_starts() {
        Cli r = Cli.run("run", "--profile", "paths,heap", "--", "-version");
        assertEquals(2, r.exitCode());
        assertEquals("loupe: unknown profiler 'heap' (known: paths, values, deps, blocktrace, trace)\n", r.err());
        assertEquals("", r.out());
    }

    @Test
    void k_0_is_refused() {
        Cli r = Cli.run("run", "--k", "0", "--", "-version");
        assertEquals(2, r.exitCode());
        assertEquals("loupe: --k must be at least 1, got 0\n", r.err());
    }

    @Test
    void an_unknown_value_site_kind_fails_before_anything_starts() {
        Cli r = Cli.run("run", "--profile", "values", "--values-kinds", "param,heap", "--", "-version");
        assertEquals(2, r.exitCode());
        assertEquals("loupe: unknown value site kind 'heap' (known: param, field, array, return, local)\n", r.err());
    }

    @Test
    void convergent_without_the_values_profiler_is_refused() {
        Cli r = Cli.run("run", "--convergent", "--", "-version");
        assertEquals(2, r.exitCode());
        assertEquals("loupe: --convergent needs the values profiler (--profile values)\n", r.err());
    }

    @Test
    void the_value_flags_are_in_the_help() {
        Cli r = Cli.run("run", "--help");
        assertEquals(0, r.exitCode());
        assertTrue(r.out().contains("--convergent"), r.out());
        assertTrue(r.out().contains("--values-kinds=LIST"), r.out());
        assertTrue(r.out().contains("(known: paths, values,"), r.out());
    }

    @Test
    void without_a_program_it_is_a_usage_error() {
        Cli r = Cli.run("run", "--k", "2");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("Missing required parameter"), r.err());
    }

    @Test
    void the_command_is_the_cli_s_own_java_compiling_huge_methods_with_the_agent_then_the_program() {
        Path home = Path.of("/opt/jdk");
        List<String> command = JavaCommand.of(home, Path.of("/loupe/loupe-agent.jar"), "profile=paths,k=2,out=a.prof",
                List.of("-Xmx1g", "-cp", "app.jar", "com.example.Main", "arg"));
        assertEquals(List.of(JavaCommand.javaBinary(home).toString(), "-XX:-DontCompileHugeMethods",
                "-javaagent:/loupe/loupe-agent.jar=profile=paths,k=2,out=a.prof",
                "-Xmx1g", "-cp", "app.jar", "com.example.Main", "arg"), command);
        assertTrue(JavaCommand.javaBinary(home).startsWith(home.resolve("bin")));
    }
}
