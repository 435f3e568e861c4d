package io.loupe.maven;

import io.loupe.maven.CheckRule.LoopRequirement;
import io.loupe.maven.CheckRule.LoopRule;
import io.loupe.maven.CheckRule.MethodName;
import io.loupe.maven.CheckRule.PathsRule;
import io.loupe.maven.CheckRule.ValueRule;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CheckRuleTest {

    @Test
    void aLoopIsNamedByMethodAndHeaderLine() {
        assertEquals(new LoopRule("loop com.example.Stats.sum:42 parallelizable",
                        new MethodName("com.example.Stats", "sum", null), 42, LoopRequirement.PARALLELIZABLE),
                CheckRule.parse("  loop   com.example.Stats.sum:42\n parallelizable "));
        assertEquals(LoopRequirement.NOT_BLOCKED,
                ((LoopRule) CheckRule.parse("loop com.example.Outer$Inner.run([I)V:7 not blocked")).requirement());
        assertEquals(new MethodName("com.example.Outer$Inner", "run", "([I)V"),
                ((LoopRule) CheckRule.parse("loop com.example.Outer$Inner.run([I)V:7 doall")).method());
    }

    @Test
    void aMethodRuleLimitsItsDistinctPaths() {
        assertEquals(new PathsRule("method com.example.P.parse at most 12 paths",
                new MethodName("com.example.P", "parse", null), 12), CheckRule.parse("method com.example.P.parse at most 12 paths"));
        assertEquals(1, ((PathsRule) CheckRule.parse("method a.B.c(I)I at most 1 path")).maxPaths());
    }

    @Test
    void aValueRuleNamesSitesByLineAndOptionallyKindAndWhatTheyRead() {
        ValueRule all = (ValueRule) CheckRule.parse("value com.example.S.scale:11 invariant at least 90%");
        assertEquals(11, all.line());
        assertEquals(null, all.kind());
        assertEquals(0.9, all.minInvariance(), 1e-12);
        ValueRule one = (ValueRule) CheckRule.parse("value com.example.S.scale:11 param factor invariant at least 0.75");
        assertEquals("param", one.kind());
        assertEquals("factor", one.detail());
        assertEquals(0.75, one.minInvariance(), 1e-12);
        assertEquals("field", ((ValueRule) CheckRule.parse("value a.B.c:3 field invariant at least 50%")).kind());
    }

    @Test
    void aMalformedRuleSaysWhatARuleLooksLike() {
        assertEquals("rule 'loop com.example.S.sum parallelizable': 'com.example.S.sum' names no line: write"
                + " CLASS.METHOD:LINE, as the reports name it", message("loop com.example.S.sum parallelizable"));
        assertEquals("rule 'loop a.B.c:3 fast': a loop must stay 'parallelizable', 'doall' or 'not blocked', not 'fast'",
                message("loop a.B.c:3 fast"));
        assertEquals("rule 'method a.B.c at most many paths': 'many' is not a number of paths",
                message("method a.B.c at most many paths"));
        assertTrue(message("method a.B.c paths <= 3").endsWith("a method rule is 'method CLASS.METHOD at most N paths'"));
        assertEquals("rule 'value a.B.c:3 invariant at least 120%': '120%' is not between 0% and 100%",
                message("value a.B.c:3 invariant at least 120%"));
        assertEquals("rule 'value a.B.c:3 global invariant at least 90%': unknown site kind 'global' (known: param, field,"
                + " array, return, local)", message("value a.B.c:3 global invariant at least 90%"));
        assertEquals("rule 'path a.B.c:3': a rule starts with 'loop', 'method' or 'value', not 'path'", message("path a.B.c:3"));
        assertEquals("rule 'method sum at most 3 paths': 'sum' is not CLASS.METHOD (a class name with its package, a"
                + " dot, the method)", message("method sum at most 3 paths"));
        assertEquals("rule '': empty rule", message("  "));
    }

    private static String message(String rule) {
        return assertThrows(IllegalArgumentException.class, () -> CheckRule.parse(rule)).getMessage();
    }
}
