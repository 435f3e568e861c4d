package io.loupe.maven;

import io.loupe.analysis.deps.DepsProfileBuilder;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.values.SiteKind;
import org.junit.jupiter.api.Test;

import static io.loupe.data.deps.DepType.RAW;
import static io.loupe.data.deps.Dependence.INTER;
import static io.loupe.data.deps.Dependence.NEAR;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Rules on hand-built profiles (lamp mode: one verdict per loop). */
class RuleEvaluatorTest {

    private static final String C = "com.example.Kernels";

    /** {@code prefix}: a[i] += a[i - 1] on line 8, a RAW at distance 1; {@code scale}: nothing carried. */
    private static ProfileSummary deps() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp").sourceFiles();
        int prefix = b.loop(C, "prefix([I)V", 7, -1);
        int load = b.arrayAccess(C, "prefix([I)V", 8, false, "int", "a");
        int store = b.arrayAccess(C, "prefix([I)V", 8, true, "int", "a");
        int scale = b.loop(C, "scale([II)[I", 14, -1);
        b.ran(prefix, -1, 1, 100).ran(scale, -1, 3, 300)
                .dep(RAW, store, -1, load, -1, 98, false, prefix, (byte) (INTER | NEAR));
        return ProfileSummary.of(b.build());
    }

    private static RuleEvaluator.Result eval(ProfileSummary s, String rule) {
        return new RuleEvaluator(s).evaluate(CheckRule.parse(rule));
    }

    @Test
    void aLoopWithoutCarriedDependencesStaysParallelizable() {
        RuleEvaluator.Result r = eval(deps(), "loop com.example.Kernels.scale:14 parallelizable");
        assertTrue(r.holds(), r.line());
        assertEquals("loop com.example.Kernels.scale:14 parallelizable: holds in 1 context (300 iterations)", r.line());
    }

    @Test
    void aLoopCarryingARawFailsWithWhatWasMeasuredAndTheLimit() {
        RuleEvaluator.Result r = eval(deps(), "loop com.example.Kernels.prefix:7 not blocked");
        assertFalse(r.holds());
        assertTrue(r.line().startsWith("loop com.example.Kernels.prefix:7 not blocked: measured in 1 of 1 context: not"
                + " parallelizable, carried RAW 1 WAR 0 WAW 0, advice blocked: blocked by RAW line 8 → 8"), r.line());
        assertTrue(r.line().endsWith("; limit: not blocked in every context"), r.line());
    }

    @Test
    void aRuleThatNamesNoLoopFailsAndSaysWhichLinesThereAre() {
        RuleEvaluator.Result r = eval(deps(), "loop com.example.Kernels.prefix:9 doall");
        assertFalse(r.holds());
        assertEquals("loop com.example.Kernels.prefix:9 doall: matches no loop that ran: the loops of"
                + " com.example.Kernels.prefix that ran have their headers on line 7", r.line());
        assertFalse(eval(deps(), "loop com.example.Other.run:9 doall").holds());
    }

    @Test
    void rulesOnDataTheProfileDoesNotHoldFail() {
        ProfileSummary deps = deps();
        RuleEvaluator.Result values = eval(deps, "value com.example.C.m:3 invariant at least 50%");
        assertFalse(values.holds());
        assertTrue(values.line().contains("the profile holds no value data"), values.line());
        RuleEvaluator.Result paths = eval(deps, "method com.example.Kernels.scale at most 2 paths");
        assertFalse(paths.holds());
        assertTrue(paths.line().contains("matches no method that ran under the path profiler"), paths.line());
        RuleEvaluator.Result loops = eval(ProfileSummary.of(new ValueProfileBuilder().build()),
                "loop com.example.Kernels.scale:14 parallelizable");
        assertTrue(loops.line().contains("the profile holds no dependence data"), loops.line());
    }

    @Test
    void aValueSiteMustStayInvariantAtLeastTheLimit() {
        ValueProfileBuilder b = new ValueProfileBuilder();
        int factor = b.site("com.example.C", "scale", "([II)[I", 11, SiteKind.PARAM, "factor");
        int n = b.site("com.example.C", "scale", "([II)[I", 11, SiteKind.PARAM, "n");
        b.ran(factor, 100, 99, "3", 95L, "4", 5L).ran(n, 100, 50, "10", 60L, "20", 40L);
        ProfileSummary s = ProfileSummary.of(b.build());
        RuleEvaluator.Result one = eval(s, "value com.example.C.scale:11 param factor invariant at least 90%");
        assertTrue(one.holds(), one.line());
        assertEquals("value com.example.C.scale:11 param factor invariant at least 90%: holds (param factor Inv-1 95.0%"
                + " of 100 executions (top value 3))", one.line());
        RuleEvaluator.Result both = eval(s, "value com.example.C.scale:11 invariant at least 90%");
        assertFalse(both.holds());
        assertEquals("value com.example.C.scale:11 invariant at least 90%: measured: param n Inv-1 60.0% of 100"
                + " executions (top value 10); limit: 90.0%", both.line());
        assertFalse(eval(s, "value com.example.C.scale:12 invariant at least 10%").holds());
    }
}
