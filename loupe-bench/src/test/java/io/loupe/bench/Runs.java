package io.loupe.bench;

import io.loupe.bench.RunRecord.Status;
import io.loupe.bench.workloads.Size;
import io.loupe.bench.workloads.Workload;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** Hand-made runs and options for the tests of the summaries and reports. */
final class Runs {
    static final ProfilerConfig K4 = ProfilerConfig.parse("k4");

    private Runs() {
    }

    /** A run whose main thread took half its wall time in CPU, and the process one and a half times it. */
    static RunRecord run(String workload, String config, int round, double seconds, Status status,
                         Map<String, Long> stats) {
        return new RunRecord(workload, config, round, Math.round(seconds * 1e9), status == Status.FAILED ? 1 : 0,
                status == Status.WRONG ? "checksum 2\n" : "checksum 1\n", 100_000 + round * 1024L,
                RunRecord.ABSENT, RunRecord.ABSENT, Math.round(seconds * 500), Math.round(seconds * 1500), stats, status);
    }

    static RunRecord ok(String workload, String config, int round, double seconds) {
        return run(workload, config, round, seconds, Status.OK, Map.of());
    }

    static HarnessOptions options(int runs, List<Workload> workloads, List<ProfilerConfig> configs) {
        return new HarnessOptions(Path.of("loupe-agent.jar"), Map.of(), workloads, configs, runs, null, null,
                Path.of("java"), Size.SMALL, "2g", Collector.PARALLEL, null, null, 0);
    }
}
