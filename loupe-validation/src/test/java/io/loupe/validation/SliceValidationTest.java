package io.loupe.validation;

import io.loupe.analysis.slice.DynamicSlicer;
import io.loupe.data.format.TraceReader;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Trace;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dynamic slices from a whole-program trace ({@link DynamicSlicer}) against slices worked out by
 * hand on {@code SliceTarget}, whose lines say which slices they are in: pointers that alias in
 * one call and not in the next (two instances of one line), a data-dependent index, a call
 * passing an array, a loop, an exception, a value another thread stored.
 */
class SliceValidationTest {

    private static final String TARGET = "io.loupe.validation.targets.trace.SliceTarget";
    private static final String SOURCE = "src/test/java/io/loupe/validation/targets/trace/SliceTarget.java";

    @TempDir
    static Path dir;
    private static Trace trace;
    private static Map<String, TreeSet<Integer>> expected;
    private static Map<String, Integer> criteria;

    @BeforeAll
    static void trace() throws Exception {
        AgentRun.Result plain = AgentRun.run(null, TARGET);
        Path file = dir.resolve("slice.trace");
        AgentRun.Result run = AgentRun.run("profile=trace,include=io.loupe.validation.targets.trace.*,out=" + file, TARGET);
        assertEquals(plain.stdout(), run.stdout(), "the trace must not change the output");
        assertEquals(0, run.exitCode(), run.stderr());
        trace = TraceReader.read(file);
        assertTrue(trace.complete(), String.valueOf(trace.problem()));
        expected = new TreeMap<>();
        criteria = new TreeMap<>();
        List<String> text = Files.readAllLines(Path.of(SOURCE));
        for (int i = 0; i < text.size(); i++) {
            String line = text.get(i);
            int at = line.indexOf("//# ");
            int crit = line.indexOf("//! ");
            for (String tag : at >= 0 ? line.substring(at + 4).strip().split("\\s+") : new String[0]) {
                expected.computeIfAbsent(tag, t -> new TreeSet<>()).add(i + 1);
            }
            for (String tag : crit >= 0 ? line.substring(crit + 4).strip().split("\\s+") : new String[0]) {
                expected.computeIfAbsent(tag, t -> new TreeSet<>()).add(i + 1);
                criteria.put(tag, i + 1);
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"alias1, 1", "alias2, 0", "index, 0", "calls, 0", "loops, 0", "exception, 0", "thread, 0"})
    void slicesAreTheOnesWorkedOutByHand(String name, int instance) {
        DynamicSlicer.Slice s = DynamicSlicer.slice(trace,
                new DynamicSlicer.Criterion("SliceTarget", criteria.get(name), instance, null));
        TreeSet<Integer> lines = new TreeSet<>();
        for (DynamicSlicer.Line l : s.lines()) {
            assertTrue(l.className().startsWith(TARGET), l.toString());
            lines.add(l.line());
        }
        assertEquals(expected.get(name), lines, name + ": " + s.lines());
        assertEquals("main", s.thread());
        assertEquals(0, s.underflows(), "stack slots missing");
        assertEquals(0, s.recovery().misaligned(), "misaligned");
        assertEquals(0, s.recovery().replayAnomalies(), "replay anomalies");
    }

    /**
     * The checks and the plain address trace tell the slicer the same locations: every line with
     * code, sliced from either trace, gives the same slice (or the same reason why not).
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"trace.SliceTarget", "trace.LocalsTarget", "trace.HeapExceptionsTarget",
        "deps.Figure1Target", "deps.ShadowFieldsTarget", "ConstructorLoopsTarget", "SwitchTarget"})
    void checksAndAddressesGiveTheSameSlices(String target, @TempDir Path tmp) throws Exception {
        String main = "io.loupe.validation.targets." + target;
        String include = "include=" + main + "*";
        Map<String, Trace> traces = new TreeMap<>();
        for (String heap : List.of("checks", "addresses")) {
            Path file = tmp.resolve(heap + ".trace");
            AgentRun.Result run = AgentRun.run("profile=trace,trace.heap=" + heap + "," + include + ",out=" + file, main);
            assertEquals(0, run.exitCode(), run.stderr());
            traces.put(heap, TraceReader.read(file));
        }
        Trace checks = traces.get("checks");
        TreeSet<Integer> lines = new TreeSet<>();
        for (MethodMeta m : checks.methods()) {
            if (m != null && m.className().startsWith(main)) {
                for (int l : checks.ops(m.id()).flow().lines()) {
                    if (l > 0) {
                        lines.add(l);
                    }
                }
            }
        }
        assertTrue(lines.size() > 5, "lines with code: " + lines);
        int sliced = 0;
        for (int line : lines) {
            DynamicSlicer.Criterion c = new DynamicSlicer.Criterion(main, line, 0, null);
            String a = outcome(checks, c);
            String b = outcome(traces.get("addresses"), c);
            assertEquals(a, b, main + ":" + line);
            sliced += a.startsWith("[") ? 1 : 0;
        }
        assertTrue(sliced > 5, "lines sliced: " + sliced);
    }

    /** The slice's lines and thread, or why there is none. */
    private static String outcome(Trace t, DynamicSlicer.Criterion c) {
        try {
            DynamicSlicer.Slice s = DynamicSlicer.slice(t, c);
            assertEquals(0, s.underflows(), "stack slots missing");
            return s.lines() + " in " + s.thread() + ", " + s.instance() + " of " + s.instances();
        } catch (DynamicSlicer.NoSlice e) {
            return e.getMessage();
        }
    }

    @Test
    void theInstanceIsEchoedBack() {
        int line = criteria.get("alias1");
        DynamicSlicer.Slice last = DynamicSlicer.slice(trace, new DynamicSlicer.Criterion(TARGET, line, 0, null));
        assertEquals(2, last.instance());
        assertEquals(2, last.instances());
        assertEquals("aliasing(I)I", last.method());
        assertEquals("SliceTarget.java", last.sourceFile());
        DynamicSlicer.Slice first = DynamicSlicer.slice(trace, new DynamicSlicer.Criterion("SliceTarget.java", line, 1, "main"));
        assertEquals(1, first.instance());
    }

    @Test
    void aSliceInTheOtherThread() throws IOException {
        int line = Files.readAllLines(Path.of(SOURCE)).indexOf("            shared[0] = w;                             //# thread") + 1;
        DynamicSlicer.Slice s = DynamicSlicer.slice(trace, new DynamicSlicer.Criterion(TARGET, line, 0, null));
        assertEquals("worker", s.thread());
        assertEquals(List.of(line - 1, line), s.lines().stream().map(DynamicSlicer.Line::line).toList());
    }

    @Test
    void criteriaThatCannotBeSlicedSaySo() throws IOException {
        assertEquals("SliceTarget:3: no code at line 3 (lines with code: ",
                message(new DynamicSlicer.Criterion("SliceTarget", 3, 0, null)).replaceAll("\\(lines with code: .*", "(lines with code: "));
        assertEquals("SliceTarget:" + criteria.get("calls") + " ran 1 time in thread main: --instance must be 1 to 1",
                message(new DynamicSlicer.Criterion("SliceTarget", criteria.get("calls"), 2, null)));
        assertEquals("NoSuchClass: no such class in the trace",
                message(new DynamicSlicer.Criterion("NoSuchClass", 3, 0, null)));
        assertTrue(message(new DynamicSlicer.Criterion("SliceTarget", criteria.get("calls"), 0, "nobody"))
                .startsWith("no thread named nobody in the trace (threads: "));
    }

    private static String message(DynamicSlicer.Criterion c) {
        return assertThrows(DynamicSlicer.NoSlice.class, () -> DynamicSlicer.slice(trace, c)).getMessage();
    }
}
