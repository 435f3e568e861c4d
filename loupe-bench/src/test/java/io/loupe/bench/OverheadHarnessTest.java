package io.loupe.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.loupe.bench.RunRecord.Status;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class OverheadHarnessTest {

    @Test
    void aWorkloadRunsInChildJvmsAndBothReportsAreWritten(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("overhead.json");
        Path markdown = dir.resolve("overhead.md");
        HarnessOptions options = HarnessOptions.parse("--configs", "none", "--workloads", "scimark",
                "--size", "small", "--runs", "2", "--heap", "256m",
                "--json", json.toString(), "--markdown", markdown.toString());

        Results results = new OverheadHarness(options).measure();

        assertEquals(2, results.runs().size());
        for (RunRecord run : results.runs()) {
            assertEquals(Status.OK, run.status(), run.toString());
            assertTrue(run.stdout().startsWith("scimark fft="), run.stdout());
            assertTrue(run.wallNanos() > 0);
            assertTrue(run.mainCpuMillis() >= 0 && run.processCpuMillis() >= run.mainCpuMillis(), run.toString());
        }
        assertTrue(results.problems().isEmpty());

        JsonNode report = new ObjectMapper().readTree(json.toFile());
        assertEquals("scimark", report.at("/summary/0/workload").asText());
        assertEquals(2, report.at("/summary/0/runs").asInt());
        assertEquals(1.0, report.at("/summary/0/medianRatio").asDouble(), 1e-12);
        assertTrue(report.at("/runs/0/peakRssKb").isNumber() || report.at("/runs/0/peakRssKb").isNull());
        assertTrue(Files.readString(markdown).contains("| scimark | none |"));
    }

    @Test
    void aChildSamplesItsLiveHeapWhenAsked(@TempDir Path dir) throws Exception {
        HarnessOptions options = HarnessOptions.parse("--configs", "none", "--workloads", "scimark",
                "--size", "small", "--runs", "1", "--heap", "256m", "--live-heap", "100");

        RunRecord run = new OverheadHarness(options).measure().runs().get(0);

        assertEquals(Status.OK, run.status(), run.toString());
        assertTrue(run.liveExitBytes() > 0, run.toString());
        assertTrue(run.livePeakBytes() >= run.liveExitBytes(), run.toString());
        assertTrue(run.livePeakBytes() < 256L << 20, run.toString());
    }

    @Test
    void aRunThatPrintsAnotherChecksumLineIsWrong() {
        RunRecord run = Runs.run("h2", "k4", 3, 2.0, Status.OK, Map.of());
        assertEquals(Status.WRONG, OverheadHarness.judge(run, "something else\n").status());
        assertSame(run, OverheadHarness.judge(run, run.stdout()));
    }

    @Test
    void aFailedRunStaysFailed() {
        RunRecord run = Runs.run("h2", "k4", 3, 2.0, Status.FAILED, Map.of());
        assertSame(run, OverheadHarness.judge(run, "something else\n"));
    }
}
