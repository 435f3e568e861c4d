package io.loupe.bench;

import io.loupe.analysis.values.SiteComparison;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.analysis.values.ValueDiff;
import io.loupe.analysis.values.ValueDiffSummary;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How close convergent value profiling comes to full profiling (Calder et al., §7): for every
 * workload and round whose profiles the harness kept ({@code --keep-profiles DIR} with the
 * configuration {@code values} and one or more convergent ones: {@code values-conv},
 * {@code values-freeze}, and agent variants of them such as {@code values-conv:first-short}),
 * compares each convergent profile against the full one of the same round with {@link ValueDiff},
 * the full profile as the reference, and prints one Markdown row each: the share of executions
 * profiled, Find-1 (the share of executions, at sites whose Inv-1 is at least 30% in the full
 * profile, where the convergent profile has the same top value), Find-N, and the mean absolute Inv-1 difference, both weighted by
 * executions, over the sites that ran in both (the paper's definition), next to the overlap: the
 * share of the full profile's executions at sites that ran in the convergent one too, which only a
 * profiler that leaves sites out (such as an experiment that instruments classes lazily) takes
 * below 100%; and Diff-executed, how far the convergent profile's estimated executions per site
 * are from the full profile's exact ones (the sum over sites of the absolute differences, over the
 * full profile's executions): quiet periods are credited by estimates.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.ValueAccuracy DIR}
 */
public final class ValueAccuracy {

    /**
     * A convergent profile: workload, configuration ({@code values-} and a name, with an agent
     * variant's {@code :NAME} if it has one), round.
     */
    private static final Pattern CONVERGENT =
            Pattern.compile("(.+?)-(values-[a-z][a-z-]*(?::[A-Za-z0-9][A-Za-z0-9-]*)?)-(\\d+)\\.prof");

    private ValueAccuracy() {
    }

    public static void main(String[] args) throws IOException {
        System.out.print(render(KeptProfiles.directory(args, "ValueAccuracy")));
    }

    static String render(Path dir) throws IOException {
        List<String> names = KeptProfiles.names(dir);
        StringBuilder md = new StringBuilder();
        md.append("| workload | config | round | sites | overlap | profiled | sites with Inv-1 ≥ 30% | Find-1 | Find-1, near ties found | Find-N | Diff-Inv1 | Diff-executed |\n");
        md.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (String name : names) {
            Matcher m = CONVERGENT.matcher(name);
            if (!m.matches()) {
                continue;
            }
            Path full = dir.resolve(m.group(1) + "-values-" + m.group(3) + ".prof");
            if (!Files.isRegularFile(full)) {
                continue;
            }
            Profile a = ProfileReader.read(full);
            Profile b = ProfileReader.read(dir.resolve(name));
            ValueDiff diff = ValueDiff.compare(ValueAnalysis.of(a), ValueAnalysis.of(b), ValueDiff.DEFAULT_THRESHOLD);
            ValueDiffSummary s = diff.summary();
            long executed = b.stats().getOrDefault("values.executed", 0L);
            long profiled = b.stats().getOrDefault("values.profiled", 0L);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %.1f%% | %.2f%% | %.1f%% of executions | %.1f%% | %.1f%% | %.1f%% | %.4f | %.2f%% |%n",
                    m.group(1), m.group(2), m.group(3), s.sitesA(), 100 * s.overlap(), executed == 0 ? 0 : 100.0 * profiled / executed,
                    100 * s.invariantShare(), 100 * s.find1(), 100 * s.find1WithTies(), 100 * s.findN(), s.diffInv1(),
                    100 * executedError(diff)));
        }
        return md.toString();
    }

    /**
     * The sum over all sites of |executed in B − executed in A|, over the executions of A (0 if A
     * ran nothing): an execution-weighted relative error of B's per-site counts.
     */
    static double executedError(ValueDiff diff) {
        long total = 0;
        long off = 0;
        for (SiteComparison c : diff.sites()) {
            total += c.executedA();
            off += Math.abs(c.executedB() - c.executedA());
        }
        return total == 0 ? 0 : (double) off / total;
    }
}
