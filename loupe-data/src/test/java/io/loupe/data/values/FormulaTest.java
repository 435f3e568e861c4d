package io.loupe.data.values;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FormulaTest {

    @Test
    void parsesEveryForm() {
        Formula f = Formula.parse("int-arith({s3|s12},c,?)");

        assertEquals(new Formula.Op("int-arith", List.of(
                new Formula.AnyOf(List.of(new Formula.Site(3), new Formula.Site(12))), Formula.CONST, Formula.UNKNOWN)), f);
        assertEquals("int-arith({s3|s12},c,?)", f.toString());
    }

    @Test
    void anOperationNamedLikeAConstantStillParses() {
        assertEquals(new Formula.Op("c", List.of(Formula.CONST)), Formula.parse("c(c)"));
    }

    @Test
    void rejectsMalformedTextNamingThePosition() {
        for (String bad : List.of("", "s", "x(", "{s1", "s1,s2", "int-arith()", "S1", "s99999999999", "{}")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Formula.parse(bad), bad);
            assertTrue(e.getMessage().startsWith("formula '" + bad + "'"), e.getMessage());
        }
    }

    /** An operation's name is a lower-case word with hyphens, {@code [a-z][a-z-]*}: the regular expression is the oracle. */
    @Property
    void anOperationIsNamedByALowerCaseWord(@ForAll("names") String name) {
        boolean word = name.matches("[a-z][a-z-]*");
        if (word) {
            assertEquals(name, new Formula.Op(name, List.of(Formula.CONST)).op());
        } else {
            assertThrows(IllegalArgumentException.class, () -> new Formula.Op(name, List.of(Formula.CONST)), name);
        }
    }

    @Provide
    Arbitrary<String> names() {
        return Arbitraries.strings().withChars("abz-AZ_0{`").ofMinLength(0).ofMaxLength(6);
    }

    @Property
    void everyFormulaReadsBackFromItsText(@ForAll("formulas") Formula f) {
        assertEquals(f, Formula.parse(f.toString()));
    }

    @Provide
    Arbitrary<Formula> formulas() {
        return formula(4);
    }

    private static Arbitrary<Formula> formula(int depth) {
        Arbitrary<Formula> leaf = Arbitraries.oneOf(Arbitraries.just(Formula.CONST), Arbitraries.just(Formula.UNKNOWN),
                Arbitraries.integers().between(0, Integer.MAX_VALUE).map(Formula.Site::new));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<Formula> inner = Arbitraries.lazy(() -> formula(depth - 1));
        return Arbitraries.oneOf(leaf,
                inner.list().ofMinSize(1).ofMaxSize(3).map(Formula.AnyOf::new),
                Combinators2.op(Arbitraries.of("copy", "int-arith", "fp-mul", "c", "compare"), inner));
    }

    /** Ops of a random category over 1–3 inputs. */
    private static final class Combinators2 {
        static Arbitrary<Formula> op(Arbitrary<String> names, Arbitrary<Formula> inner) {
            return net.jqwik.api.Combinators.combine(names, inner.list().ofMinSize(1).ofMaxSize(3))
                    .as(Formula.Op::new);
        }
    }
}
