package io.loupe.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class AgentJarLocatorTest {

    @TempDir
    Path root;

    private Path agentIn(Path checkout) throws IOException {
        Path jar = checkout.resolve("loupe-agent/target/loupe-agent.jar");
        Files.createDirectories(jar.getParent());
        return Files.createFile(jar);
    }

    private Path cliJarIn(Path checkout) throws IOException {
        Path jar = checkout.resolve("loupe-cli/target/loupe-cli.jar");
        Files.createDirectories(jar.getParent());
        return Files.createFile(jar);
    }

    @Test
    void the_system_property_wins() throws IOException {
        Path explicit = Files.createFile(root.resolve("my-agent.jar"));
        Path home = root.resolve("home");
        agentIn(home);
        assertEquals(explicit, new AgentJarLocator(explicit.toString(), home.toString(), null).locate());
    }

    @Test
    void an_explicit_jar_that_does_not_exist_is_an_error_not_a_fallback() throws IOException {
        Path home = root.resolve("home");
        agentIn(home);
        var e = assertThrows(CliException.class,
                () -> new AgentJarLocator(root.resolve("nope.jar").toString(), home.toString(), null).locate());
        assertTrue(e.getMessage().contains("nope.jar"), e.getMessage());
    }

    @Test
    void loupe_home_comes_next() throws IOException {
        Path home = root.resolve("home");
        Path agent = agentIn(home);
        Path other = root.resolve("other");
        agentIn(other);
        assertEquals(agent, new AgentJarLocator(null, home.toString(), cliJarIn(other)).locate());
    }

    @Test
    void otherwise_the_jar_is_found_relative_to_the_cli_jar() throws IOException {
        Path checkout = root.resolve("checkout");
        Path agent = agentIn(checkout);
        assertEquals(agent, new AgentJarLocator(null, root.resolve("empty").toString(), cliJarIn(checkout)).locate());
    }

    @Test
    void in_a_distribution_the_agent_is_in_lib_beside_the_cli() throws IOException {
        Path dist = root.resolve("loupe 0.1 with spaces");
        Path lib = Files.createDirectories(dist.resolve("lib"));
        Path agent = Files.createFile(lib.resolve("loupe-agent.jar"));
        Path cli = Files.createFile(lib.resolve("loupe-cli.jar"));
        assertEquals(agent, new AgentJarLocator(null, dist.toString(), cli).locate(), "through loupe.home");
        assertEquals(agent, new AgentJarLocator(null, null, cli).locate(), "beside the CLI's jar");
    }

    @Test
    void a_missing_jar_says_where_it_looked_and_how_to_build_it_in_one_line() throws IOException {
        Path checkout = root.resolve("checkout");
        var e = assertThrows(CliException.class, () -> new AgentJarLocator(null, null, cliJarIn(checkout)).locate());
        assertTrue(e.getMessage().startsWith("agent jar not found (looked for "
                + checkout.resolve("loupe-cli/target/loupe-agent.jar") + ", " + checkout.resolve("loupe-agent")),
                e.getMessage());
        assertTrue(e.getMessage().endsWith("build Loupe first: mvn -B package -DskipTests"), e.getMessage());
        assertEquals(-1, e.getMessage().indexOf('\n'));
    }
}
