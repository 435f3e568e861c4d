package io.loupe.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import java.io.FileOutputStream;
import java.io.FileDescriptor;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * {@code bin/loupe}: profile a Java program ({@code run}), read a profile ({@code report}), compare
 * two profiles ({@code diff}), merge profiles of several runs ({@code merge}), find the agent jar
 * ({@code agent}), work on a whole-program trace ({@code trace compact}), recover its dependences
 * ({@code trace-deps}) and slice it ({@code slice}).
 *
 * <p>Exit codes: 0 on success; 2 for usage errors and problems the user can fix (bad option
 * values, unreadable profiles, a missing jar), printed as one {@code loupe: …} line; {@code run}
 * exits with the profiled program's own code.
 */
@Command(name = "loupe", mixinStandardHelpOptions = true, versionProvider = LoupeVersion.class,
        description = "Precise dynamic analysis for the JVM: path profiling across loop iterations, value profiling,"
                + " memory dependence profiling, whole-program traces, the dependences they carry and dynamic slices.",
        subcommands = {RunCommand.class, ReportCommand.class, DiffCommand.class, MergeCommand.class, DumpCommand.class,
                AgentCommand.class,
                TraceCommand.class,
                TraceDepsCommand.class, SliceCommand.class, CommandLine.HelpCommand.class},
        synopsisSubcommandLabel = "COMMAND")
public final class LoupeCli implements Runnable {

    @CommandLine.Spec
    private CommandLine.Model.CommandSpec spec;

    public static void main(String[] args) {
        CommandLine cli = commandLine();
        // Reports hold non-ASCII text (arrows, class names); JSON must be UTF-8 whatever the locale says.
        cli.setOut(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out),
                StandardCharsets.UTF_8), true));
        cli.setErr(new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err),
                StandardCharsets.UTF_8), true));
        System.exit(cli.execute(args));
    }

    /** The command line with Loupe's error handling; tests drive it in-process. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new LoupeCli());
        // everything from the program's first word on is the program's: `loupe run Main -k 3` passes -k 3 to Main
        cli.getSubcommands().get("run").setStopAtPositional(true);
        cli.setParameterExceptionHandler(LoupeCli::usageError);
        cli.setExecutionExceptionHandler((e, commandLine, parseResult) -> {
            PrintWriter err = commandLine.getErr();
            if (e instanceof CliException) {
                err.println("loupe: " + e.getMessage());
                err.flush();
                return CliException.EXIT_CODE;
            }
            err.println("loupe: internal error: " + e);
            e.printStackTrace(err);
            err.flush();
            return 1;
        });
        return cli;
    }

    /**
     * A usage error (unknown option, missing parameter, bad value): picocli's message and one line
     * pointing at the help of the command that was misused, nothing more. The full usage, some 35
     * lines, would push the one line that says what went wrong off the screen.
     */
    private static int usageError(CommandLine.ParameterException e, String[] args) {
        CommandLine misused = e.getCommandLine();
        PrintWriter err = misused.getErr();
        err.println(String.valueOf(e.getMessage()).replaceAll("\\s+", " ").strip());
        err.println("Try '" + misused.getCommandSpec().qualifiedName() + " --help' for more information.");
        err.flush();
        return CliException.EXIT_CODE;
    }

    /** {@code loupe} alone: show the usage. */
    @Override
    public void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
