package io.loupe.validation;

import io.loupe.analysis.deps.AbsintSummary;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.format.ProfileReader;
import io.loupe.report.JsonReport;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.SourceMarkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Abstract interpretation at loop entry under the real agent (docs/absint.md, "Exactness"): each
 * target ({@code targets.absint}: PolyBench kernels, the corner cases, threads) runs without the
 * agent, with {@code profile=deps} and with {@code profile=deps,deps.absint=always} (every
 * invocation the analysis proves is decided, however small), in camp and in lamp mode. The output must not change, and the profiles must be the same — every loop's
 * invocations, iterations and carried dependences, every dependence with its count, contexts and
 * loop relations — but for the fields that say how each loop was decided. Then the decisions
 * themselves: which loops the analysis decides, and why the others are profiled.
 */
class AbsintValidationTest {

    private static final String PACKAGE = "io.loupe.validation.targets.absint.";
    private static final String SCOPE = "include=io.loupe.validation.targets.absint.*";

    @Test
    void polyBenchKernelsProfileAlikeAndAreDecided(@TempDir Path dir) throws Exception {
        Map<String, DepsAnalysis> runs = sameProfiles(dir, "PolyKernelsTarget");
        Markers src = Markers.of("PolyKernelsTarget");
        for (String mode : List.of("camp", "lamp")) {
            DepsAnalysis a = runs.get(mode);
            for (String marker : List.of("gemmI", "gemmScale", "gemmK", "gemmJ", "twoMmI1", "twoMmK2", "ataxI", "ataxJ2",
                    "bicgJ", "mvtJ2", "gesummvJ", "jacobi1dT", "jacobi1dA", "jacobi2dBJ", "seidelJ", "trisolvJ", "syrkJ",
                    "doitgenP2")) {
                for (LoopVerdict l : loops(a, src.line(marker))) {
                    assertEquals("absint", l.decidedBy(), mode + " " + marker + " " + l);
                }
            }
            AbsintSummary s = a.absint();
            assertTrue(s.decidedInvocations() > 0 && s.untracedAccesses() > 50_000, s.toString());
        }
    }

    @Test
    void cornerCasesProfileAlikeAndFallBackForTheirReasons(@TempDir Path dir) throws Exception {
        Map<String, DepsAnalysis> runs = sameProfiles(dir, "AbsintCornersTarget");
        Markers src = Markers.of("AbsintCornersTarget");
        DepsAnalysis camp = runs.get("camp");
        for (String marker : List.of("scale", "prefixSum", "shiftLeft", "evenOdd", "copy", "shiftedCopy", "offsetCopy",
                "scaleRowsI", "scaleRowsJ", "bump", "triangleI", "triangleJ")) {
            for (LoopVerdict l : loops(camp, src.line(marker))) {
                assertEquals("absint", l.decidedBy(), marker + " " + l);
            }
        }
        // an aliased row and aliased arguments are decided: the replay sees the same locations
        assertEquals(2, loops(camp, src.line("scaleRowsI")).stream().filter(l -> l.decidedBy().equals("absint")).count());
        LoopVerdict aliasedRows = calledFrom(loops(camp, src.line("scaleRowsI")), src.line("rowsAliased"));
        assertEquals(List.of(1, 0, 1), List.of(aliasedRows.raw(), aliasedRows.war(), aliasedRows.waw()));
        // the loop that throws midway, the others for what the finder or the analysis refuses
        Map<String, Integer> reasons = camp.absint().fallbackReasons();
        assertEquals("profile", only(loops(camp, src.line("throwing"))).decidedBy());
        assertTrue(reasons.containsKey("index may be out of bounds"), reasons.toString());
        loops(camp, src.line("fieldBound")).forEach(l -> assertEquals("profile", l.decidedBy()));
        assertTrue(reasons.containsKey("field access"), reasons.toString());
        assertEquals("profile", only(loops(camp, src.line("callInLoop"))).decidedBy());
        assertTrue(reasons.containsKey("call"), reasons.toString());
        assertEquals("profile", only(loops(camp, src.line("breakLoop"))).decidedBy());
        assertTrue(reasons.containsKey("exit other than the loop test"), reasons.toString());
        assertEquals("profile", only(loops(camp, src.line("longCounter"))).decidedBy());
        assertEquals("profile", only(loops(camp, src.line("repeatLoop"))).decidedBy(), "it calls bump");
    }

    @Test
    void byDefaultASummaryNoShorterThanItsTraceIsTraced(@TempDir Path dir) throws Exception {
        AgentRun.Result plain = AgentRun.run(null, PACKAGE + "AbsintCornersTarget");
        Path traced = run(dir, "AbsintCornersTarget", "camp", null, plain.stdout());
        Path absint = run(dir, "AbsintCornersTarget", "camp", "true", plain.stdout());
        assertEquals(comparable(traced), comparable(absint));
        DepsAnalysis a = DepsAnalysis.of(ProfileReader.read(absint));
        assertTrue(a.absint().fallbackReasons().containsKey("summary no shorter than the trace"), a.absint().toString());
        Markers src = Markers.of("AbsintCornersTarget");
        assertEquals("profile", only(loops(a, src.line("scale"))).decidedBy(), "ten elements: the replay is the trace");
    }

