package io.loupe.analysis.advice;

import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.DepsProfileBuilder;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.values.SiteKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.loupe.analysis.deps.DepsProfileBuilder.register;
import static io.loupe.data.deps.DepType.RAW;
import static io.loupe.data.deps.DepType.WAR;
import static io.loupe.data.deps.DepType.WAW;
import static io.loupe.data.deps.Dependence.INTER;
import static io.loupe.data.deps.Dependence.INTRA;
import static io.loupe.data.deps.Dependence.NEAR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Advice on hand-built lamp profiles, whose loop levels are loop ids. */
class AdvisorTest {

    /** Across iterations, seen at distance 1. */
    private static final byte NEAR_INTER = INTER | NEAR;

    private static final String C = "com.example.Kernels";
    private static final String SUM = "sum([I)J";
    private static final CarriedRegisterMeta I = register(2, "i", CarriedRegisterMeta.Kind.INDUCTION);

    /** The one loop's advice, without a value profile. */
    private static LoopAdvice only(DepsProfileBuilder b) {
        DepsAnalysis a = DepsAnalysis.of(b.build());
        assertEquals(List.of(), a.problems());
        return Advisor.advise(a, a.loops().get(0), null);
    }

    private static List<String> kinds(LoopAdvice advice) {
        return advice.actions().stream().map(x -> x.kind().label()).toList();
    }

    /** {@code acc.total += a[i]}: getfield and putfield on line 7, RAW and WAW carried, WAR within an iteration. */
    private static DepsProfileBuilder fieldSum(MemoryUpdate.Op op, boolean inexact) {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp").sourceFiles();
        int loop = b.loop(C, SUM, 6, -1, I);
        int load = b.access(C, SUM, 7, false, "com.example.Acc.total");
        int store = b.update(load, op, inexact);
        return b.ran(loop, -1, 1, 65)
                .dep(RAW, store, -1, load, -1, 63, false, loop, NEAR_INTER)
                .dep(WAR, load, -1, store, -1, 64, false, loop, INTRA)
                .dep(WAW, store, -1, store, -1, 63, false, loop, INTER);
    }

    @Test
    void aFieldOnlyUpdatedWithOneOperationIsAReductionThroughMemory() {
        LoopAdvice advice = only(fieldSum(MemoryUpdate.Op.PLUS, false));
        assertEquals(LoopAdvice.Kind.REDUCTION, advice.kind());
        assertEquals("reduction on `Acc.total` (+)", advice.text());
        Action reduction = advice.actions().get(0);
        assertEquals("com.example.Acc.total", reduction.target());
        assertEquals("+", reduction.op());
        assertFalse(reduction.inexact());
        assertFalse(advice.loop().parallelizable(), "the memory verdict stays as it was");
        assertEquals(2, advice.evidence().carried().size(), "RAW and WAW carried");
        assertEquals(65.0, advice.evidence().meanIterations());
        assertEquals(List.of("i"), advice.evidence().inductionVariables());
    }

    @Test
    void aFloatingPointSumIsAReductionOnlyUpToRounding() {
        LoopAdvice advice = only(fieldSum(MemoryUpdate.Op.TIMES, true));
        assertEquals("reduction on `Acc.total` (*, up to rounding)", advice.text());
        assertTrue(advice.actions().get(0).inexact());
    }

    @Test
    void anotherReadOfTheLocationInTheLoopMakesTheUpdateABlockingDependence() {
        DepsProfileBuilder b = fieldSum(MemoryUpdate.Op.PLUS, false);
        int print = b.access(C, SUM, 8, false, "com.example.Acc.total");
        // the store's value read on line 8 of the same iteration: intra only, but not the pair's own
        b.dep(RAW, 1, -1, print, -1, 64, false, 0, INTRA);
        LoopAdvice advice = only(b.distances());
        assertEquals(LoopAdvice.Kind.BLOCKED, advice.kind());
        assertEquals("blocked by RAW line 7 → 7 on `Acc.total` at distance 1", advice.text());
        assertEquals(1, advice.actions().get(0).dependence().src().site().id());
    }

