package io.loupe.agent;

import java.io.IOException;
import java.io.InputStream;
import java.lang.instrument.Instrumentation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.jar.JarFile;

/**
 * {@code -javaagent:loupe-agent.jar=<options>}. Parses the options strictly (a bad option, or an
 * {@code out} where no profile can be written, stops the JVM before {@code main} with one line
 * naming it, exit code 2), puts the runtime on the bootstrap class path, then hands over to
 * {@link AgentStart}. The options come first: once the bootstrap class path is appended to, the
 * JVM prints a line of its own about class data sharing, which a refusal should not carry.
 *
 * <p>The runtime travels inside this jar as a nested jar, not as classes: if its classes were
 * here they would be loaded by the system class loader, invisible to classes of other loaders.
 * On the bootstrap class path every class can reach them. This class must not mention runtime
 * types: they may only be loaded after the append.
 */
public final class LoupeAgent {

    private static final String RUNTIME_JAR = "loupe-runtime.jar";

    private LoupeAgent() {
    }

    public static void premain(String args, Instrumentation inst) {
        AgentOptions options;
        try {
            options = AgentOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("[loupe] " + e.getMessage());
            System.exit(2);
            return;
        }
        if (options.help()) {
            System.err.print(AgentOptions.helpText());
            System.exit(0);
            return;
        }
        String outProblem = OutputCheck.problem(options.out());
        if (outProblem != null) {
            System.err.println("[loupe] " + outProblem);
            System.exit(2);
            return;
        }
        try {
            inst.appendToBootstrapClassLoaderSearch(new JarFile(extractRuntime().toFile()));
        } catch (IOException | RuntimeException e) {
            System.err.println("[loupe] cannot install the runtime, profiling is off: " + e);
            return;
        }
        AgentStart.start(options, inst, version());
    }

    /** For {@code -XX:+EnableDynamicAgentLoading} / attach: same as premain. */
    public static void agentmain(String args, Instrumentation inst) {
        premain(args, inst);
    }

    private static Path extractRuntime() throws IOException {
        try (InputStream in = LoupeAgent.class.getResourceAsStream(RUNTIME_JAR)) {
            if (in == null) {
                throw new IOException("the agent jar has no " + RUNTIME_JAR + " (build with mvn package)");
            }
            Path tmp = Files.createTempFile("loupe-runtime-", ".jar");
            tmp.toFile().deleteOnExit();
            Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
            return tmp;
        }
    }

    static String version() {
        String v = LoupeAgent.class.getPackage().getImplementationVersion();
        return v == null ? "dev" : v;
    }
}
