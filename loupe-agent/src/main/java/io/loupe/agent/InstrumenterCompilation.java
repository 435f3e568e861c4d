package io.loupe.agent;

import javax.management.ObjectName;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps HotSpot's optimising compiler, C2, off Loupe's own instrumenter (the agent, the instrumenter
 * and the ASM it bundles), which then runs C1-compiled code only. The instrumenter is hot while
 * classes load, and its methods are large (ASM's class reader and analyzer, the control flow
 * graph, the loop forest): C2 spent 3.2 s of CPU compiling them in a jackson run of 13.6 s under
 * convergent value profiling, and 4.5 s in an h2 run under dependence profiling, on the core the
 * program's own compilations need. Without them those runs were 5–8% faster (docs/architecture.md),
 * and C1's code transforms a class fast enough. The runtime the probes call is not affected. It
 * leans on C1 compiling every instrumented method: one that only C2 could compile once ran
 * interpreted for good under the directive ({@code HandlerPrefixes} keeps C1 able to).
 *
 * <p>How: a compiler directive ({@code c2: {Exclude: true}} for those packages) added through the
 * platform's {@code DiagnosticCommand} MBean, the public form of {@code jcmd Compiler.directives_add}.
 * Creating the platform MBean server takes 150–250 ms of class loading, so it runs on a daemon thread
 * and the program starts meanwhile; methods C2 compiles before the directive is in place keep
 * their code. Nothing is printed; on a JVM without the command, or without {@code java.management},
 * nothing changes.
 */
final class InstrumenterCompilation {

    /** The directive: C2 excluded for Loupe's instrumenting code (a pattern's {@code *} spans sub-packages). */
    static final String DIRECTIVE = "[{ match: [\"io/loupe/agent/*.*\", \"io/loupe/instrument/*.*\", "
            + "\"io/loupe/internal/*.*\"], c2: { Exclude: true } }]";

    private InstrumenterCompilation() {
    }

    /** Adds the directive on a daemon thread. */
    static void keepC2Off() {
        Thread t = new Thread(InstrumenterCompilation::addDirective, "loupe-compiler-directive");
        t.setDaemon(true);
        t.start();
    }

    /** Adds the directive now; false if the JVM did not take it. */
    static boolean addDirective() {
        try {
            Path file = Files.createTempFile("loupe-directive", ".json");
            try {
                Files.writeString(file, DIRECTIVE);
                Object out = ManagementFactory.getPlatformMBeanServer().invoke(
                        new ObjectName("com.sun.management:type=DiagnosticCommand"), "compilerDirectivesAdd",
                        new Object[] {new String[] {file.toString()}}, new String[] {String[].class.getName()});
                return String.valueOf(out).contains("1 compiler directives added");
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (Exception | LinkageError e) {
            return false;   // not HotSpot, no java.management, or no temporary directory: C2 compiles it as before
        }
    }
}
