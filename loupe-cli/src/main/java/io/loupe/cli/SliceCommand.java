package io.loupe.cli;

import io.loupe.analysis.slice.DynamicSlicer;
import io.loupe.data.trace.Trace;
import io.loupe.report.SliceJsonReport;
import io.loupe.report.SliceTextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code loupe slice FILE --at CLASS:LINE [--instance N] [--thread NAME] [--json] [--sources DIR,…]}. */
@Command(name = "slice", mixinStandardHelpOptions = true,
        description = {"The backward dynamic slice of one execution of a source line, from a whole-program trace"
                + " (--profile trace): the lines whose executions it depends on through data (locals, the operand"
                + " stack, fields, array elements, calls) and control, transitively, grouped by method.",
                "The last execution in the thread that ran the line (main if several did), or the one --instance"
                + " and --thread name."})
final class SliceCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "a trace written by 'loupe run --profile trace'")
    Path file;

    @Option(names = "--at", required = true, paramLabel = "CLASS:LINE",
            description = "the line: a class (pkg.Name, or its simple name, or its source file Name.java) and a line number")
    String at;

    @Option(names = "--instance", paramLabel = "N", description = "the N-th execution of the line (from 1). Default: the last")
    Integer instance;

    @Option(names = "--thread", paramLabel = "NAME", description = "the thread whose execution to slice")
    String thread;

    @Option(names = "--json", description = "print JSON instead of text")
    boolean json;

    @Option(names = "--sources", split = ",", paramLabel = "DIR", defaultValue = ".",
            description = "source roots for the annotated source (each DIR, or its src/main/java or src/test/java)."
                    + " Default: the current directory")
    List<Path> sources;

    @Override
    public Integer call() throws IOException {
        int colon = at.lastIndexOf(':');
        int line;
        try {
            line = colon > 0 ? Integer.parseInt(at.substring(colon + 1)) : -1;
        } catch (NumberFormatException e) {
            line = -1;
        }
        if (line < 1) {
            throw new CliException("--at must be CLASS:LINE with a line number from 1, got " + at);
        }
        if (instance != null && instance < 1) {
            throw new CliException("--instance must be at least 1, got " + instance);
        }
        Trace trace = ReportCommand.readTraceOnly(file);
        long start = System.nanoTime();
        DynamicSlicer.Slice slice;
        try {
            slice = DynamicSlicer.slice(trace, new DynamicSlicer.Criterion(at.substring(0, colon), line,
                    instance == null ? 0 : instance, thread));
        } catch (DynamicSlicer.NoSlice e) {
            throw new CliException(e.getMessage());
        } catch (io.loupe.analysis.recovery.DependenceRecovery.OlderChecks e) {
            throw new CliException(file + ": " + e.getMessage());
        } catch (RuntimeException e) {
            throw ReportCommand.inconsistent(file + ": inconsistent trace", e);
        }
        long millis = (System.nanoTime() - start) / 1_000_000;
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            new SliceJsonReport().write(trace.options(), slice, out);
        } else {
            new SliceTextReport(sources).write(file.toString(), slice, millis, out);
        }
        out.flush();
        return 0;
    }
}
