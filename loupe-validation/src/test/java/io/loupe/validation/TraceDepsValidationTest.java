package io.loupe.validation;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.recovery.RecoveredDependence;
import io.loupe.data.Profile;
import io.loupe.data.deps.Dependence;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.TraceReader;
import io.loupe.data.trace.MethodOps;
import io.loupe.data.trace.Trace;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.SourceMarkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static io.loupe.validation.support.HeapDependences.assertClean;
import static io.loupe.validation.support.HeapDependences.differences;
import static io.loupe.validation.support.HeapDependences.key;
import static io.loupe.validation.support.HeapDependences.profiled;
import static io.loupe.validation.support.HeapDependences.recovered;
import static io.loupe.validation.support.HeapDependences.where;

/**
 * Dependences recovered from a whole-program trace ({@link DependenceRecovery}), with its checks
 * ({@code profile=trace}, the eWPP) and with its address trace ({@code trace.heap=addresses}, the
 * baseline), against the dependence profiler's for the same deterministic run
 * ({@code profile=deps,deps.mode=lamp}): the same heap dependences, type by type and line by line,
 * with the same counts, three ways. And dependences through locals, which no profiler counts,
 * against a target worked out by hand.
 */
class TraceDepsValidationTest {

    private static final String TARGETS = "io.loupe.validation.targets.";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"deps.Figure1Target", "deps.KernelsTarget", "deps.FinalFieldsTarget",
        "deps.ShadowFieldsTarget", "ConstructorLoopsTarget", "SwitchTarget", "trace.LocalsTarget",
        "trace.HeapExceptionsTarget"})
    void heapDependencesAreTheDependenceProfilersOwn(String target, @TempDir Path dir) throws Exception {
        String include = "include=" + TARGETS + (target.contains(".") ? target.substring(0, target.indexOf('.') + 1) : "") + "*";
        AgentRun.Result plain = AgentRun.run(null, TARGETS + target);
        assertEquals(0, plain.exitCode(), plain.stderr());

        Path prof = dir.resolve("lamp.prof");
        AgentRun.Result lamp = AgentRun.run("profile=deps,deps.mode=lamp," + include + ",out=" + prof, TARGETS + target);
        assertEquals(plain.stdout(), lamp.stdout());
        Map<String, Long> expected = profiled(ProfileReader.read(prof));

        assertTrue(!expected.isEmpty(), "the target has heap dependences");
        for (String heap : List.of("addresses", "checks")) {
            Trace trace = traced(dir, include, target, plain.stdout(), heap);
            DependenceRecovery.Recovery r = DependenceRecovery.recover(trace);
            assertClean(r);
            assertEquals(0, r.unresolvedHeapOps());
            Map<String, Long> actual = recovered(trace, r, RecoveredDependence.Memory.HEAP);
            assertEquals(Map.of(), differences(expected, actual),
                    target + ": heap dependences, profiled → recovered from the trace with " + heap);
            if (heap.equals("checks")) {
                assertTrue(r.checkedHeapOps() > 0, "fields and elements are checked");
            }
        }
    }

    @Test
    void freeLoadsAreRecoveredFromTheControlFlow(@TempDir Path dir) throws Exception {
        String target = "trace.HeapExceptionsTarget";
        AgentRun.Result plain = AgentRun.run(null, TARGETS + target);
        Trace trace = traced(dir, "include=" + TARGETS + "trace.*", target, plain.stdout(), "checks");
        DependenceRecovery.Recovery r = DependenceRecovery.recover(trace);
        assertClean(r);
        assertTrue(r.freeHeapOps() > 0, "the target reads a field twice in a block");
        assertTrue(r.dependences().stream().anyMatch(d -> d.memory() == RecoveredDependence.Memory.HEAP
                && d.recoveredBy() == RecoveredDependence.RecoveredBy.CONTROLFLOW && !isStatic(trace, d)),
                "a free load's RAW is recovered from the control flow");
    }

    @Test
    void localDependencesAreThoseWorkedOutByHand(@TempDir Path dir) throws Exception {
        String target = "trace.LocalsTarget";
        AgentRun.Result plain = AgentRun.run(null, TARGETS + target);
        Trace trace = traced(dir, "include=" + TARGETS + "trace.*", target, plain.stdout(), "checks");
        DependenceRecovery.Recovery r = DependenceRecovery.recover(trace);
        assertClean(r);
        Map<String, Integer> line = markers("targets/trace/LocalsTarget.java");
        Map<String, Long> locals = new TreeMap<>();
        recovered(trace, r, RecoveredDependence.Memory.LOCAL).forEach((k, n) -> {
            if (k.contains(".sum(")) {
                locals.put(k, n);
            }
        });
        String sum = "io.loupe.validation.targets.trace.LocalsTarget.sum([I)I:";
        Map<String, Long> expected = new TreeMap<>();
        // s: the first iteration reads what s0 stored, the others what the iteration before added; the return the last sum
        expected.put(key("RAW", "s", sum + line.get("s0"), sum + line.get("add")), 1L);
        expected.put(key("RAW", "s", sum + line.get("add"), sum + line.get("add")), 4L);
        expected.put(key("RAW", "s", sum + line.get("add"), sum + line.get("ret")), 1L);
        // i on the loop's line: the test reads the initial store once and i++ five times, i++ reads the store once
        // and itself four times; the body reads i five times
        expected.put(key("RAW", "i", sum + line.get("loop"), sum + line.get("loop")), 11L);
        expected.put(key("RAW", "i", sum + line.get("loop"), sum + line.get("add")), 5L);
        assertEquals(expected, locals, "sum's local dependences (its parameter a has none: the call stored it)");
        Map<String, Long> heap = recovered(trace, r, RecoveredDependence.Memory.HEAP);
        String main = "io.loupe.validation.targets.trace.LocalsTarget.main([Ljava/lang/String;)V:";
        assertEquals(Map.of(key("RAW", "", main + line.get("fill"), sum + line.get("add")), 5L), heap);
    }

    @Test
    void withoutHeapEventsOnlyStaticFieldsAndLocalsAreRecovered(@TempDir Path dir) throws Exception {
        String target = "deps.KernelsTarget";
        Path file = dir.resolve("run.trace");
        AgentRun.Result run = AgentRun.run("profile=trace,trace.heap=none,include=" + TARGETS + "deps.*,out=" + file,
                TARGETS + target);
        assertEquals(0, run.exitCode(), run.stderr());
        Trace trace = TraceReader.read(file);
        DependenceRecovery.Recovery r = DependenceRecovery.recover(trace);
        assertClean(r);
        assertTrue(r.unresolvedHeapOps() > 0, "fields and elements need checks or the address trace");
        assertTrue(r.dependences().stream().allMatch(d -> d.recoveredBy() == RecoveredDependence.RecoveredBy.CONTROLFLOW));
    }

    @Test
    void threadsAreRecoveredEachOnItsOwn(@TempDir Path dir) throws Exception {
        AgentRun.Result plain = AgentRun.run(null, TARGETS + "ThreadsTarget");
        Trace trace = traced(dir, "include=" + TARGETS + "*", "ThreadsTarget", plain.stdout(), "addresses");
        DependenceRecovery.Recovery r = DependenceRecovery.recover(trace);
        assertClean(r);
        assertTrue(trace.threads().size() > 1);
        assertTrue(r.dependences().stream().map(RecoveredDependence::thread).distinct().count() > 1,
                "dependences of several threads");
    }

    @Test
    void checksRecoverDependencesBetweenThreads(@TempDir Path dir) throws Exception {
        checksRecoverLampsDependences(dir, "ThreadsTarget", "the workers store what main loads after joining them",
                "every heap dependence, between threads too, profiled → recovered");
    }

    /**
     * Static fields shared between threads: each thread's control flow names a static's one
     * location, but not which thread stored it last; the checks do, so every dependence through a
     * static, between threads too, is the dependence profiler's.
     */
    @Test
    void checksRecoverStaticFieldsBetweenThreads(@TempDir Path dir) throws Exception {
        Trace trace = checksRecoverLampsDependences(dir, "trace.SharedStaticsTarget",
                "the workers load what main stored and the worker before them",
                "every dependence through a static field, between threads too, profiled → recovered");
        assertTrue(trace.staticsChecked());
    }

    /**
     * Runs {@code target} under lamp (which must find a dependence between threads: {@code crossing}
     * says which) and traced with checks, and requires the checks to name other threads'
     * generations and every heap dependence recovered to be lamp's ({@code same}); the trace.
     */
    private static Trace checksRecoverLampsDependences(Path dir, String target, String crossing, String same) throws Exception {
        String include = "include=" + TARGETS + target + "*";
        AgentRun.Result plain = AgentRun.run(null, TARGETS + target);
        Path prof = dir.resolve("lamp.prof");
        AgentRun.Result lamp = AgentRun.run("profile=deps,deps.mode=lamp," + include + ",out=" + prof, TARGETS + target);
        assertEquals(plain.stdout(), lamp.stdout());
        Profile p = ProfileReader.read(prof);
        assertTrue(p.deps().dependences().stream().anyMatch(Dependence::crossThread), crossing);
        Map<String, Long> expected = new TreeMap<>();
        for (Dependence d : p.deps().dependences()) {
            expected.merge(key(d.type().name(), "", where(p.deps().sites().get(d.srcSite())),
                    where(p.deps().sites().get(d.dstSite()))), d.count(), Long::sum);
        }
        Trace trace = traced(dir, include, target, plain.stdout(), "checks");
        DependenceRecovery.Recovery r = DependenceRecovery.recover(trace);
        assertClean(r);
        assertEquals(0, r.unresolvedHeapOps());
        assertTrue(r.crossThread() > 0, "checks name other threads' generations");
        assertEquals(Map.of(), differences(expected, recovered(trace, r, RecoveredDependence.Memory.HEAP)), same);
        return trace;
    }

    private static Trace traced(Path dir, String include, String target, String output, String heap) throws Exception {
        Path file = dir.resolve(heap + ".trace");
        AgentRun.Result run = AgentRun.run("profile=trace,trace.heap=" + heap + "," + include + ",out=" + file,
                TARGETS + target);
        assertEquals(output, run.stdout(), "the trace's heap events must not change the output");
        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(!run.stderr().contains("uninstrumented"), run.stderr());
        Trace trace = TraceReader.read(file);
        assertTrue(trace.complete(), String.valueOf(trace.problem()));
        return trace;
    }

    private static boolean isStatic(Trace t, RecoveredDependence d) {
        byte k = t.ops(d.dstMethod()).kinds()[d.dstOp()];
        return k == MethodOps.STATIC_LOAD || k == MethodOps.STATIC_STORE;
    }



    private static Map<String, Integer> markers(String source) throws IOException {
        return SourceMarkers.of("io.loupe.validation." + source.substring(0, source.length() - ".java".length())
                .replace('/', '.'));
    }
}
