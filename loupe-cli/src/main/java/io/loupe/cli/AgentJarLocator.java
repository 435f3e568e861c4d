package io.loupe.cli;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.ArrayList;
import java.util.List;

/**
 * Finds the agent jar. In order:
 * <ol>
 *   <li>the system property {@value #JAR_PROPERTY}, when set (and then only there: a path given
 *   explicitly that does not exist is an error, not a reason to look elsewhere);</li>
 *   <li>{@code <loupe.home>/lib/loupe-agent.jar} (an unpacked distribution) or
 *   {@code <loupe.home>/loupe-agent/target/loupe-agent.jar} (a checkout), {@value #HOME_PROPERTY}
 *   being set by {@code bin/loupe} to the directory above its own;</li>
 *   <li>next to the CLI's own jar: {@code <dir of loupe-cli.jar>/loupe-agent.jar} in a distribution's
 *   {@code lib/}, {@code <dir of loupe-cli.jar>/../../loupe-agent/target/loupe-agent.jar} in a built
 *   checkout.</li>
 * </ol>
 *
 * @param jarProperty  value of {@value #JAR_PROPERTY}, or null
 * @param homeProperty value of {@value #HOME_PROPERTY}, or null
 * @param cliLocation  the CLI's jar (or classes directory), or null when unknown
 */
record AgentJarLocator(String jarProperty, String homeProperty, Path cliLocation) {

    static final String JAR_PROPERTY = "loupe.agent.jar";
    static final String HOME_PROPERTY = "loupe.home";
    private static final Path IN_CHECKOUT = Path.of("loupe-agent", "target", "loupe-agent.jar");
    private static final Path IN_DISTRIBUTION = Path.of("lib", "loupe-agent.jar");

    /** The locator for this JVM: its system properties and where this class was loaded from. */
    static AgentJarLocator fromEnvironment() {
        return new AgentJarLocator(System.getProperty(JAR_PROPERTY), System.getProperty(HOME_PROPERTY), codeLocation());
    }

    private static Path codeLocation() {
        try {
            CodeSource source = AgentJarLocator.class.getProtectionDomain().getCodeSource();
            return source == null ? null : Path.of(source.getLocation().toURI());
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    /**
     * The absolute path of the agent jar.
     *
     * @throws CliException when there is none, telling how to build it
     */
    Path locate() {
        if (jarProperty != null && !jarProperty.isEmpty()) {
            Path jar = Path.of(jarProperty).toAbsolutePath().normalize();
            if (Files.isRegularFile(jar)) {
                return jar;
            }
            throw new CliException("agent jar " + jar + " (from -D" + JAR_PROPERTY + ") does not exist");
        }
        List<Path> candidates = new ArrayList<>();
        if (homeProperty != null && !homeProperty.isEmpty()) {
            candidates.add(Path.of(homeProperty).resolve(IN_DISTRIBUTION));
            candidates.add(Path.of(homeProperty).resolve(IN_CHECKOUT));
        }
        if (cliLocation != null && cliLocation.getParent() != null) {
            // lib/loupe-cli.jar → lib/loupe-agent.jar beside it
            candidates.add(cliLocation.getParent().resolve(IN_DISTRIBUTION.getFileName()));
            // loupe-cli/target/loupe-cli.jar (or loupe-cli/target/classes) → the checkout's root
            candidates.add(cliLocation.getParent().resolve("..").resolve("..").resolve(IN_CHECKOUT));
        }
        List<String> tried = new ArrayList<>();
        for (Path candidate : candidates) {
            Path jar = candidate.toAbsolutePath().normalize();
            if (Files.isRegularFile(jar)) {
                return jar;
            }
            if (!tried.contains(jar.toString())) {
                tried.add(jar.toString());
            }
        }
        return fail(tried);
    }

    private static Path fail(List<String> tried) {
        String where = tried.isEmpty() ? "" : " (looked for " + String.join(", ", tried) + ")";
        throw new CliException("agent jar not found" + where + "; build Loupe first: mvn -B package -DskipTests");
    }
}
