package io.loupe.bench;

import io.loupe.bench.workloads.Workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything one harness invocation measured so far, and where it ran. Reports are rendered from
 * this alone, so they can be written after every workload and the numbers survive an abort.
 *
 * @param options     what was asked for
 * @param environment facts about the machine and JVM, in report order
 * @param runs        every run made, in the order made
 */
record Results(HarnessOptions options, Map<String, String> environment, List<RunRecord> runs) {
    Results {
        environment = Collections.unmodifiableMap(new LinkedHashMap<>(environment));
        runs = List.copyOf(runs);
    }

    /** One summary per workload and configuration that has runs, in command-line order. */
    List<CellSummary> cells() {
        var cells = new ArrayList<CellSummary>();
        for (Workload workload : options.workloads()) {
            List<RunRecord> baseline = runsOf(workload.id(), ProfilerConfig.NONE.name());
            for (ProfilerConfig config : options.configs()) {
                List<RunRecord> cell = runsOf(workload.id(), config.name());
                if (!cell.isEmpty()) {
                    cells.add(CellSummary.of(cell, options.hasBaseline() ? baseline : null));
                }
            }
        }
        return cells;
    }

    /** The runs that changed the checksum line or did not complete. */
    List<RunRecord> problems() {
        return runs.stream().filter(r -> r.status() != RunRecord.Status.OK).toList();
    }

    private List<RunRecord> runsOf(String workload, String config) {
        return runs.stream().filter(r -> r.workload().equals(workload) && r.config().equals(config)).toList();
    }
}
