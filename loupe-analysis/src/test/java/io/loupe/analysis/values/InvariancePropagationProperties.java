package io.loupe.analysis.values;

import io.loupe.data.values.Formula;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Random data-flow graphs of local sites, cycles included: the estimate always settles within [0, 1]. */
class InvariancePropagationProperties {

    private static final int PARAMS = 3;

    /** A formula over the parameters 0..2 and the local sites 3..3+locals-1. */
    private static Arbitrary<String> formula(int locals, int depth) {
        Arbitrary<String> leaf = Arbitraries.oneOf(Arbitraries.just("c"), Arbitraries.just("?"),
                Arbitraries.integers().between(0, PARAMS + locals - 1).map(i -> "s" + i));
        if (depth == 0) {
            return leaf;
        }
        Arbitrary<String> sub = formula(locals, depth - 1);
        Arbitrary<String> merge = sub.list().ofMinSize(1).ofMaxSize(3).map(l -> "{" + String.join("|", l) + "}");
        Arbitrary<String> op = Combinators.combine(Arbitraries.of("copy", "cast", "int-arith", "fp-mul", "logic", "convert"),
                sub.list().ofMinSize(1).ofMaxSize(3)).as((name, in) -> name + "(" + String.join(",", in) + ")");
        return Arbitraries.frequencyOf(net.jqwik.api.Tuple.of(3, leaf), net.jqwik.api.Tuple.of(2, merge),
                net.jqwik.api.Tuple.of(2, op));
    }

    @Provide
    Arbitrary<List<String>> graphs() {
        return Arbitraries.integers().between(1, 8).flatMap(n -> formula(n, 2).list().ofSize(n));
    }

    @Property(tries = 300)
    void every_estimate_is_undefined_or_within_0_and_1_and_a_fixpoint_of_the_rules(
            @ForAll("graphs") List<String> formulas, @ForAll("runs") List<Long> runs) {
        ValueAnalysis a = analyse(formulas, runs);
        assertTrue(a.problems().isEmpty(), a.problems().toString());
        for (LocalEstimate e : a.estimates()) {
            assertTrue(!e.defined() || e.estimate() >= 0 && e.estimate() <= 1, e.toString());
            if (!e.recurrence()) {
                // recomputing a site from the final estimates changes nothing
                double again = rule(Formula.parse(e.meta().formula()), a);
                assertEquals(again, e.estimate(), 1e-12, e.meta().formula());
            }
        }
    }

    /** The rules of {@link InvariancePropagation}, written out again, one step. */
    private static double rule(Formula f, ValueAnalysis a) {
        if (f instanceof Formula.Const) {
            return 1;
        }
        if (f instanceof Formula.Site s) {
            if (s.id() >= PARAMS) {
                return a.estimate(s.id()).estimate();
            }
            SiteStats measured = a.site(s.id());
            return measured == null ? Double.NaN : measured.inv1();
        }
        if (f instanceof Formula.AnyOf any) {
            return any.options().stream().mapToDouble(o -> rule(o, a)).filter(v -> !Double.isNaN(v)).min()
                    .orElse(Double.NaN);
        }
        if (f instanceof Formula.Op op) {
            if (op.inputs().size() == 1) {
                return rule(op.inputs().get(0), a);
            }
            double product = 1;
            for (Formula in : op.inputs()) {
                product *= rule(in, a);     // NaN stays NaN
            }
            return product;
        }
        return Double.NaN;
    }

    @Provide
    Arbitrary<List<Long>> runs() {
        return Arbitraries.longs().between(0, 50).list().ofSize(PARAMS + 8);
    }

    private static ValueAnalysis analyse(List<String> formulas, List<Long> runs) {
        ValueProfileBuilder b = new ValueProfileBuilder();
        for (int i = 0; i < PARAMS; i++) {
            b.param(i);
        }
        for (int i = 0; i < formulas.size(); i++) {
            b.local(10 + i, "int-arith", formulas.get(i));
        }
        for (int i = 0; i < PARAMS + formulas.size(); i++) {
            long n = runs.get(i);
            if (n > 0) {
                b.ranWithTop(i, n, Math.max(1, n / (i + 1)));
            }
        }
        return b.analyse();
    }
}