    @Test
    void anArraysElementsOnlyUpdatedAreAnArrayReduction() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp").sourceFiles();
        int loop = b.loop(C, "histogram([I[I)V", 20, -1, I);
        int load = b.arrayAccess(C, "histogram([I[I)V", 21, false, "int[]", "hist");
        int store = b.update(load, MemoryUpdate.Op.PLUS, false);
        b.ran(loop, -1, 1, 101)
                .dep(RAW, store, -1, load, -1, 90, false, loop, INTER)
                .dep(WAR, load, -1, store, -1, 100, false, loop, INTRA | INTER)
                .dep(WAW, store, -1, store, -1, 90, false, loop, INTER);
        LoopAdvice advice = only(b);
        assertEquals(LoopAdvice.Kind.REDUCTION, advice.kind());
        assertEquals(List.of("array-reduction"), kinds(advice));
        assertEquals("array reduction on `hist[]` (+)", advice.text());
        assertEquals("hist[]", advice.actions().get(0).target());
    }

    @Test
    void twoUpdatesOfOneLocationWithDifferentOperationsAreNoReduction() {
        DepsProfileBuilder b = fieldSum(MemoryUpdate.Op.PLUS, false);
        int load = b.access(C, SUM, 9, false, "com.example.Acc.total");
        int store = b.update(load, MemoryUpdate.Op.TIMES, false);
        b.dep(RAW, 1, -1, load, -1, 64, false, 0, INTRA).dep(RAW, store, -1, 0, -1, 63, false, 0, INTER);
        LoopAdvice advice = only(b);
        assertEquals(LoopAdvice.Kind.BLOCKED, advice.kind());
        assertEquals(List.of("blocked-raw", "blocked-raw"), kinds(advice), "both updates' carried RAWs");
    }

    @Test
    void aLoopCarryingNothingButItsIndexIsAParallelStream() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int loop = b.loop(C, SUM, 6, -1, I);
        b.ran(loop, -1, 2, 130);
        LoopAdvice advice = only(b);
        assertEquals(LoopAdvice.Kind.DOALL, advice.kind());
        assertEquals("DOALL: a parallel stream over the index range", advice.text());
        assertEquals(65.0, advice.evidence().meanIterations());
        assertNull(advice.actions().get(0).target());

        DepsProfileBuilder noIndex = new DepsProfileBuilder("lamp");
        noIndex.ran(noIndex.loop(C, "drain()V", 3, -1), -1, 1, 4);
        assertEquals("DOALL: parallel over its iterations", only(noIndex).text());
    }

    @Test
    void aSumInALocalIsAReductionNotADoall() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int loop = b.loop(C, SUM, 6, -1, I, register(3, "s", CarriedRegisterMeta.Kind.REDUCTION));
        b.ran(loop, -1, 1, 65);
        LoopAdvice advice = only(b);
        assertEquals(LoopAdvice.Kind.REDUCTION, advice.kind());
        assertEquals("reduction into the local `s`", advice.text());
        assertTrue(advice.loop().parallelizable());
    }

    @Test
    void locationsOnlyReusedAcrossIterationsArePrivatized() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp").sourceFiles();
        String m = "smooth([I)V";
        int loop = b.loop(C, m, 30, -1, I);
        int write = b.arrayAccess(C, m, 31, true, "int[]", "tmp");
        int read = b.arrayAccess(C, m, 32, false, "int[]", "tmp");
        int buf = b.access(C, m, 33, true, "com.example.Kernels.buf");
        b.ran(loop, -1, 1, 65)
                .dep(RAW, write, -1, read, -1, 64, false, loop, INTRA)
                .dep(WAR, read, -1, write, -1, 63, false, loop, INTER)
                .dep(WAW, write, -1, write, -1, 63, false, loop, INTER)
                .dep(WAW, buf, -1, buf, -1, 63, false, loop, INTER);
        LoopAdvice advice = only(b);
        assertEquals(LoopAdvice.Kind.PRIVATIZE, advice.kind());
        assertEquals("privatize `Kernels.buf`; privatize `tmp[]`", advice.text());
        assertEquals(List.of("com.example.Kernels.buf", "tmp[]"), advice.actions().stream().map(Action::target).toList());
    }

    @Test
    void aCarriedRawAndATrueCarriedLocalBlock() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp").sourceFiles();
        String m = "recurrence([I)V";
        int loop = b.loop(C, m, 40, -1, I, register(4, "prev", CarriedRegisterMeta.Kind.OTHER));
        int read = b.arrayAccess(C, m, 41, false, "int[]", "a");
        int write = b.arrayAccess(C, m, 41, true, "int[]", "a");
        int helper = b.access("com.example.Helper", "get()I", 3, true, "com.example.Helper.last");
        int use = b.access(C, m, 42, false, "com.example.Helper.last");
        b.ran(loop, -1, 1, 64)
                .dep(RAW, write, -1, read, -1, 62, false, loop, NEAR_INTER)
                .dep(RAW, helper, -1, use, -1, 5, false, loop, INTER)
                .dep(WAR, read, -1, write, -1, 63, false, loop, INTRA);
        assertEquals("blocked by RAW Helper.java:3 → line 42 on `Helper.last` across iterations",
                only(b).actions().get(1).text(), "a run that did not record distances: not known");
        LoopAdvice advice = only(b.distances());
        assertEquals(LoopAdvice.Kind.BLOCKED, advice.kind());
        assertEquals(List.of(
                "blocked by RAW line 41 → 41 on `a[]` at distance 1",
                "blocked by RAW Helper.java:3 → line 42 on `Helper.last` at distance 2 or more",
                "blocked by the local `prev` carried across iterations"),
                advice.actions().stream().map(Action::text).toList(), "RAWs by count, then locals");
        assertEquals("prev", advice.actions().get(2).target());
    }

    @Test
    void aValueProfileGivesTheValuesOnTheHeaderLine() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int loop = b.loop(C, SUM, 6, -1, I);
        b.ran(loop, -1, 100, 102_500);
        ValueProfileBuilder v = new ValueProfileBuilder();
        int n = v.site(C, "sum", "([I)J", 6, SiteKind.PARAM, "n");
        int i = v.site(C, "sum", "([I)J", 6, SiteKind.LOCAL, "i");            // the index: left out
        int other = v.site(C, "sum", "([I)J", 7, SiteKind.PARAM, "m");        // another line
        int size = v.site(C, "sum", "([I)J", 6, SiteKind.FIELD, "com.example.Kernels.size");
        v.ran(n, 100, 99, "1024", 99L, "8", 1L).ran(i, 100, 0, "0", 100L).ran(other, 100, 0, "1", 100L)
                .ran(size, 50, 49, "3", 50L);
        ValueAnalysis values = v.analyse();
        DepsAnalysis a = DepsAnalysis.of(b.build());
        LoopVerdict l = a.loops().get(0);

        List<TripBound> bounds = Advisor.of(a, values).advise(l).evidence().bounds();
        assertEquals(List.of("bound `n` = 1024 in 99.0% of executions", "bound `Kernels.size` = 3 in 100.0% of executions"),
                bounds.stream().map(TripBound::text).toList());
        assertEquals(List.of(), Advisor.advise(a, l, null).evidence().bounds(), "no value profile, no bounds");
        assertEquals(1025.0, Advisor.advise(a, l, null).evidence().meanIterations());
    }

    @Test
    void everyLoopGetsAdviceInTheAnalysisOrder() {
        DepsProfileBuilder b = fieldSum(MemoryUpdate.Op.PLUS, false);
        b.ran(b.loop(C, "other()V", 50, -1), -1, 1, 1);
        DepsAnalysis a = DepsAnalysis.of(b.build());
        List<LoopAdvice> all = Advisor.of(a, null).all();
        assertEquals(a.loops(), all.stream().map(LoopAdvice::loop).toList());
        assertEquals(List.of(LoopAdvice.Kind.DOALL, LoopAdvice.Kind.REDUCTION), all.stream().map(LoopAdvice::kind).toList());
    }
}
