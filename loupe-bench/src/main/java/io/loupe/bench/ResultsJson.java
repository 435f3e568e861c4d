package io.loupe.bench;

import io.loupe.bench.workloads.Workload;

import java.util.Map;

/**
 * The machine-readable report: the setup, one summary per workload and configuration, and every
 * run with its time, verdict and profile counters, so any other statistic can be computed later.
 */
final class ResultsJson {
    private ResultsJson() {
    }

    static String render(Results results) {
        HarnessOptions options = results.options();
        var json = new PlainJsonWriter().beginObject();
        json.name("harness").value(OverheadHarness.class.getName());
        json.name("environment").beginObject();
        for (Map.Entry<String, String> fact : results.environment().entrySet()) {
            json.name(fact.getKey()).value(fact.getValue());
        }
        json.endObject();
        json.name("setup").beginObject()
                .name("agent").value(options.agent() == null ? null : options.agent().toString())
                .name("java").value(options.java().toString())
                .name("size").value(options.size().argument())
                .name("runs").value(options.runs())
                .name("heap").value(options.heap())
                .name("gc").value(options.gc().jsonName())
                .name("liveHeapMillis").value(options.liveHeapMillis());
        json.name("workloads").beginArray();
        for (Workload workload : options.workloads()) {
            json.value(workload.id());
        }
        json.endArray();
        json.name("configs").beginArray();
        for (ProfilerConfig config : options.configs()) {
            json.beginObject().name("name").value(config.name()).name("agentOptions").value(config.agentOptions());
            if (config.variant() != null) {
                json.name("agentJar").value(options.agentFor(config).toString());
                String own = options.optionsFor(config);
                if (own != null) {
                    json.name("variantOptions").value(own);
                }
            }
            json.endObject();
        }
        json.endArray().endObject();

        json.name("summary").beginArray();
        for (CellSummary cell : results.cells()) {
            json.beginObject()
                    .name("workload").value(cell.workload())
                    .name("config").value(cell.config())
                    .name("runs").value(cell.runs())
                    .name("wrong").value(cell.wrong())
                    .name("failed").value(cell.failed())
                    .name("medianWallSeconds").value(cell.medianWall())
                    .name("medianRatio").value(cell.medianRatio())
                    .name("ratioOfMedians").value(cell.ratioOfMedians())
                    .name("medianMainCpuSeconds").value(cell.medianMainCpu())
                    .name("medianProcessCpuSeconds").value(cell.medianProcessCpu())
                    .name("mainCpuRatio").value(cell.mainCpuRatio());
            peakRss(json, cell.peakRssKb());
            liveHeap(json, cell.livePeakBytes(), cell.liveExitBytes());
            counters(json, cell.counters());
            json.endObject();
        }
        json.endArray();

        json.name("runs").beginArray();
        for (RunRecord run : results.runs()) {
            json.beginObject()
                    .name("workload").value(run.workload())
                    .name("config").value(run.config())
                    .name("run").value(run.run())
                    .name("status").value(run.status().name())
                    .name("exitCode").value(run.exitCode())
                    .name("wallSeconds").value(run.wallSeconds());
            json.name("mainCpuMillis");
            valueOrNull(json, run.mainCpuMillis());
            json.name("processCpuMillis");
            valueOrNull(json, run.processCpuMillis());
            peakRss(json, run.peakRssKb());
            liveHeap(json, run.livePeakBytes(), run.liveExitBytes());
            counters(json, run.stats());
            json.name("stdout").value(run.stdout().strip());
            json.endObject();
        }
        json.endArray();
        return json.endObject().toString();
    }

    private static void peakRss(PlainJsonWriter json, long kb) {
        json.name("peakRssKb");
        valueOrNull(json, kb);
    }

    /** The sampled live heap ({@code --live-heap}), null where not sampled. */
    private static void liveHeap(PlainJsonWriter json, long peakBytes, long exitBytes) {
        json.name("livePeakBytes");
        valueOrNull(json, peakBytes);
        json.name("liveExitBytes");
        valueOrNull(json, exitBytes);
    }

    private static void valueOrNull(PlainJsonWriter json, long value) {
        if (value == RunRecord.ABSENT) {
            json.value((String) null);
        } else {
            json.value(value);
        }
    }

    /** The reported counters, each present or null, so every record has the same fields. */
    private static void counters(PlainJsonWriter json, Map<String, Long> values) {
        json.name("counters").beginObject();
        for (String key : ProfileCounters.REPORTED) {
            json.name(key);
            Long value = values.get(key);
            if (value == null) {
                json.value((String) null);
            } else {
                json.value(value.longValue());
            }
        }
        json.endObject();
    }
}
