package io.loupe.maven;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Properties;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;

/**
 * Writes the launcher jar of {@link ForkAgent}: its class, and the properties that tell it where
 * the agent jar is, where profiles go and with which options. One jar per execution of
 * {@code prepare-agent}, so that two executions (paths in one test run, deps in another) each
 * keep their own options. Written anew at every build: the properties name absolute paths.
 */
final class LauncherJar {

    /** The launcher jar's name starts so; {@link AgentArguments#removeLoupeAgent} recognises it by it. */
    static final String NAME_PREFIX = "loupe-launcher-";

    private LauncherJar() {
    }

    /**
     * Writes {@code launcherDir/loupe-launcher-EXECUTION.jar} and returns its path.
     *
     * @param agentJar the Loupe agent jar (the shaded {@code io.loupe:loupe-agent})
     * @param dir      where the test JVMs write their profiles
     * @param options  the agent's options but {@code out}
     */
    static Path write(Path launcherDir, String execution, Path agentJar, Path dir, String options) throws IOException {
        Files.createDirectories(launcherDir);
        Path jar = launcherDir.resolve(NAME_PREFIX + execution.replaceAll("[^A-Za-z0-9._-]", "_") + ".jar");
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(new Attributes.Name("Premain-Class"), ForkAgent.class.getName());
        main.put(new Attributes.Name("Implementation-Title"), "Loupe launcher for test JVMs");
        Properties p = new Properties();
        p.setProperty("agentJar", agentJar.toAbsolutePath().toString());
        p.setProperty("dir", dir.toAbsolutePath().toString());
        p.setProperty("options", options);
        Path tmp = Files.createTempFile(launcherDir, "launcher", ".tmp");
        try (OutputStream file = Files.newOutputStream(tmp); JarOutputStream out = new JarOutputStream(file, manifest)) {
            String cls = ForkAgent.class.getName().replace('.', '/') + ".class";
            out.putNextEntry(new JarEntry(cls));
            try (InputStream in = LauncherJar.class.getClassLoader().getResourceAsStream(cls)) {
                if (in == null) {
                    throw new IOException("the plugin jar has no " + cls);
                }
                in.transferTo(out);
            }
            out.closeEntry();
            out.putNextEntry(new JarEntry(ForkAgent.PROPERTIES));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            p.store(bytes, "written by loupe-maven-plugin's prepare-agent");
            out.write(bytes.toByteArray());
            out.closeEntry();
        }
        Files.move(tmp, jar, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        return jar;
    }
}