    @Test
    void threadsProfileAlikeAndOnlyTheFirstThreadDecides(@TempDir Path dir) throws Exception {
        Map<String, DepsAnalysis> runs = sameProfiles(dir, "AbsintThreadsTarget");
        Markers src = Markers.of("AbsintThreadsTarget");
        DepsAnalysis camp = runs.get("camp");
        // gemm ran in main before the workers started, then in both workers: mixed over its contexts
        List<LoopVerdict> gemm = loops(camp, src.line("gemmI"));
        assertTrue(gemm.stream().anyMatch(l -> l.decidedInvocations() > 0), gemm.toString());
        assertTrue(gemm.stream().anyMatch(l -> l.profiledInvocations() > 0), gemm.toString());
        assertTrue(camp.absint().fallbackReasons().containsKey("threads"), camp.absint().toString());
    }

    /**
     * Runs the target plain, traced and decided in both modes; asserts the same output and the same
     * profiles; returns the decided runs' analyses by mode.
     */
    private static Map<String, DepsAnalysis> sameProfiles(Path dir, String target) throws Exception {
        AgentRun.Result plain = AgentRun.run(null, PACKAGE + target);
        assertEquals(0, plain.exitCode(), plain.stderr());
        Map<String, DepsAnalysis> decided = new HashMap<>();
        for (String mode : List.of("camp", "lamp")) {
            Path traced = run(dir, target, mode, null, plain.stdout());
            Path absint = run(dir, target, mode, "always", plain.stdout());
            assertEquals(comparable(traced), comparable(absint), target + " " + mode);
            DepsAnalysis a = DepsAnalysis.of(ProfileReader.read(absint));
            assertEquals(List.of(), a.problems());
            decided.put(mode, a);
        }
        return decided;
    }

    /** Runs the target with {@code deps.absint=absint} (none when null). */
    private static Path run(Path dir, String target, String mode, String absint, String expected) throws Exception {
        Path prof = dir.resolve(target + "-" + mode + (absint != null ? "-absint-" + absint : "") + ".prof");
        AgentRun.Result run = AgentRun.run("profile=deps,deps.mode=" + mode + (absint != null ? ",deps.absint=" + absint : "")
                + "," + SCOPE + ",out=" + prof, PACKAGE + target);
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(expected, run.stdout(), "dependence profiling must not change the output");
        assertFalse(run.stderr().contains("uninstrumented"), run.stderr());
        return prof;
    }

    /**
     * The JSON report's dependence section without what says how loops were decided: the
     * {@code decidedBy}, {@code absintInvocations} and {@code profiledInvocations} fields and the
     * {@code absint} object.
     */
    private static String comparable(Path prof) throws IOException {
        StringBuilder json = new StringBuilder();
        new JsonReport().write(ProfileSummary.of(ProfileReader.read(prof)), json);
        String deps = json.substring(json.indexOf("\"deps\": {"));
        List<String> kept = new ArrayList<>();
        int absintDepth = 0;   // inside the absint object: its brace depth
        for (String line : deps.split("\n")) {
            String t = line.strip();
            if (absintDepth == 0 && t.startsWith("\"absint\": {")) {
                absintDepth = 1;
                continue;
            }
            if (absintDepth > 0) {
                absintDepth += t.endsWith("{") ? 1 : t.startsWith("}") ? -1 : 0;
                continue;
            }
            if (!t.startsWith("\"decidedBy\"") && !t.startsWith("\"absintInvocations\"")
                    && !t.startsWith("\"profiledInvocations\"")) {
                kept.add(line.replaceAll(",$", ""));
            }
        }
        return String.join("\n", kept);
    }

    // ---- looking things up ----

    private static List<LoopVerdict> loops(DepsAnalysis a, int line) {
        return a.loops().stream().filter(l -> l.meta().line() == line).toList();
    }

    private static LoopVerdict only(List<LoopVerdict> loops) {
        assertEquals(1, loops.size(), loops.toString());
        return loops.get(0);
    }

    private static LoopVerdict calledFrom(List<LoopVerdict> loops, int callLine) {
        return only(loops.stream().filter(l -> l.context().stream().anyMatch(e -> e.line() == callLine)).toList());
    }

    /** The lines of a target's {@code // @name} markers. */
    private record Markers(Map<String, Integer> lines) {
        static Markers of(String target) throws IOException {
            return new Markers(SourceMarkers.of(PACKAGE + target));
        }

        int line(String name) {
            Integer line = lines.get(name);
            if (line == null) {
                throw new IllegalArgumentException("no marker @" + name + " among " + lines.keySet().stream()
                        .sorted().collect(Collectors.joining(", ")));
            }
            return line;
        }
    }
}
