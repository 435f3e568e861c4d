package io.loupe.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loupe.bench.RunRecord.Status;
import io.loupe.bench.workloads.Size;
import io.loupe.bench.workloads.Workload;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static io.loupe.bench.Runs.K4;
import static io.loupe.bench.Runs.ok;
import static io.loupe.bench.Runs.run;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportsTest {
    private static final Map<String, Long> K4_STATS = Map.of(ProfileCounters.HASH_OPS, 1234567L,
            ProfileCounters.FOREST_NODES, 4200L, ProfileCounters.STREAM_ITEMS, 98765432L);

    private final Results results = new Results(
            Runs.options(2, List.of(Workload.LUAJ, Workload.H2), List.of(ProfilerConfig.NONE, K4)),
            environment(),
            List.of(ok("luaj", "none", 0, 2.0), run("luaj", "k4", 0, 5.0, Status.OK, K4_STATS),
                    ok("luaj", "none", 1, 2.0), run("luaj", "k4", 1, 7.0, Status.OK, K4_STATS),
                    ok("h2", "none", 0, 4.0), run("h2", "k4", 0, 6.0, Status.WRONG, Map.of()),
                    ok("h2", "none", 1, 4.0), run("h2", "k4", 1, 0.5, Status.FAILED, Map.of())));

    private static Map<String, String> environment() {
        var facts = new LinkedHashMap<String, String>();
        facts.put("processors", "2");
        facts.put("note", "a \"quoted\" value");
        return facts;
    }

    @Test
    void theTableHasOneRowPerWorkloadAndConfigurationInCommandLineOrder() {
        List<String> rows = MarkdownReport.render(results).lines()
                .filter(l -> l.startsWith("| ") && !l.startsWith("| ---")).toList();
        assertEquals(List.of(
                "| workload | config | median wall (s) | ratio: median of rounds | ratio: median / median | main CPU "
                        + "| peak RSS (MiB) | hash ops | forest nodes | stream items | value executions | profiled | runs |",
                "| luaj | none | 2.00 | 1.00 | 1.00 | 1.00 | 99 | - | - | - | - | - | 2 ok |",
                "| luaj | k4 | 6.00 | 3.00 | 3.00 | 3.00 | 99 | 1,234,567 | 4,200 | 98,765,432 | - | - | 2 ok |",
                "| h2 | none | 4.00 | 1.00 | 1.00 | 1.00 | 99 | - | - | - | - | - | 2 ok |",
                "| h2 | k4 | 6.00 | 1.50 | 1.50 | 1.50 | 99 | - | - | - | - | - | **0 ok, 1 WRONG, 1 FAILED** |"), rows);
    }

    @Test
    void aConvergentProfilesExecutionsAreMarkedAsAnEstimateAndKeptApartInTheJson() throws IOException {
        Map<String, Long> stats = Map.of(ProfileCounters.VALUE_EXECUTIONS, 1000L,
                ProfileCounters.VALUE_ESTIMATED_EXECUTIONS, 40000L, ProfileCounters.VALUE_PROFILED, 400L);
        ProfilerConfig conv = ProfilerConfig.parse("values-conv");
        var convergent = new Results(Runs.options(1, List.of(Workload.LUAJ), List.of(ProfilerConfig.NONE, conv)), Map.of(),
                List.of(ok("luaj", "none", 0, 2.0), run("luaj", "values-conv", 0, 4.0, Status.OK, stats)));
        String markdown = MarkdownReport.render(convergent);
        assertTrue(markdown.contains("| ≈40,000 | ≈1.00% | 1 ok |"), markdown);
        assertTrue(markdown.contains("`≈` marks an estimate"), markdown);
        JsonNode cell = new ObjectMapper().readTree(ResultsJson.render(convergent)).at("/summary/1/counters");
        assertEquals(1000, cell.get("values.executed").asLong(), "what the probes counted, under its own name");
        assertEquals(40000, cell.get("values.estimatedExecuted").asLong());
    }

    @Test
    void everyWrongOrFailedRunIsListedUnderTheTable() {
        String markdown = MarkdownReport.render(results);
        assertTrue(markdown.contains("**2 run(s) changed the program's output or failed:**"), markdown);
        assertTrue(markdown.contains("- WRONG: h2 k4 round 0, exit 0, printed `checksum 2`"), markdown);
        assertTrue(markdown.contains("- FAILED: h2 k4 round 1, exit 1, printed `checksum 1`"), markdown);
    }

    @Test
    void aCleanResultListsNoProblems() {
        var clean = new Results(results.options(), Map.of(),
                results.runs().stream().filter(r -> r.workload().equals("luaj")).toList());
        assertFalse(MarkdownReport.render(clean).contains("changed the program's output"));
    }

    @Test
    void theJsonHasTheSetupASummaryPerCellAndEveryRun() throws IOException {
        JsonNode json = new ObjectMapper().readTree(ResultsJson.render(results));
        assertEquals("a \"quoted\" value", json.at("/environment/note").asText());
        assertEquals(2, json.at("/setup/runs").asInt());
        assertEquals("profile=paths,k=4", json.at("/setup/configs/1/agentOptions").asText());
        assertTrue(json.at("/setup/configs/0/agentOptions").isNull());

        JsonNode luaK4 = json.at("/summary/1");
        assertEquals("luaj", luaK4.get("workload").asText());
        assertEquals("k4", luaK4.get("config").asText());
        assertEquals(3.0, luaK4.get("medianRatio").asDouble(), 1e-12);
        assertEquals(6.0, luaK4.get("medianWallSeconds").asDouble(), 1e-12);
        assertEquals(3.0, luaK4.get("medianMainCpuSeconds").asDouble(), 1e-12);
        assertEquals(9.0, luaK4.get("medianProcessCpuSeconds").asDouble(), 1e-12);
        assertEquals(3.0, luaK4.get("mainCpuRatio").asDouble(), 1e-12);
        assertEquals(4200, luaK4.at("/counters/paths.forestNodes").asLong());
        assertTrue(luaK4.at("/counters/paths.counterArrayOps").isNull());

        JsonNode h2K4 = json.at("/summary/3");
        assertEquals(1, h2K4.get("wrong").asInt());
        assertEquals(1, h2K4.get("failed").asInt());

        assertEquals(8, json.get("runs").size());
        assertEquals("WRONG", json.at("/runs/5/status").asText());
        assertEquals("checksum 2", json.at("/runs/5/stdout").asText());
        assertEquals(3000, json.at("/runs/5/mainCpuMillis").asLong());
        assertEquals(9000, json.at("/runs/5/processCpuMillis").asLong());
    }

    @Test
    void aLiveHeapMatrixHasItsColumnsAndSaysItsTimesIncludeTheSampling() throws IOException {
        HarnessOptions plain = Runs.options(1, List.of(Workload.H2), List.of(ProfilerConfig.NONE));
        HarnessOptions sampled = new HarnessOptions(plain.agent(), plain.variants(), plain.workloads(), plain.configs(), 1,
                null, null, plain.java(), plain.size(), plain.heap(), plain.gc(), null, null, 2000);
        RunRecord run = new RunRecord("h2", "none", 0, 1_000_000_000L, 0, "checksum 1\n", 100_000,
                3 * 1048576L + 524288, 1048576L, RunRecord.ABSENT, RunRecord.ABSENT, Map.of(), Status.OK);
        var live = new Results(sampled, Map.of(), List.of(run));

        String markdown = MarkdownReport.render(live);
        assertTrue(markdown.contains("live peak (MiB) | live at exit (MiB)"), markdown);
        assertTrue(markdown.contains("| 98 | 3.5 | 1.0 |"), markdown);
        assertTrue(markdown.contains("| 1.00 | 1.00 | - | 98 |"), markdown);   // no CPU line: no CPU ratio
        assertTrue(new ObjectMapper().readTree(ResultsJson.render(live)).at("/runs/0/mainCpuMillis").isNull());
        assertTrue(markdown.contains("not for times"), markdown);
        assertFalse(MarkdownReport.render(results).contains("live peak"));

        JsonNode json = new ObjectMapper().readTree(ResultsJson.render(live));
        assertEquals(2000, json.at("/setup/liveHeapMillis").asInt());
        assertEquals(3 * 1048576L + 524288, json.at("/summary/0/livePeakBytes").asLong());
        assertEquals(1048576L, json.at("/runs/0/liveExitBytes").asLong());
        assertTrue(new ObjectMapper().readTree(ResultsJson.render(results)).at("/runs/0/livePeakBytes").isNull());
    }

    @Test
    void theJsonNamesEachVariantsJarAndItsOwnOptions() throws IOException {
        ProfilerConfig conv = ProfilerConfig.parse("values-conv");
        ProfilerConfig once = ProfilerConfig.parse("values-conv:once");
        ProfilerConfig plain = ProfilerConfig.parse("values-conv:plain");
        HarnessOptions options = new HarnessOptions(Path.of("agent.jar"),
                Map.of("once", new HarnessOptions.AgentVariant(Path.of("lazy.jar"), "values.lazy=true"),
                        "plain", new HarnessOptions.AgentVariant(Path.of("floor.jar"), null)),
                List.of(Workload.H2), List.of(conv, once, plain), 1, null, null, Path.of("java"), Size.SMALL, "2g",
                Collector.PARALLEL, null, null, 0);

        JsonNode configs = new ObjectMapper().readTree(ResultsJson.render(new Results(options, Map.of(), List.of())))
                .at("/setup/configs");
        assertTrue(configs.at("/0/agentJar").isMissingNode());
        assertEquals("lazy.jar", configs.at("/1/agentJar").asText());
        assertEquals("values.lazy=true", configs.at("/1/variantOptions").asText());
        assertEquals("floor.jar", configs.at("/2/agentJar").asText());
        assertTrue(configs.at("/2/variantOptions").isMissingNode());
    }

    @Test
    void theSamplersLineGivesPeakAndExitAndAFailedHistogramIsAbsent() {
        assertArrayEquals(new long[] {5000, 4000},
                OverheadHarness.liveHeap("loupe-bench live-heap peak=5000 exit=4000 samples=3"));
        assertArrayEquals(new long[] {5000, RunRecord.ABSENT},
                OverheadHarness.liveHeap("loupe-bench live-heap peak=5000 exit=-1 samples=2"));
        assertArrayEquals(new long[] {RunRecord.ABSENT, RunRecord.ABSENT},
                OverheadHarness.liveHeap("loupe-bench live-heap samples=0"));
    }

    @Test
    void theCpuLineGivesTheMainThreadsAndTheProcesssMilliseconds() {
        assertArrayEquals(new long[] {7250, 19800}, OverheadHarness.cpu("loupe-bench cpu-ms main=7250 process=19800"));
        assertArrayEquals(new long[] {7250, RunRecord.ABSENT}, OverheadHarness.cpu("loupe-bench cpu-ms main=7250 process=x"));
        assertArrayEquals(new long[] {RunRecord.ABSENT, RunRecord.ABSENT}, OverheadHarness.cpu("loupe-bench cpu-ms "));
    }
}
