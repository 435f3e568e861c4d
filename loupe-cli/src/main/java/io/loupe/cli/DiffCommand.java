package io.loupe.cli;

import io.loupe.analysis.summary.ProfileComparison;
import io.loupe.analysis.values.ValueDiff;
import io.loupe.data.Profile;
import io.loupe.report.DiffJsonReport;
import io.loupe.report.DiffTextReport;
import io.loupe.report.TextReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/**
 * {@code loupe diff A B [--json] [--threshold T] [--top N] [--force]}: two profiles of one program compared,
 * A the reference (Calder et al., §5: another input; §7: a convergent against a full profile).
 * Each profiler both runs can be compared on gets a part of the report: the value profiles, and
 * the dependence profiles when one is a lamp and the other a camp profile (CAMP §V, either order).
 * Profiles of different kinds or of different programs are refused ({@link DiffCheck}) unless
 * {@code --force} is given.
 */
@Command(name = "diff", mixinStandardHelpOptions = true,
        description = {"Compare two profiles of one program (A is the reference): how value invariance carries over"
                + " (Overlap, Diff-Inv1, Diff-InvN, Find-1, Find-N) and the sites that differ most; for a lamp and a"
                + " camp dependence profile, LAMP's false positives and the loop contexts parallelizable with"
                + " contexts known. Profiles of different kinds or of different programs are refused unless --force"
                + " is given."})
final class DiffCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "A", description = "the reference profile")
    Path a;

    @Parameters(index = "1", paramLabel = "B", description = "the profile compared with it")
    Path b;

    @Option(names = "--json", description = "write the comparison as JSON on stdout")
    boolean json;

    @Option(names = "--threshold", paramLabel = "T", defaultValue = "" + ValueDiff.DEFAULT_THRESHOLD,
            description = "the Inv-1 in A (0 to 1) a site needs to count for Find-1 and Find-N. Default: ${DEFAULT-VALUE}")
    double threshold;

    @Option(names = "--top", paramLabel = "N", defaultValue = "" + TextReport.DEFAULT_TOP,
            description = "sites and loops listed in the text report. Default: ${DEFAULT-VALUE}")
    int top;

    @Option(names = "--force", description = "compare profiles of different kinds (a value profile with a dependence"
            + " profile, say) or of different programs anyway, which diff refuses otherwise")
    boolean force;

    @Override
    public Integer call() throws IOException {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new CliException("--threshold must be between 0 and 1, got " + threshold);
        }
        if (top < 1) {
            throw new CliException("--top must be at least 1, got " + top);
        }
        Profile pa = ReportCommand.read(a);
        Profile pb = ReportCommand.read(b);
        String refusal = force ? null : DiffCheck.refusal(a.toString(), pa, b.toString(), pb);
        if (refusal != null) {
            throw new CliException(refusal);
        }
        ProfileComparison c = compare(pa, pb);
        if (!c.comparable()) {
            throw new CliException("nothing to compare: " + (c.depsNotCompared() != null ? c.depsNotCompared()
                    : "neither " + a + " nor " + b + " holds value profiling data"));
        }
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            new DiffJsonReport().write(c, out);
        } else {
            new DiffTextReport(top).write(c, out);
        }
        out.flush();
        return 0;
    }

    private ProfileComparison compare(Profile pa, Profile pb) {
        try {
            return ProfileComparison.of(a.toString(), pa, b.toString(), pb, threshold);
        } catch (RuntimeException e) {
            throw ReportCommand.inconsistent(a + " and " + b + ": inconsistent profiles", e);
        }
    }
}
