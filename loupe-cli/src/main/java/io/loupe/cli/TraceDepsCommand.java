package io.loupe.cli;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.data.trace.Trace;
import io.loupe.report.TraceDepsJsonReport;
import io.loupe.report.TraceDepsTextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code loupe trace-deps FILE [--json] [--top N]}: the dependences recovered from a whole-program trace. */
@Command(name = "trace-deps", mixinStandardHelpOptions = true,
        description = {"Recover the data dependences of a run from its whole-program trace (--profile trace): RAW"
                + " through local variables, and RAW, WAR and WAW through the heap, each pair of instructions with how"
                + " many times it occurred.",
                "Fields, static fields and array elements come from the trace's checks (agent option"
                + " trace.heap=checks, the default; between threads too) or, but static fields, its address trace"
                + " (trace.heap=addresses); locals, and static fields in an address trace, from the control flow alone."})
final class TraceDepsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "a trace written by 'loupe run --profile trace'")
    Path file;

    @Option(names = "--json", description = "print JSON (every dependence) instead of text")
    boolean json;

    @Option(names = "--top", paramLabel = "N", defaultValue = "40", description = "dependences in the text. Default: 40")
    int top;

    @Override
    public Integer call() throws IOException {
        if (top < 1) {
            throw new CliException("--top must be at least 1, got " + top);
        }
        Trace trace = ReportCommand.readTraceOnly(file);
        long start = System.nanoTime();
        DependenceRecovery.Recovery recovery;
        try {
            recovery = DependenceRecovery.recover(trace);
        } catch (DependenceRecovery.OlderChecks e) {
            throw new CliException(file + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw ReportCommand.inconsistent(file + ": inconsistent trace", e);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            new TraceDepsJsonReport().write(trace, recovery, out);
        } else {
            new TraceDepsTextReport(top).write(file.toString(), trace, recovery, millis, out);
        }
        out.flush();
        return 0;
    }
}
