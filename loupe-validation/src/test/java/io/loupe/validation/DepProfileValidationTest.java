package io.loupe.validation;

import io.loupe.analysis.deps.ContextEntry;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.deps.DepType;
import io.loupe.data.format.ProfileReader;
import io.loupe.report.TextReport;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.SourceMarkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Dependence profiling under the real agent, on targets whose memory dependences are known by
 * construction ({@code targets.deps}); lines are found by the {@code // @name} markers in the
 * targets' sources. Each target runs without the agent, then in camp and lamp mode: the output
 * must not change, and the loops' verdicts and the dependences' types, counts, contexts and loop
 * relations must be the ones worked out by hand in the targets' comments.
 */
class DepProfileValidationTest {

    private static final String PACKAGE = "io.loupe.validation.targets.deps.";
    private static final String SCOPE = "include=io.loupe.validation.targets.deps.*";

    @Test
    void figure1ContextsTellTheTwoCellsApart(@TempDir Path dir) throws Exception {
        Markers src = Markers.of("Figure1Target");
        DepsAnalysis camp = run(dir, "Figure1Target", "camp");
        LoopVerdict l1 = only(loops(camp, "main", src.line("L1")));
        LoopVerdict l2 = only(loops(camp, "work", src.line("L2")));
        assertEquals(1, l1.invocations());
        assertEquals(11, l1.iterations(), "header executions: 10 iterations and the exit test");
        assertEquals(10, l2.invocations());
        assertEquals(110, l2.iterations());
        assertEquals(List.of(ContextEntry.Kind.LOOP, ContextEntry.Kind.CALL), kinds(l2.context()));
        assertEquals(src.line("CS2"), l2.context().get(1).line());

        // the private cell: set at CS3, read at CS1 in the next iteration of L2, within one of L1
        DepEdge privateCell = only(edges(camp, DepType.RAW, src.line("set"), src.line("get"), src.line("CS1")));
        assertEquals(90, privateCell.count());
        assertEquals(Map.of(l1.id(), LoopRelation.Relation.INTRA, l2.id(), LoopRelation.Relation.INTER),
                relations(privateCell));
        assertEquals(src.line("CS3"), last(privateCell.src().context()).line());
        // the shared cell: set at CS6, read at CS4 in the next iteration of L1; L2 is not common
        DepEdge sharedCell = only(edges(camp, DepType.RAW, src.line("set"), src.line("get"), src.line("CS4")));
        assertEquals(9, sharedCell.count());
        assertEquals(Map.of(l1.id(), LoopRelation.Relation.INTER), relations(sharedCell));
        assertEquals(1, l1.raw());
        assertEquals(1, l1.waw());
        assertEquals(0, l1.war(), "each read of a cell comes before the store of its own iteration");
        assertEquals(1, l2.raw());
        assertEquals(1, l2.waw());

        DepsAnalysis lamp = run(dir, "Figure1Target", "lamp");
        LoopVerdict ll1 = only(loops(lamp, "main", src.line("L1")));
        LoopVerdict ll2 = only(loops(lamp, "work", src.line("L2")));
        DepEdge merged = only(edges(lamp, DepType.RAW, src.line("set"), src.line("get"), -1));
        assertEquals(100, merged.count(), "90 + 9 in the loops, and main's last read of the shared cell");
        assertEquals(Map.of(ll1.id(), LoopRelation.Relation.BOTH, ll2.id(), LoopRelation.Relation.INTER),
                relations(merged), "without contexts the two cells' dependences are one, carried by both loops");
    }

    @Test
    void kernelsHaveTheirKnownDependences(@TempDir Path dir) throws Exception {
        Markers src = Markers.of("KernelsTarget");
        DepsAnalysis camp = run(dir, "KernelsTarget", "camp");

        LoopVerdict recurrence = only(loops(camp, "recurrence", src.line("recurrence")));
        assertEquals(List.of(1, 0, 0), carried(recurrence), "a[i] = a[i-1] + a[i]: RAW only");
        assertEquals(List.of("i"), recurrence.inductionVariables());
        LoopVerdict localReduction = only(loops(camp, "localReduction", src.line("localReduction")));
        assertTrue(localReduction.parallelizable());
        assertEquals(List.of("s"), localReduction.reductions(), "the register analysis sees the sum in a local");
        assertEquals(List.of("i"), localReduction.inductionVariables());
        assertEquals(0, localReduction.carriedRegisters());
        assertEquals(List.of(1, 0, 1), carried(only(loops(camp, "fieldReduction", src.line("fieldReduction")))));
        LoopVerdict privatized = only(loops(camp, "privatized", src.line("privatized")));
        assertEquals(List.of(0, 1, 1), carried(privatized));
        assertTrue(privatized.privatizable());
        List<LoopVerdict> ramps = loops(camp, "ramp", src.line("ramp"));
        assertEquals(3, ramps.size(), "three calls, three loop contexts");
        ramps.forEach(r -> assertTrue(r.parallelizable(), r.toString()));

        List<LoopVerdict> scatters = loops(camp, "scatter", src.line("scatter"));
        assertEquals(2, scatters.size(), "one loop context per call site");
        assertTrue(calledFrom(scatters, src.line("scatterPerm")).parallelizable(), "a permutation writes each element once");
        assertEquals(List.of(0, 0, 1), carried(calledFrom(scatters, src.line("scatterDup"))));

        LoopVerdict rows = only(loops(camp, "stencil2d", src.line("rows")));
        LoopVerdict cols = only(loops(camp, "stencil2d", src.line("cols")));
        assertEquals(List.of(1, 0, 0), carried(rows));
        assertTrue(cols.parallelizable());
        assertEquals(5, rows.iterations() - rows.invocations(), "five back edges");
        assertEquals(5, cols.invocations());

        List<LoopVerdict> shifts = loops(camp, "shift", src.line("shift"));
        assertEquals(2, shifts.size());
        assertTrue(calledFrom(shifts, src.line("shiftDistinct")).parallelizable());
        LoopVerdict same = calledFrom(shifts, src.line("shiftSame"));
        assertEquals(List.of(0, 1, 0), carried(same), "dst[i] = src[i+1] within one array: WAR");

        LoopVerdict outer = only(loops(camp, "escaping", src.line("outerCatch")));
        LoopVerdict inner = only(loops(camp, "escaping", src.line("innerThrow")));
        assertEquals(8, inner.invocations());
        assertEquals(36, inner.iterations(), "j = 0..i each outer iteration, the exception leaves at j = i");
        DepEdge innerToCatch = only(edges(camp, DepType.RAW, src.line("accInner"), src.line("accCatch"), -1));
        assertEquals(Map.of(outer.id(), LoopRelation.Relation.INTRA), relations(innerToCatch),
                "after the exception the catch block is outside the inner loop");
        assertEquals(7, innerToCatch.count());
        DepEdge catchToInner = only(edges(camp, DepType.RAW, src.line("accCatch"), src.line("accInner"), -1));
        assertEquals(Map.of(outer.id(), LoopRelation.Relation.INTER), relations(catchToInner));
        assertEquals(7, catchToInner.count());
        DepEdge innerToInner = only(edges(camp, DepType.RAW, src.line("accInner"), src.line("accInner"), -1));
        assertEquals(Map.of(outer.id(), LoopRelation.Relation.INTRA, inner.id(), LoopRelation.Relation.INTER),
                relations(innerToInner));
        assertEquals(21, innerToInner.count(), "sum of i - 1 over i = 2..7");

        List<LoopVerdict> recursions = camp.loops().stream().filter(v -> v.meta().recursion()).toList();
        LoopVerdict recursion = only(recursions);
        assertEquals(1, recursion.invocations());
        assertEquals(64, recursion.iterations(), "one iteration per recursive activation");
        assertEquals(1, recursion.raw(), "each activation reads the total its caller wrote");
        // activations i = 1..63 read the total; the first of them reads what the outermost one wrote
        // before the recursion began (no common level), the others what their caller wrote
        List<DepEdge> recursive = edges(camp, DepType.RAW, src.line("recursion"), src.line("recursion"), -1);
        assertEquals(2, recursive.size(), recursive.toString());
        DepEdge carriedByRecursion = only(recursive.stream().filter(e -> !e.loops().isEmpty()).toList());
        assertEquals(62, carriedByRecursion.count());
        assertEquals(Map.of(recursion.id(), LoopRelation.Relation.INTER), relations(carriedByRecursion));
        assertTrue(last(carriedByRecursion.dst().context()).recursion(), "the context ends in the pseudo-loop");
        DepEdge fromOutermost = only(recursive.stream().filter(e -> e.loops().isEmpty()).toList());
        assertEquals(1, fromOutermost.count());
        assertEquals(1, fromOutermost.src().context().size(), "the outermost activation runs outside the pseudo-loop");

        int copy = src.line("arraycopy");
        assertEquals(62, only(edges(camp, DepType.WAR, copy, copy, -1)).count(), "a copy within one array reads before it writes");
        assertEquals(List.of(), edges(camp, DepType.RAW, copy, copy, -1), "never a RAW from the copy's own stores");
        assertEquals(3, only(edges(camp, DepType.WAW, copy, src.line("fill"), -1)).count());
        assertEquals(1, only(edges(camp, DepType.WAR, copy, src.line("fill"), -1)).count(),
                "only a[0] was read by the copy and not written after");
        assertEquals(4, only(edges(camp, DepType.RAW, src.line("fill"), src.line("readBulk"), -1)).count());
        assertEquals(60, only(edges(camp, DepType.RAW, copy, src.line("readBulk"), -1)).count());
        assertTrue(only(loops(camp, "bulk", src.line("afterBulk"))).parallelizable());
        assertTrue(camp.dependences().stream().noneMatch(DepEdge::crossThread));

        DepsAnalysis lamp = run(dir, "KernelsTarget", "lamp");
        assertEquals(List.of(0, 0, 1), carried(only(loops(lamp, "scatter", src.line("scatter")))),
                "without contexts the two calls' loops are one");
        assertEquals(List.of(0, 1, 0), carried(only(loops(lamp, "shift", src.line("shift")))));
        assertEquals(List.of(1, 0, 0), carried(only(loops(lamp, "recurrence", src.line("recurrence")))));
    }

    @Test
    void objectsKeepTheirShadowsInTheirOwnField(@TempDir Path dir) throws Exception {
        Markers src = Markers.of("ShadowFieldsTarget");
        for (String mode : List.of("camp", "lamp")) {
            Path prof = dir.resolve("ShadowFieldsTarget-" + mode + ".prof");
            DepsAnalysis a = run(dir, "ShadowFieldsTarget", mode);   // same output: reflection sees no shadow field
            assertEquals(18L, ProfileReader.read(prof).stats().get("deps.fieldShadows"),
                    "the Derived, the Cell and its 16 copies keep their shadows in the synthetic field");

            // one object through two static types: one set of locations
            LoopVerdict both = only(loops(a, "throughBothTypes", src.line("bothTypes")));
            assertEquals(List.of(0, 1, 1), carried(both));
            DepEdge raw = only(edges(a, DepType.RAW, src.line("baseWrite"), src.line("derivedRead"), -1));
            assertEquals(16, raw.count());
            assertEquals(Map.of(both.id(), LoopRelation.Relation.INTRA), relations(raw));
            assertEquals(15, only(edges(a, DepType.WAR, src.line("derivedRead"), src.line("baseWrite"), -1)).count());

            // a clone's locations are its own
            LoopVerdict copies = only(loops(a, "copies", src.line("copies")));
            assertTrue(copies.parallelizable(), "each iteration writes a fresh copy: " + copies);
            assertEquals(16, only(edges(a, DepType.RAW, src.line("originalWrite"), src.line("bothRead"), -1)).count(),
                    "the original is written once, before the loop");
            DepEdge own = only(edges(a, DepType.RAW, src.line("copyWrite"), src.line("bothRead"), -1));
            assertEquals(16, own.count(), "each copy's read of its own write, not the original's");
            assertEquals(Map.of(copies.id(), LoopRelation.Relation.INTRA), relations(own));
            assertEquals(List.of(), edges(a, DepType.WAW, src.line("copyWrite"), src.line("copyWrite"), -1));
        }
    }

    @Test
    void finalFieldsSealedByTheirOneStoreKeepTheirDependences(@TempDir Path dir) throws Exception {
        Markers src = Markers.of("FinalFieldsTarget");
        for (String mode : List.of("camp", "lamp")) {
            DepsAnalysis a = run(dir, "FinalFieldsTarget", mode);
            LoopVerdict loop = only(loops(a, "main", src.line("loop")));
            DepEdge table = only(edges(a, DepType.RAW, src.line("tableStore"), src.line("tableGet"), -1));
            assertEquals(10, table.count(), mode);
            assertEquals(Map.of(), relations(table), mode + ": stored before the loop");
            assertEquals(10, only(edges(a, DepType.RAW, src.line("cellStore"), src.line("cellGet"), -1)).count(), mode);
            assertTrue(loop.parallelizable(), mode + " " + loop);

            assertEquals(1, only(edges(a, DepType.WAR, src.line("early"), src.line("baseStore"), -1)).count(), mode);
            assertEquals(1, only(edges(a, DepType.WAW, src.line("baseStore"), src.line("subStore"), -1)).count(), mode);
            assertEquals(List.of(1L, 1L), edges(a, DepType.RAW, src.line("subStore"), src.line("subGet"), -1).stream()
                    .map(DepEdge::count).toList(), mode + ": the reads of both fields, one location");
            assertEquals(List.of(), edges(a, DepType.WAR, src.line("subGet"), src.line("subStore"), -1), mode);
            List<String> warnings = ProfileReader.read(dir.resolve("FinalFieldsTarget-" + mode + ".prof")).warnings();
            assertTrue(warnings.stream().noneMatch(w -> w.contains("final field")), mode + " " + warnings);
        }
    }

    @Test
    void dependencesBetweenThreadsAreNotCarriedByLoops(@TempDir Path dir) throws Exception {
        Markers src = Markers.of("ThreadsTarget");
        for (String mode : List.of("camp", "lamp")) {
            DepsAnalysis a = run(dir, "ThreadsTarget", mode);
            List<LoopVerdict> writers = loops(a, "fill", src.line("write"));
            assertFalse(writers.isEmpty(), mode);
            writers.forEach(w -> assertTrue(w.parallelizable(), mode + " writer " + w));
            assertEquals(1000, writers.stream().mapToLong(w -> w.iterations() - w.invocations()).sum(), mode);
            assertTrue(only(loops(a, "main", src.line("read"))).parallelizable(), mode);
            DepEdge cross = only(edges(a, DepType.RAW, src.line("writeElement"), src.line("readElement"), -1));
            assertTrue(cross.crossThread(), mode);
            assertEquals(1000, cross.count(), mode);
            assertEquals(Map.of(), relations(cross), mode);
        }
    }

    @Test
    void theSameRunTwiceGivesTheSameReport(@TempDir Path dir) throws Exception {
        for (String mode : List.of("camp", "lamp")) {
            String first = depsReport(dir, "KernelsTarget", mode, "first");
            String second = depsReport(dir, "KernelsTarget", mode, "second");
            assertTrue(first.contains("Memory dependences"), first);
            assertEquals(first, second, mode);
        }
    }

    @Test
    void figure1GivesTheSameDependencesOnJdk25(@TempDir Path dir) throws Exception {
        Path java25 = Path.of("/usr/lib/jvm/temurin-25-jdk-amd64/bin/java");
        org.junit.jupiter.api.Assumptions.assumeTrue(Files.isExecutable(java25), "no JDK 25 on this machine");
        String main = PACKAGE + "Figure1Target";
        AgentRun.Result plain = AgentRun.run(java25, null, AgentRun.targetClassPath(), main);
        Path prof = dir.resolve("25.prof");
        AgentRun.Result run = AgentRun.run(java25, "profile=deps," + SCOPE + ",out=" + prof, AgentRun.targetClassPath(), main);
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(plain.stdout(), run.stdout());
        StringBuilder on25 = new StringBuilder();
        new TextReport(1_000).write(ProfileSummary.of(ProfileReader.read(prof)), on25);
        assertEquals(depsReport(dir, "Figure1Target", "camp", "on17"), on25.substring(on25.indexOf("Memory dependences")));
    }

    /** The text report of a run from its dependence section on (the header names the file and the time). */
    private static String depsReport(Path dir, String target, String mode, String name) throws Exception {
        Path prof = dir.resolve(name + "-" + mode + ".prof");
        AgentRun.Result run = AgentRun.run("profile=deps,deps.mode=" + mode + "," + SCOPE + ",out=" + prof, PACKAGE + target);
        assertEquals(0, run.exitCode(), run.stderr());
        StringBuilder text = new StringBuilder();
        new TextReport(1_000).write(ProfileSummary.of(ProfileReader.read(prof)), text);
        return text.substring(text.indexOf("Memory dependences"));
    }

    // ---- running ----

    private static DepsAnalysis run(Path dir, String target, String mode) throws Exception {
        AgentRun.Result plain = AgentRun.run(null, PACKAGE + target);
        assertEquals(0, plain.exitCode(), plain.stderr());
        Path prof = dir.resolve(target + "-" + mode + ".prof");
        AgentRun.Result run = AgentRun.run("profile=deps,deps.mode=" + mode + "," + SCOPE + ",out=" + prof, PACKAGE + target);
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(plain.stdout(), run.stdout(), "dependence profiling must not change the output");
        assertFalse(run.stderr().contains("uninstrumented"), run.stderr());
        DepsAnalysis a = DepsAnalysis.of(ProfileReader.read(prof));
        assertEquals(mode, a.mode());
        assertEquals(List.of(), a.problems());
        return a;
    }

    // ---- looking things up ----

    /** The lines of a target's {@code // @name} markers. */
    private record Markers(Map<String, Integer> lines, String target) {
        static Markers of(String target) throws IOException {
            return new Markers(SourceMarkers.of(PACKAGE + target), target);
        }

        int line(String marker) {
            Integer line = lines.get(marker);
            if (line == null) {
                throw new IllegalArgumentException("no marker @" + marker + " in " + target);
            }
            return line;
        }
    }

    /** The (non-recursion) loop records of the loop of {@code method} whose header is on {@code line}. */
    private static List<LoopVerdict> loops(DepsAnalysis a, String method, int line) {
        return a.loops().stream().filter(v -> !v.meta().recursion() && v.meta().method().equals(method)
                && v.meta().line() == line).toList();
    }

    /** The loop record among {@code loops} whose context holds a call made on {@code callLine}. */
    private static LoopVerdict calledFrom(List<LoopVerdict> loops, int callLine) {
        return only(loops.stream().filter(v -> v.context().stream()
                .anyMatch(e -> e.kind() == ContextEntry.Kind.CALL && e.line() == callLine)).toList());
    }

    /**
     * The dependences of {@code type} from the site on {@code srcLine} to the site on {@code dstLine};
     * with {@code dstCall >= 0} only those whose destination context ends with a call on that line.
     */
    private static List<DepEdge> edges(DepsAnalysis a, DepType type, int srcLine, int dstLine, int dstCall) {
        return a.dependences().stream().filter(e -> e.type() == type && e.src().site().line() == srcLine
                && e.dst().site().line() == dstLine
                && (dstCall < 0 || !e.dst().context().isEmpty() && last(e.dst().context()).line() == dstCall)).toList();
    }

    /** Loop id → relation of a dependence. */
    private static Map<Integer, LoopRelation.Relation> relations(DepEdge e) {
        Map<Integer, LoopRelation.Relation> out = new LinkedHashMap<>();
        for (LoopRelation r : e.loops()) {
            out.put(r.loop().id(), r.relation());
        }
        return out;
    }

    private static List<Integer> carried(LoopVerdict v) {
        return List.of(v.raw(), v.war(), v.waw());
    }

    private static List<ContextEntry.Kind> kinds(List<ContextEntry> context) {
        return context.stream().map(ContextEntry::kind).toList();
    }

    private static <T> T last(List<T> list) {
        return list.get(list.size() - 1);
    }

    private static <T> T only(List<T> list) {
        assertEquals(1, list.size(), "expected exactly one: " + list);
        return list.get(0);
    }
}
