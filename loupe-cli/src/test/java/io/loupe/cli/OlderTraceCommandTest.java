package io.loupe.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A trace an older Loupe wrote (format 3, with checks: {@code SliceTarget} run by the build before
 * format 4): its report reads, and what its checks cannot give is refused in one line.
 */
class OlderTraceCommandTest {

    @TempDir
    Path dir;

    private Path older() throws IOException {
        Path file = dir.resolve("older.trace");
        try (InputStream in = OlderTraceCommandTest.class.getResourceAsStream("/traces/format3-checks.trace")) {
            Files.write(file, in.readAllBytes());
        }
        return file;
    }

    @Test
    void itsReportReads() throws IOException {
        Cli r = Cli.run("report", older().toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  state     complete\n"), r.out());
        assertTrue(r.out().contains("  events    61 in 2 threads\n"), r.out());
    }

    @Test
    void itsChecksAreRefusedInOneLine() throws IOException {
        Path file = older();
        Cli deps = Cli.run("trace-deps", file.toString());
        assertEquals(2, deps.exitCode());
        assertEquals("loupe: " + file + ": its checks were written before trace format 5, which names a generation by"
                + " the access site that began it: record the run again with this Loupe\n", deps.err());
        Cli slice = Cli.run("slice", file.toString(), "--at", "SliceTarget:35");
        assertEquals(2, slice.exitCode());
        assertTrue(slice.err().startsWith("loupe: SliceTarget:35: the trace has no flow for "), slice.err());
        assertEquals(1, slice.err().lines().count(), slice.err());
    }
}
