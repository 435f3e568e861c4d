package io.loupe.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The human-readable report: one table row per workload and configuration, then a list of every
 * run that changed the program's output or failed. Absent values print as {@code -}, estimates
 * with {@code ≈}.
 */
final class MarkdownReport {
    private MarkdownReport() {
    }

    static String render(Results results) {
        HarnessOptions options = results.options();
        var md = new StringBuilder();
        md.append("Size `").append(options.size().argument()).append("`, ").append(options.runs())
                .append(" runs, child JVMs with `").append(String.join(" ", ChildJvm.flags(options.heap(), options.gc())))
                .append("`; configurations alternate within each round;")
                .append(" ratios are wall time ")
                .append("over the `none` run of the same round; `main CPU` is the same ratio of the CPU time of the")
                .append(" thread that ran the work (JVM start-up and class loading included, the JIT compilers'")
                .append(" and the collector's threads not).");
        boolean live = options.samplesLiveHeap();
        if (live) {
            md.append(" The children sampled their live heap every ").append(options.liveHeapMillis())
                    .append(" ms (two full collections per sample), so the times include the sampling:")
                    .append(" a matrix for memory, not for times. `live peak` is the largest sample,")
                    .append(" `live at exit` the live heap once the work was done (median of the runs).");
        }
        md.append(" `≈` marks an estimate: a convergent value profile's executions, those of its quiet"
                + " periods estimated rather than counted.\n\n");
        boolean deps = options.configs().stream()
                .anyMatch(c -> c.agentOptions() != null && c.agentOptions().contains("profile=deps"));
        md.append("| workload | config | median wall (s) | ratio: median of rounds | ratio: median / median | main CPU | peak RSS (MiB) | ")
                .append(live ? "live peak (MiB) | live at exit (MiB) | " : "")
                .append(deps ? "accesses | dependences | contexts | shadowed objects | runs |\n"
                        : "hash ops | forest nodes | stream items | value executions | profiled | runs |\n");
        md.append("| --- | --- | ---: | ---: | ---: | ---: | ---: | ").append(live ? "---: | ---: | " : "")
                .append(deps ? "---: | ---: | ---: | ---: | --- |\n" : "---: | ---: | ---: | ---: | ---: | --- |\n");
        for (CellSummary cell : results.cells()) {
            md.append("| ").append(cell.workload())
                    .append(" | ").append(cell.config())
                    .append(" | ").append(decimal(cell.medianWall(), 2))
                    .append(" | ").append(decimal(cell.medianRatio(), 2))
                    .append(" | ").append(decimal(cell.ratioOfMedians(), 2))
                    .append(" | ").append(decimal(cell.mainCpuRatio(), 2))
                    .append(" | ").append(cell.peakRssKb() == RunRecord.ABSENT ? "-"
                            : String.format(Locale.ROOT, "%,d", Math.round(cell.peakRssKb() / 1024.0)));
            if (live) {
                md.append(" | ").append(mebibytes(cell.livePeakBytes())).append(" | ").append(mebibytes(cell.liveExitBytes()));
            }
            if (deps) {
                md.append(" | ").append(count(cell.counters(), ProfileCounters.DEP_ACCESSES))
                        .append(" | ").append(count(cell.counters(), ProfileCounters.DEPENDENCES))
                        .append(" | ").append(count(cell.counters(), ProfileCounters.CONTEXTS))
                        .append(" | ").append(count(cell.counters(), ProfileCounters.SHADOWED_OBJECTS));
            } else {
                md.append(" | ").append(count(cell.counters(), ProfileCounters.HASH_OPS))
                        .append(" | ").append(count(cell.counters(), ProfileCounters.FOREST_NODES))
                        .append(" | ").append(count(cell.counters(), ProfileCounters.STREAM_ITEMS))
                        .append(" | ").append(valueExecutions(cell.counters()))
                        .append(" | ").append(profiledShare(cell.counters()));
            }
            md.append(" | ").append(verdict(cell)).append(" |\n");
        }
        List<RunRecord> problems = results.problems();
        if (!problems.isEmpty()) {
            md.append("\n**").append(problems.size()).append(" run(s) changed the program's output or failed:**\n\n");
            for (RunRecord run : problems) {
                md.append("- ").append(run.status()).append(": ").append(run.workload()).append(' ')
                        .append(run.config()).append(" round ").append(run.run())
                        .append(", exit ").append(run.exitCode()).append(", printed `")
                        .append(run.stdout().strip().replace("`", "'")).append("`\n");
            }
        }
        return md.toString();
    }

    /**
     * The value sites' executions: what the probes counted, or under convergent profiling the
     * estimate of all of them, quiet periods included, marked {@code ≈}.
     */
    private static String valueExecutions(Map<String, Long> counters) {
        return counters.containsKey(ProfileCounters.VALUE_ESTIMATED_EXECUTIONS)
                ? "≈" + count(counters, ProfileCounters.VALUE_ESTIMATED_EXECUTIONS)
                : count(counters, ProfileCounters.VALUE_EXECUTIONS);
    }

    /** The share of those executions profiled, marked {@code ≈} where it is of an estimate. */
    private static String profiledShare(Map<String, Long> counters) {
        return counters.containsKey(ProfileCounters.VALUE_ESTIMATED_EXECUTIONS)
                ? "≈" + share(counters, ProfileCounters.VALUE_PROFILED, ProfileCounters.VALUE_ESTIMATED_EXECUTIONS)
                : share(counters, ProfileCounters.VALUE_PROFILED, ProfileCounters.VALUE_EXECUTIONS);
    }

    /** {@code part} as a percentage of {@code whole}, or {@code -} when either is absent. */
    private static String share(Map<String, Long> counters, String part, String whole) {
        Long p = counters.get(part);
        Long w = counters.get(whole);
        if (p == null || w == null || w == 0) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f%%", 100.0 * p / w);
    }

    private static String verdict(CellSummary cell) {
        if (cell.allOk()) {
            return cell.runs() + " ok";
        }
        var verdict = new StringBuilder("**");
        verdict.append(cell.runs() - cell.wrong() - cell.failed()).append(" ok");
        if (cell.wrong() > 0) {
            verdict.append(", ").append(cell.wrong()).append(" WRONG");
        }
        if (cell.failed() > 0) {
            verdict.append(", ").append(cell.failed()).append(" FAILED");
        }
        return verdict.append("**").toString();
    }

    /** Bytes in MiB with one decimal, or {@code -} when absent. */
    private static String mebibytes(long bytes) {
        return bytes == RunRecord.ABSENT ? "-" : String.format(Locale.ROOT, "%,.1f", bytes / 1048576.0);
    }

    private static String decimal(OptionalDouble value, int digits) {
        return value.isPresent() ? String.format(Locale.ROOT, "%." + digits + "f", value.getAsDouble()) : "-";
    }

    private static String count(Map<String, Long> counters, String key) {
        Long value = counters.get(key);
        return value == null ? "-" : String.format(Locale.ROOT, "%,d", value);
    }
}
