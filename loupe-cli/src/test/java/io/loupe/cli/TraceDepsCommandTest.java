package io.loupe.cli;

import io.loupe.data.format.TraceWriter;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.trace.Sequitur;
import io.loupe.data.trace.TraceEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TraceDepsCommandTest {

    @TempDir
    Path dir;

    /**
     * Three activations of a one-block method: {@code x = …} (line 5), {@code count = x} (line 6),
     * {@code … = count} (line 7).
     */
    private Path written() throws IOException {
        Path file = dir.resolve("app.trace");
        try (TraceWriter w = TraceWriter.create(file, "profile=trace,out=app.trace", "test", 0)) {
            MethodMeta m = new MethodMeta(0, "com.example.Main", "step", "()V", "Main.java",
                    List.of(new BlockMeta(0, 4, new int[] {5, 6, 7}, false)),
                    List.of(new DagEdge(1, 0, EdgeKind.METHOD_ENTRY, 0), new DagEdge(0, 2, EdgeKind.METHOD_EXIT, 0)),
                    List.of(), 1, 0, MethodMeta.Storage.ARRAY);
            MethodOps ops = new MethodOps.Builder()
                    .local(0, MethodOps.LOCAL_STORE, 1, "x", 5)
                    .local(1, MethodOps.LOCAL_LOAD, 1, "x", 6)
                    .heap(2, MethodOps.STATIC_STORE, "com.example.Main.count:I", 6)
                    .heap(3, MethodOps.STATIC_LOAD, "com.example.Main.count:I", 7)
                    .build();
            w.methods(List.of(m), List.of(new int[0]), List.of(ops));
            w.thread(0, "main");
            long[] dictionary = {TraceEvent.of(TraceEvent.ENTER, 0, -1), TraceEvent.of(TraceEvent.PATH, 0, 0)};
            Sequitur g = new Sequitur();
            for (int i = 0; i < 3; i++) {
                g.append(0);
                g.append(1);
            }
            w.chunk(0, g.length(), dictionary, 2, g.grammar());
            w.end(Map.of("trace.events", 6L), List.of());
        }
        return file;
    }

    @Test
    void the_text_lists_the_dependences_most_frequent_first() throws IOException {
        Cli r = Cli.run("trace-deps", written().toString());
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.startsWith("Loupe dependences recovered from a whole-program trace: "), out);
        assertTrue(out.contains("  found     4 static (3 through the heap, 1 through locals)\n"), out);
        assertTrue(out.contains("fields and array elements need checks or the address trace"), out);
        String[] lines = out.split("\n");
        int first = 0;
        while (!lines[first].contains("source → destination")) {
            first++;
        }
        assertTrue(lines[first + 1].matches("  RAW  (local|heap) +3 .*"), lines[first + 1]);
        assertTrue(out.contains("  RAW  local             3  x                        c.e.Main.step:5 → c.e.Main.step:6"), out);
        assertTrue(out.contains("  WAR  heap              2  com.example.Main.count   c.e.Main.step:7 → c.e.Main.step:6"), out);
        assertTrue(out.contains("  WAW  heap              2  com.example.Main.count   c.e.Main.step:6 → c.e.Main.step:6"), out);
    }

    @Test
    void the_ops_are_counted_by_how_their_dependences_are_recovered() throws IOException {
        Path file = written();
        Cli deps = Cli.run("trace-deps", file.toString());
        assertTrue(deps.out().contains("  recovered controlflow 4 (10 dynamic)\n"), deps.out());
        Cli report = Cli.run("report", file.toString());
        assertTrue(report.out().contains("  ops       0 field, element and bulk ops unresolved (trace.heap=none); 2 static field and 2 local"
                + " ops from the control\n            flow (each op counted once)\n"), report.out());
        Cli json = Cli.run("report", "--json", file.toString());
        assertTrue(json.out().contains("\"ops\": {\n      \"checked\": 0,\n      \"free\": 0,\n      \"static\": 2,\n      \"local\": 2,"),
                json.out());
        assertTrue(json.out().contains("\"checksExecuted\": 0,"), json.out());
    }

    @Test
    void json_has_the_contract_fields() throws IOException {
        Cli r = Cli.run("trace-deps", "--json", written().toString());
        assertEquals(0, r.exitCode(), r.err());
        String json = r.out();
        assertTrue(json.startsWith("{\n  \"format\": \"loupe-trace-deps\",\n  \"version\": 1,"), json);
        assertTrue(json.contains("\"dependences\": ["), json);
        assertTrue(json.contains("\"type\": \"RAW\",\n      \"memory\": \"heap\",\n"
                + "      \"src\": {\"class\": \"com.example.Main\", \"method\": \"step()V\", \"line\": 6},\n"
                + "      \"dst\": {\"class\": \"com.example.Main\", \"method\": \"step()V\", \"line\": 7},\n"
                + "      \"count\": 3,\n      \"recoveredBy\": \"controlflow\",\n"
                + "      \"variable\": \"com.example.Main.count\",\n      \"thread\": \"main\""), json);
        assertTrue(json.contains("\"memory\": \"local\""), json);
        assertTrue(json.contains("\"opsRun\": 12,"), json);
    }

    @Test
    void a_profile_is_refused_in_one_line() throws IOException {
        Path notATrace = dir.resolve("x.prof");
        java.nio.file.Files.writeString(notATrace, "hello");
        Cli r = Cli.run("trace-deps", notATrace.toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: " + notATrace + ": not a whole-program trace (written with --profile trace)\n", r.err());
    }
}
