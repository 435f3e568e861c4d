package io.loupe.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;

/**
 * {@code loupe run [options] -- <java args>}: runs the program under the agent and exits with its
 * exit code. The program's stdin, stdout and stderr are this process's own.
 */
@Command(name = "run", mixinStandardHelpOptions = true,
        description = {"Run a Java program under the Loupe agent; the profile is written when it exits.",
            "Example: loupe run --k 4 -- -cp app.jar com.example.Main",
            "         loupe run --profile values --convergent -- -cp app.jar com.example.Main",
            "         loupe run --profile deps --deps-mode lamp -- -cp app.jar com.example.Main",
            "         loupe run --profile deps --absint -- -cp app.jar com.example.Main",
            "         loupe run --profile trace --out app.trace -- -cp app.jar com.example.Main"},
        footer = "Exit code: the program's own (2 when Loupe cannot start it).")
final class RunCommand implements Callable<Integer> {

    /** How long the CLI waits, when it is stopped itself, for the program to write its profile. */
    private static final long STOP_WAIT_SECONDS = 30;

    @Option(names = "--profile", split = ",", paramLabel = "LIST", defaultValue = "paths",
            description = "profilers, comma-separated (known: paths, values, deps, blocktrace, trace). Default: ${DEFAULT-VALUE}")
    List<String> profilers;

    @Option(names = {"--k", "-k"}, paramLabel = "N",
            description = "acyclic paths per k-iteration path (path profiling); 1 = plain Ball-Larus. Default: 1")
    Integer k;

    @Option(names = "--out", paramLabel = "FILE",
            description = "profile file to write (--profile trace: the trace, written as the program runs)."
                    + " Default: loupe.prof (loupe.trace)")
    String out;

    @Option(names = "--include", split = ",", paramLabel = "GLOBS",
            description = "only classes matching these globs, comma-separated ('*' any chars, '?' one)")
    List<String> include;

    @Option(names = "--exclude", split = ",", paramLabel = "GLOBS",
            description = "never classes matching these globs, comma-separated")
    List<String> exclude;

    @Option(names = "--values-kinds", split = ",", paramLabel = "LIST",
            description = "value sites to profile, comma-separated (known: param, field, array, return, local). Default: all")
    List<String> valueKinds;

    @Option(names = "--deps-mode", paramLabel = "MODE",
            description = "dependence profiling: camp (calling contexts) or lamp (loops only). Default: camp")
    String depsMode;

    @Option(names = "--absint",
            description = "with --profile deps: abstract interpretation at loop entry decides eligible loop nests from the state"
                    + " they start in and accounts for their accesses without tracing them; the profile stays the same")
    boolean absint;

    @Option(names = "--convergent",
            description = "convergent value profiling: switch a value site off once its invariance has converged")
    boolean convergent;

    @Option(names = "-A", paramLabel = "key=value",
            description = "a further agent option, passed through verbatim (repeatable)")
    List<String> agentOptions;

    @Parameters(paramLabel = "<java args>", arity = "1..*",
            description = "what to give java: JVM options, then a main class or -jar app.jar, then arguments")
    List<String> javaArgs;

    @Override
    public Integer call() throws IOException, InterruptedException {
        String options = new AgentOptionsBuilder().profilers(profilers).k(k).out(out)
                .include(include).exclude(exclude).valueKinds(valueKinds).convergent(convergent).depsMode(depsMode).absint(absint).extra(agentOptions).build();
        Path agent = AgentJarLocator.fromEnvironment().locate();
        Path javaHome = JavaCommand.currentJavaHome();
        if (!Files.isExecutable(JavaCommand.javaBinary(javaHome))) {
            throw new CliException("no java binary in " + javaHome);
        }
        Process program = new ProcessBuilder(JavaCommand.of(javaHome, agent, options, javaArgs)).inheritIO().start();
        Thread stopProgram = new Thread(() -> stop(program), "loupe-stop-program");
        Runtime.getRuntime().addShutdownHook(stopProgram);
        int exit = program.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(stopProgram);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is already exiting: the hook runs and finds the program ended
        }
        return exit;
    }

    /**
     * When the CLI itself is stopped (Ctrl-C reaches both processes; a plain kill reaches only
     * this one), the program is asked to stop too and given time to write its profile.
     */
    private static void stop(Process program) {
        if (!program.isAlive()) {
            return;
        }
        program.destroy();
        try {
            program.waitFor(STOP_WAIT_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
