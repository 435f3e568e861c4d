package io.loupe.cli;

import io.loupe.analysis.trace.TraceCompaction;
import io.loupe.data.trace.Trace;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code loupe trace compact FILE [--out FILE]}: what is done to a whole-program trace after the run. */
@Command(name = "trace", mixinStandardHelpOptions = true,
        description = "Work on a whole-program trace written with --profile trace.",
        subcommands = {TraceCommand.Compact.class, CommandLine.HelpCommand.class})
final class TraceCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CliException("trace needs a subcommand: compact");
    }

    /** Re-Pair (the enhanced Sequitur) over each chunk. */
    @Command(name = "compact", mixinStandardHelpOptions = true,
            description = {"Write the trace again with each chunk's grammar made by the enhanced Sequitur (the most"
                + " frequent digram first, Re-Pair) instead of the online Sequitur: smaller, and slower to make.",
                "Prints, per thread, the grammar's symbols and rules before and after, and the time."})
    static final class Compact implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "FILE", description = "a trace written by 'loupe run --profile trace'")
        Path file;

        @Option(names = "--out", paramLabel = "FILE", description = "where to write it. Default: FILE with .compact before"
                + " its extension")
        Path out;

        @Override
        public Integer call() throws IOException {
            Trace trace = ReportCommand.readTraceOnly(file);
            Path target = out != null ? out : defaultOut(file);
            if (target.toAbsolutePath().normalize().equals(file.toAbsolutePath().normalize())) {
                throw new CliException("--out must not be the trace it reads");
            }
            List<TraceCompaction.ThreadResult> results;
            try {
                results = TraceCompaction.compact(trace, target, LoupeVersion.get());
            } catch (RuntimeException e) {
                throw ReportCommand.inconsistent(file + ": inconsistent trace", e);
            }
            PrintWriter pw = spec.commandLine().getOut();
            pw.printf("wrote %s (%,d bytes; %s was %,d bytes)%n", target, Files.size(target), file, Files.size(file));
            pw.printf("  %-28s %15s %14s %14s %10s %10s %9s%n", "thread", "events", "symbols before", "symbols after",
                    "rules bef.", "rules aft.", "ms");
            for (TraceCompaction.ThreadResult r : results) {
                pw.printf("  %-28s %,15d %,14d %,14d %,10d %,10d %,9d%n", r.name(), r.events(), r.onlineSymbols(),
                        r.symbols(), r.onlineRules(), r.rules(), r.millis());
            }
            if (!trace.complete()) {
                pw.println("  the trace is incomplete (" + trace.problem() + "): so is the one written");
            }
            pw.flush();
            return 0;
        }

        private static Path defaultOut(Path file) {
            String name = file.getFileName().toString();
            int dot = name.lastIndexOf('.');
            String compact = dot > 0 ? name.substring(0, dot) + ".compact" + name.substring(dot) : name + ".compact";
            return file.resolveSibling(compact);
        }
    }
}
