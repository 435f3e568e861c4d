package io.loupe.cli;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.trace.TraceSummary;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileFormatException;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.TraceReader;
import io.loupe.data.trace.Trace;
import io.loupe.report.DepsDotGraph;
import io.loupe.report.JsonReport;
import io.loupe.report.TextReport;
import io.loupe.report.TraceJsonReport;
import io.loupe.report.TraceTextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code loupe report FILE [--json] [--top N] [--dot LOOP] [--values FILE] [--subpath-length N]}: a profile as text
 * for people or JSON for machines, or the memory dependence graph of one loop as Graphviz DOT; a
 * whole-program trace's summary.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Report a profile: the hottest paths and multi-iteration paths, the value profile's invariance,"
                + " the loops of a dependence profile and what keeps them from running in parallel (text), or"
                + " everything (--json); of a whole-program trace, its threads, sizes and hot subpaths."})
final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "a profile or a whole-program trace written by 'loupe run' or the agent")
    Path file;

    @Option(names = "--json", description = "write the full report as JSON on stdout")
    boolean json;

    @Option(names = "--top", paramLabel = "N", defaultValue = "" + TextReport.DEFAULT_TOP,
            description = "paths or sites listed per section of the text report. Default: ${DEFAULT-VALUE}")
    int top;

    @Option(names = "--dot", paramLabel = "LOOP",
            description = "write the memory dependence graph of one loop as Graphviz DOT on stdout; LOOP is the loop's"
                    + " id in the text report (and in the JSON's deps.loops)")
    Integer dot;

    @Option(names = "--values", paramLabel = "FILE",
            description = "a value profile of the same program (--profile values): the values on each loop's header"
                    + " line, likely its bound, as evidence for the dependence report's advice")
    Path values;

    @Option(names = "--subpath-length", paramLabel = "N", defaultValue = "" + TraceSummary.DEFAULT_LENGTH,
            description = "a whole-program trace: events per hot subpath. Default: ${DEFAULT-VALUE}")
    int subpathLength;

    @Override
    public Integer call() throws IOException {
        if (top < 1) {
            throw new CliException("--top must be at least 1, got " + top);
        }
        if (subpathLength < 1 || subpathLength > 64) {
            throw new CliException("--subpath-length must be between 1 and 64, got " + subpathLength);
        }
        if (dot != null && json) {
            throw new CliException("--dot and --json cannot be combined");
        }
        if (isTrace(file)) {
            return reportTrace();
        }
        ProfileSummary summary = analyse(file, read(file));
        ValueAnalysis adviceValues = adviceValues();
        PrintWriter out = spec.commandLine().getOut();
        if (dot != null) {
            dot(summary, out);
        } else if (json) {
            new JsonReport(adviceValues).write(summary, out);
        } else {
            new TextReport(top, adviceValues).write(summary, out);
        }
        out.flush();
        return 0;
    }

    /** The value profile {@code --values} names, analysed; null without the option. */
    private ValueAnalysis adviceValues() {
        if (values == null) {
            return null;
        }
        ValueAnalysis v;
        try {
            v = ValueAnalysis.of(read(values));
        } catch (RuntimeException e) {
            throw inconsistent(values + ": inconsistent profile", e);
        }
        if (!v.present()) {
            throw new CliException(values + ": holds no value profile (--values takes a profile of a --profile values run)");
        }
        return v;
    }

    /** A whole-program trace ({@code profile=trace}): its summary, as text or JSON. */
    private int reportTrace() throws IOException {
        if (dot != null) {
            throw new CliException(file + ": is a whole-program trace (--dot draws a loop of a profile=deps run)");
        }
        Trace trace = readTrace(file);
        TraceSummary summary;
        try {
            summary = TraceSummary.of(trace, subpathLength, top);
        } catch (RuntimeException e) {
            throw inconsistent(file + ": inconsistent trace", e);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            new TraceJsonReport().write(summary, out);
        } else {
            new TraceTextReport(top).write(file.toString(), summary, out);
        }
        out.flush();
        return 0;
    }

    /** True if {@code file} is a readable file that starts as a trace does. */
    static boolean isTrace(Path file) {
        try {
            return Files.isRegularFile(file) && TraceReader.isTrace(file);
        } catch (IOException e) {
            return false;   // read() says why
        }
    }

    /** The trace in {@code file}; every way of failing is one line. */
    static Trace readTrace(Path file) {
        return readFile(file, TraceReader::read);
    }

    /**
     * The trace in {@code file} for a command that reads nothing else: a missing file, a file that
     * is not a trace and every way of failing to read one are one line each.
     */
    static Trace readTraceOnly(Path file) {
        if (!Files.exists(file)) {
            throw new CliException(file + ": no such file");
        }
        if (!isTrace(file)) {
            throw new CliException(file + ": not a whole-program trace (written with --profile trace)");
        }
        return readTrace(file);
    }

    /** What a reader of files throws. */
    private interface FileReader<T> {
        T read(Path file) throws IOException;
    }

    /** {@code reader}'s result for {@code file}, its failures each one line. */
    private static <T> T readFile(Path file, FileReader<T> reader) {
        try {
            return reader.read(file);
        } catch (ProfileFormatException e) {
            throw new CliException(e.getMessage());
        } catch (NoSuchFileException e) {
            throw new CliException(file + ": no such file");
        } catch (AccessDeniedException e) {
            throw new CliException(file + ": permission denied");
        } catch (IOException e) {
            throw new CliException(file + ": cannot read: " + oneLine(String.valueOf(e.getMessage())));
        }
    }

    private void dot(ProfileSummary summary, PrintWriter out) throws IOException {
        int loops = summary.deps().loops().size();
        if (!summary.deps().present()) {
            throw new CliException(file + ": holds no dependence data (--dot draws a loop of a profile=deps run)");
        }
        if (dot < 0 || dot >= loops) {
            throw new CliException(file + ": no loop " + dot + " in the dependence profile"
                    + (loops == 0 ? " (no loop ran)" : " (ids 0 to " + (loops - 1) + ", as 'loupe report " + file
                    + "' lists them)"));
        }
        new DepsDotGraph().write(summary.deps(), dot, out);
    }

    /** The profile in {@code file}; every way of failing is one line. */
    static Profile read(Path file) {
        if (Files.isDirectory(file)) {
            throw new CliException(file + ": is a directory, not a profile");
        }
        if (!Files.exists(file)) {
            throw new CliException(file + ": no such file");
        }
        return readFile(file, ProfileReader::read);
    }

    /**
     * Analysis of a profile. The reader has refused profiles whose data names what their metadata
     * does not describe ({@code inconsistent profile}); what it does not check and the analysis
     * cannot step round ends the same way, as one {@code inconsistent profile} line.
     */
    private static ProfileSummary analyse(Path file, Profile profile) {
        try {
            return ProfileSummary.of(profile);
        } catch (RuntimeException e) {
            throw inconsistent(file + ": inconsistent profile", e);
        }
    }

    /**
     * A profile that read well but whose metadata and data disagree in a way the analysis could
     * not step round: one line, {@code what} (naming the file) and the cause. Other exceptions are
     * bugs and go on.
     */
    static CliException inconsistent(String what, RuntimeException e) {
        if (e instanceof IllegalArgumentException || e instanceof IllegalStateException
                || e instanceof IndexOutOfBoundsException || e instanceof NullPointerException) {
            return new CliException(what + ": " + oneLine(String.valueOf(e.getMessage())));
        }
        throw e;
    }

    private static String oneLine(String s) {
        return s.replaceAll("\\s+", " ").strip();
    }
}
