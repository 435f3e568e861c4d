package io.loupe.bench;

import io.loupe.analysis.values.SiteComparison;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.SpecializationCandidates;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.analysis.values.ValueDiff;
import io.loupe.analysis.values.ValueDiffSummary;
import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.format.ProfileReader;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How close convergent value profiling comes to full profiling (Calder et al., §7): for every
 * workload and round whose profiles the harness kept ({@code --keep-profiles DIR} with the
 * configuration {@code values} and one or more convergent ones: {@code values-conv},
 * {@code values-freeze}, and agent variants of them such as {@code values-conv:first-short}),
 * compares each convergent profile against the full one of the same round with {@link ValueDiff},
 * the full profile as the reference, and prints one Markdown row each: the share of executions
 * profiled (marked {@code ≈}: of the convergent profile's estimate of its executions), Find-1 (the share of executions, at sites whose Inv-1 is at least 30% in the full
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
            // the share profiled is of all executions: under convergent profiling an estimate (≈), quiet ones included
            Long estimated = b.stats().get(StatKeys.VALUES_ESTIMATED_EXECUTED);
            long executed = estimated != null ? estimated : b.stats().getOrDefault(StatKeys.VALUES_EXECUTED, 0L);
            long profiled = b.stats().getOrDefault(StatKeys.VALUES_PROFILED, 0L);
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %.1f%% | %s%.2f%% | %.1f%% of executions | %.1f%% | %.1f%% | %.1f%% | %.4f | %.2f%% |%n",
                    m.group(1), m.group(2), m.group(3), s.sitesA(), 100 * s.overlap(), estimated != null ? "≈" : "",
                    executed == 0 ? 0 : 100.0 * profiled / executed,
                    100 * s.invariantShare(), 100 * s.find1(), 100 * s.find1WithTies(), 100 * s.findN(), s.diffInv1(),
                    100 * executedError(diff)));
        }
        md.append(System.lineSeparator());
        md.append(sitesTable(dir, names));
        return md.toString();
    }

    /** Sites must run this often in the full profile to count in {@link #sitesTable}. */
    static final long MIN_EXECUTIONS = 1_000;
    /** A candidate is a false invariant site when its estimate reaches this and the truth falls below {@link #TRUE_BELOW}. */
    static final double REPORTED_AT_LEAST = 0.5;
    static final double TRUE_BELOW = 0.3;
    /** The accuracy bounds a site of at least {@value #MIN_EXECUTIONS} executions should meet (the targets of convergent profiling's accuracy). */
    static final double INV1_BOUND = 0.05;
    static final double EXECUTED_BOUND = 0.05;

    /**
     * Per convergent profile, over the sites that ran at least {@value #MIN_EXECUTIONS} times under
     * full profiling (ΔInv-1 and Δexecuted are absolute differences): the mean and the largest
     * |ΔInv-1| against full profiling (a site the
     * convergent profile lacks counts with its whole Inv-1), the mean and the largest relative
     * |Δexecuted|, how many sites are beyond 0.05 of Inv-1 and 5% of executions, the mean |ΔInv-1|
     * of Inv-1 over the executions profiled (measured, {@code n/a} in a profile without it), the
     * sites the convergent profile lacks, and the false invariant sites: the
     * report's specialization candidates (invariant parameters, monomorphic reference sites) whose
     * Inv-1 is at least 50% in the convergent profile and below 30% in the full one.
     */
    static String sitesTable(Path dir, List<String> names) throws IOException {
        StringBuilder md = new StringBuilder();
        md.append("| workload | config | round | sites ≥ 1,000 executions | mean ΔInv-1 | max ΔInv-1 | ΔInv-1 > 0.05 | mean ΔInv-1/p | mean Δexecuted | max Δexecuted | Δexecuted > 5% | missing | false invariant |\n");
        md.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (String name : names) {
            Matcher m = CONVERGENT.matcher(name);
            Path full = m.matches() ? dir.resolve(m.group(1) + "-values-" + m.group(3) + ".prof") : null;
            if (full == null || !Files.isRegularFile(full)) {
                continue;
            }
            Map<String, SiteStats> a = byKey(ValueAnalysis.of(ProfileReader.read(full)).sites());
            List<SiteStats> bSites = ValueAnalysis.of(ProfileReader.read(dir.resolve(name))).sites();
            Map<String, SiteStats> b = byKey(bSites);
            int n = 0;
            int missing = 0;
            int beyondInv = 0;
            int beyondExec = 0;
            int measured = 0;
            double sumProfiledInv = 0;
            double sumInv = 0;
            double maxInv = 0;
            double sumExec = 0;
            double maxExec = 0;
            for (SiteStats sa : a.values()) {
                if (sa.executed() < MIN_EXECUTIONS) {
                    continue;
                }
                n++;
                SiteStats sb = b.get(sa.stableKey());
                double dInv = sb == null ? sa.inv1() : Math.abs(sb.inv1() - sa.inv1());
                double dExec = sb == null ? 1 : Math.abs(sb.executed() - sa.executed()) / (double) sa.executed();
                missing += sb == null ? 1 : 0;
                beyondInv += dInv > INV1_BOUND ? 1 : 0;
                beyondExec += dExec > EXECUTED_BOUND ? 1 : 0;
                if (sb != null && !Double.isNaN(sb.inv1Profiled())) {
                    measured++;
                    sumProfiledInv += Math.abs(sb.inv1Profiled() - sa.inv1());
                }
                sumInv += dInv;
                maxInv = Math.max(maxInv, dInv);
                sumExec += dExec;
                maxExec = Math.max(maxExec, dExec);
            }
            List<SiteStats> hottest = bSites.stream().sorted((x, y) -> Long.compare(y.executed(), x.executed())).toList();
            long falseInvariant = java.util.stream.Stream.concat(
                            SpecializationCandidates.invariantParams(hottest, Integer.MAX_VALUE).stream(),
                            SpecializationCandidates.monomorphicSites(hottest, Integer.MAX_VALUE).stream())
                    .distinct()
                    .filter(sb -> sb.inv1() >= REPORTED_AT_LEAST && a.containsKey(sb.stableKey())
                            && a.get(sb.stableKey()).inv1() < TRUE_BELOW)
                    .count();
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %,d | %.4f | %.4f | %,d | %s | %.2f%% | %.2f%% | %,d | %d | %d |%n",
                    m.group(1), m.group(2), m.group(3), n, n == 0 ? 0 : sumInv / n, maxInv, beyondInv,
                    measured == 0 ? "n/a" : String.format(Locale.ROOT, "%.4f", sumProfiledInv / measured),
                    n == 0 ? 0 : 100 * sumExec / n, 100 * maxExec, beyondExec, missing, falseInvariant));
        }
        return md.toString();
    }

    private static Map<String, SiteStats> byKey(List<SiteStats> sites) {
        Map<String, SiteStats> out = new java.util.LinkedHashMap<>();
        for (SiteStats s : sites) {
            out.merge(s.stableKey(), s, SiteStats::plus);   // a key met twice (one class loaded twice) sums
        }
        return out;
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
