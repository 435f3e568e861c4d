package io.loupe.maven;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.jar.JarFile;

/**
 * The {@code -javaagent} that {@code prepare-agent} puts in the test JVMs' command line: it picks
 * a profile file of this JVM's own in the destination directory and starts Loupe's agent with it.
 *
 * <p>Why: the agent writes its profile to one {@code out} file, replacing what is there, and every
 * test JVM of a module gets the same {@code argLine} — Surefire's forks ({@code forkCount},
 * {@code reuseForks=false}), Failsafe after Surefire, a second Surefire execution. With one file
 * all but the last JVM's profile would be lost. So each JVM claims {@code loupe-PID.prof} (or
 * {@code loupe-PID-N.prof} if a file of that name is left from an earlier JVM) by creating it,
 * atomically; the agent's dump later replaces the empty claim with the profile. {@code report}
 * merges every file.
 *
 * <p>The launcher jar ({@link LauncherJar}) holds this class alone and {@code fork-agent.properties}:
 * the agent jar's path, the directory and the agent's options. This class uses nothing but the
 * JDK: it runs in the test JVM, where the plugin's other classes are not.
 */
public final class ForkAgent {

    static final String PROPERTIES = "io/loupe/maven/fork-agent.properties";
    private static final String LOUPE_AGENT = "io.loupe.agent.LoupeAgent";

    private ForkAgent() {
    }

    public static void premain(String args, Instrumentation inst) throws Exception {
        Properties p = new Properties();
        try (InputStream in = ForkAgent.class.getClassLoader().getResourceAsStream(PROPERTIES)) {
            if (in == null) {
                throw new IllegalStateException("[loupe] the launcher jar has no " + PROPERTIES);
            }
            p.load(in);
        }
        Path agentJar = Path.of(p.getProperty("agentJar"));
        Path dir = Path.of(p.getProperty("dir"));
        Files.createDirectories(dir);
        Path out = claim(dir, ProcessHandle.current().pid());
        String options = p.getProperty("options");
        String full = (options == null || options.isEmpty() ? "" : options + ",") + "out=" + out;
        // The agent jar joins the class path as -javaagent's own jar would: LoupeAgent finds its
        // nested runtime jar as a resource of its own class.
        inst.appendToSystemClassLoaderSearch(new JarFile(agentJar.toFile()));
        Class<?> agent = Class.forName(LOUPE_AGENT, true, ClassLoader.getSystemClassLoader());
        agent.getMethod("premain", String.class, Instrumentation.class).invoke(null, full, inst);
    }

    /**
     * A new file in {@code dir} that no other JVM has: {@code loupe-PID.prof}, else the first
     * {@code loupe-PID-N.prof} free, created here so that no two JVMs can pick the same one.
     */
    static Path claim(Path dir, long pid) throws IOException {
        for (int n = 0; ; n++) {
            Path file = dir.resolve(n == 0 ? "loupe-" + pid + ".prof" : "loupe-" + pid + "-" + n + ".prof");
            try {
                return Files.createFile(file);
            } catch (FileAlreadyExistsException e) {
                // an earlier JVM of the same pid (pids are reused): try the next name
            }
        }
    }
}
