package io.loupe.cli;

import io.loupe.data.format.TraceWriter;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Sequitur;
import io.loupe.data.trace.TraceEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceReportCommandTest {

    @TempDir
    Path dir;

    /** main enters, then runs its path 0 and path 1 alternately 500 times each. */
    private Path written() throws IOException {
        Path file = dir.resolve("app.trace");
        try (TraceWriter w = TraceWriter.create(file, "profile=trace,out=app.trace", "test", 0)) {
            MethodMeta m = new MethodMeta(0, "com.example.Main", "main", "([Ljava/lang/String;)V", "Main.java",
                    List.of(new BlockMeta(0, 3, new int[] {5}, false)), List.of(), List.of(), 2, 0, MethodMeta.Storage.ARRAY);
            w.methods(List.of(m), List.of(new int[0]), List.of(io.loupe.data.trace.MethodOps.NONE));
            w.thread(0, "main");
            long[] dictionary = {TraceEvent.of(TraceEvent.ENTER, 0, -1), TraceEvent.of(TraceEvent.PATH, 0, 0),
                TraceEvent.of(TraceEvent.PATH, 0, 1)};
            Sequitur g = new Sequitur();
            g.append(0);
            for (int i = 0; i < 1000; i++) {
                g.append(1 + i % 2);
            }
            w.chunk(0, g.length(), dictionary, 3, g.grammar());
            w.end(Map.of("trace.events", 1001L), List.of());
        }
        return file;
    }

    @Test
    void the_text_report_says_what_the_trace_holds() throws IOException {
        Cli r = Cli.run("report", written().toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("Loupe whole-program trace: "), r.out());
        assertTrue(r.out().contains("  state     complete\n"), r.out());
        assertTrue(r.out().contains("  events    1,001 in 1 thread\n"), r.out());
        assertTrue(r.out().contains("raw 8,008 bytes (8 per event)"), r.out());
        assertTrue(r.out().contains("by kind   enter 1, path 1,000, throw 0, catch 0, unwind 0, at 0, object 0, index 0, gen 0, run 0\n"), r.out());
        assertTrue(r.out().contains("Hot subpaths: the most frequent sequences of 4 events"), r.out());
        assertTrue(r.out().contains("path   com.example.Main.main"), r.out());
    }

    @Test
    void json_has_the_contract_fields() throws IOException {
        Cli r = Cli.run("report", "--json", "--subpath-length", "2", written().toString());
        assertEquals(0, r.exitCode(), r.err());
        String json = r.out();
        assertTrue(json.startsWith("{\n  \"format\": \"loupe-trace-report\",\n  \"version\": 1,"), json);
        assertTrue(json.contains("\"rawBytes\": 8008,"), json);
        assertTrue(json.contains("\"compressedBytes\": "), json);
        assertTrue(json.contains("\"name\": \"main\",\n        \"events\": 1001,"), json);
        assertTrue(json.contains("\"rules\": "), json);
        assertTrue(json.contains("\"symbols\": "), json);
        // path 0 then path 1 occurs 500 times, path 1 then path 0 499 times
        assertTrue(json.contains("\"count\": 500,"), json);
        assertTrue(json.contains("\"count\": 499,"), json);
    }

    @Test
    void a_trace_cut_short_is_reported_as_incomplete() throws IOException {
        Path file = written();
        byte[] b = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(b, b.length - 3));
        Cli r = Cli.run("report", file.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  state     incomplete: "), r.out());
        Cli json = Cli.run("report", "--json", file.toString());
        assertTrue(json.out().contains("\"complete\": false,\n    \"problem\": "), json.out());
    }

    @Test
    void a_subpath_length_out_of_range_is_refused() throws IOException {
        Cli r = Cli.run("report", "--subpath-length", "0", written().toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("loupe: --subpath-length must be between 1 and 64, got 0"), r.err());
    }

    @Test
    void compact_writes_the_same_events_with_re_pair_grammars() throws IOException {
        Path file = written();
        Cli r = Cli.run("trace", "compact", file.toString());
        assertEquals(0, r.exitCode(), r.err());
        Path compact = dir.resolve("app.compact.trace");
        assertTrue(r.out().startsWith("wrote " + compact), r.out());
        io.loupe.data.trace.Trace before = io.loupe.data.format.TraceReader.read(file);
        io.loupe.data.trace.Trace after = io.loupe.data.format.TraceReader.read(compact);
        assertTrue(after.complete());
        assertEquals(1L, after.stats().get("trace.repair"));
        List<Long> a = new java.util.ArrayList<>();
        List<Long> b = new java.util.ArrayList<>();
        before.threads().get(0).forEachEvent(a::add);
        after.threads().get(0).forEachEvent(b::add);
        assertEquals(a, b);
    }

    @Test
    void compact_refuses_a_profile_and_its_own_input_as_output() throws IOException {
        Path prof = dir.resolve("x.prof");
        Files.writeString(prof, "LOUPEPRF");
        Cli r = Cli.run("trace", "compact", prof.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("not a whole-program trace"), r.err());
        Path file = written();
        Cli same = Cli.run("trace", "compact", file.toString(), "--out", file.toString());
        assertEquals(2, same.exitCode());
        assertTrue(same.err().contains("--out must not be the trace it reads"), same.err());
    }
}
