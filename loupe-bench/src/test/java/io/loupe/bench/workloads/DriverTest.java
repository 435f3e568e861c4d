package io.loupe.bench.workloads;

import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DriverTest {

    @Test
    void aDriverPrintsItsChecksumLineOnStdoutAndItsCpuTimesAndPeakRssOnStderr() throws Exception {
        var out = new ByteArrayOutputStream();
        var err = new ByteArrayOutputStream();
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
            Driver.main(new String[] {"small"}, size -> "checksum " + size);
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        assertEquals("checksum SMALL" + System.lineSeparator(), out.toString(StandardCharsets.UTF_8));
        List<String> lines = err.toString(StandardCharsets.UTF_8).lines().toList();
        assertTrue(lines.get(0).matches("loupe-bench cpu-ms main=[0-9]+ process=[0-9]+"), lines.toString());
        if (Driver.peakRssKb().isPresent()) {
            assertTrue(lines.get(1).matches("loupe-bench peak-rss-kb=[0-9]+"), lines.toString());
        }
    }

    @Test
    void theSizeIsFullByDefaultAndNamedWhenUnknown() {
        assertEquals(Size.FULL, Size.fromArgs(new String[0]));
        assertEquals(Size.SMALL, Size.fromArgs(new String[] {"small"}));
        var e = assertThrows(IllegalArgumentException.class, () -> Size.fromArgs(new String[] {"huge"}));
        assertTrue(e.getMessage().contains("'huge'"), e.getMessage());
    }

    @Test
    void everyWorkloadHasADistinctNameAndAMainClass() throws Exception {
        Set<String> ids = Arrays.stream(Workload.values()).map(Workload::id).collect(Collectors.toSet());
        assertEquals(Workload.values().length, ids.size());
        for (Workload workload : Workload.values()) {
            assertEquals(workload, Workload.byId(workload.id()));
            Class.forName(workload.mainClass()).getMethod("main", String[].class);
        }
    }

    @Test
    void theLiveHeapIsTheTotalLineOfTheClassHistogram() {
        String histogram = """
                 num     #instances         #bytes  class name (module)
                -------------------------------------------------------
                   1:         15208        1779584  [B (java.base@17.0.15)
                   2:         14373         344952  java.lang.String (java.base@17.0.15)
                Total         66754        3993072
                """;
        assertEquals(3993072, LiveHeapSampler.parseTotal(histogram).getAsLong());
        assertTrue(LiveHeapSampler.parseTotal("no histogram here").isEmpty());
    }
}
