package io.loupe.bench;

import io.loupe.bench.RunRecord.Status;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.loupe.bench.Runs.ok;
import static io.loupe.bench.Runs.run;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CellSummaryTest {
    private final List<RunRecord> baseline = List.of(ok("lua", "none", 0, 1.0), ok("lua", "none", 1, 2.0),
            ok("lua", "none", 2, 1.0));

    @Test
    void ratiosPairEachRunWithTheUninstrumentedRunOfItsRound() {
        var cell = List.of(ok("lua", "k4", 0, 3.0), ok("lua", "k4", 1, 4.0), ok("lua", "k4", 2, 3.0));
        CellSummary summary = CellSummary.of(cell, baseline);
        assertEquals(3.0, summary.medianWall().getAsDouble());
        assertEquals(3.0, summary.medianRatio().getAsDouble()); // ratios 3, 2, 3
        assertEquals(3.0, summary.ratioOfMedians().getAsDouble()); // 3 / 1
        assertTrue(summary.allOk());
    }

    @Test
    void failedRunsCountButAreLeftOutOfTheTimes() {
        var cell = List.of(ok("lua", "k4", 0, 3.0), run("lua", "k4", 1, 0.1, Status.FAILED, Map.of()),
                ok("lua", "k4", 2, 5.0));
        CellSummary summary = CellSummary.of(cell, baseline);
        assertEquals(4.0, summary.medianWall().getAsDouble());
        assertEquals(4.0, summary.medianRatio().getAsDouble()); // ratios 3, 5
        assertEquals(1, summary.failed());
        assertFalse(summary.allOk());
    }

    @Test
    void wrongRunsAreTimedButCounted() {
        var cell = List.of(ok("lua", "k4", 0, 3.0), run("lua", "k4", 1, 4.0, Status.WRONG, Map.of()));
        CellSummary summary = CellSummary.of(cell, baseline);
        assertEquals(3.5, summary.medianWall().getAsDouble());
        assertEquals(1, summary.wrong());
    }

    @Test
    void withoutABaselineThereAreNoRatios() {
        CellSummary summary = CellSummary.of(List.of(ok("lua", "k4", 0, 3.0)), null);
        assertTrue(summary.medianRatio().isEmpty());
        assertTrue(summary.ratioOfMedians().isEmpty());
    }

    @Test
    void peakRssIsTheLargestOfTheRuns() {
        var cell = List.of(ok("lua", "k4", 0, 3.0), ok("lua", "k4", 2, 3.0), ok("lua", "k4", 1, 3.0));
        assertEquals(100_000 + 2 * 1024, CellSummary.of(cell, baseline).peakRssKb());
    }

    @Test
    void countersAreMediansOverTheRunsThatHaveThemAndAbsentOtherwise() {
        var cell = List.of(
                run("lua", "k4", 0, 3.0, Status.OK, Map.of(ProfileCounters.HASH_OPS, 10L, ProfileCounters.STREAM_ITEMS, 7L)),
                run("lua", "k4", 1, 3.0, Status.OK, Map.of(ProfileCounters.HASH_OPS, 30L)),
                run("lua", "k4", 2, 3.0, Status.OK, Map.of(ProfileCounters.HASH_OPS, 20L)));
        Map<String, Long> counters = CellSummary.of(cell, baseline).counters();
        assertEquals(20L, counters.get(ProfileCounters.HASH_OPS));
        assertEquals(7L, counters.get(ProfileCounters.STREAM_ITEMS));
        assertFalse(counters.containsKey(ProfileCounters.FOREST_NODES));
    }
}
