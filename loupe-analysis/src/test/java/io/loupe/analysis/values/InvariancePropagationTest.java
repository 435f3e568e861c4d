package io.loupe.analysis.values;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class InvariancePropagationTest {

    private final ValueProfileBuilder b = new ValueProfileBuilder();
    /** A parameter measured at Inv-1 0.9, another at 0.5, one that never ran. */
    private final int p9 = b.param(1);
    private final int p5 = b.param(2);
    private final int silent = b.param(3);

    InvariancePropagationTest() {
        b.ranWithTop(p9, 100, 90);
        b.ranWithTop(p5, 100, 50);
    }

    private double estimate(ValueAnalysis a, int site) {
        return a.estimate(site).estimate();
    }

    private double estimateOf(String formula) {
        int l = b.local(10, "int-arith", formula);
        return estimate(b.analyse(), l);
    }

    @Test
    void a_constant_is_invariant_and_an_unknown_is_undefined() {
        assertEquals(1.0, estimateOf("c"));
        assertTrue(Double.isNaN(estimateOf("?")));
    }

    @Test
    void a_site_read_gives_its_measured_inv_1_or_undefined_when_it_never_ran() {
        assertEquals(0.9, estimateOf("s" + p9));
        assertTrue(Double.isNaN(estimateOf("s" + silent)));
    }

    @Test
    void a_read_of_a_site_the_profile_does_not_describe_is_undefined_and_a_problem() {
        int l = b.local(10, "copy", "copy(s99)");
        ValueAnalysis a = b.analyse();
        assertTrue(Double.isNaN(estimate(a, l)));
        assertEquals(1, a.problems().size(), a.problems().toString());
        assertTrue(a.problems().get(0).contains("reads site 99"), a.problems().toString());
    }

    @Test
    void a_formula_that_does_not_parse_is_undefined_and_a_problem() {
        int l = b.local(10, "copy", "copy(s0");
        ValueAnalysis a = b.analyse();
        assertTrue(Double.isNaN(estimate(a, l)));
        assertTrue(a.problems().get(0).startsWith("value site " + l + ": formula 'copy(s0'"), a.problems().toString());
    }

    @Test
    void an_operation_multiplies_its_inputs_invariance_and_is_undefined_when_one_is() {
        assertEquals(0.45, estimateOf("int-arith(s" + p9 + ",s" + p5 + ")"), 1e-12);
        assertEquals(0.9, estimateOf("int-arith(s" + p9 + ",c)"), 1e-12);
        assertTrue(Double.isNaN(estimateOf("int-mul(s" + p9 + ",?)")));
    }

    @Test
    void copies_casts_and_one_input_operations_keep_the_invariance() {
        assertEquals(0.5, estimateOf("copy(s" + p5 + ")"));
        assertEquals(0.9, estimateOf("cast(s" + p9 + ")"));
        assertEquals(0.5, estimateOf("int-neg(s" + p5 + ")"));
    }

    @Test
    void a_merge_takes_the_least_defined_option_and_is_undefined_when_none_is() {
        assertEquals(0.5, estimateOf("{s" + p9 + "|s" + p5 + "|?}"));
        assertEquals(0.9, estimateOf("{s" + p9 + "|s" + silent + "}"));
        assertTrue(Double.isNaN(estimateOf("{?|s" + silent + "}")));
    }

    @Test
    void a_local_read_takes_the_other_sites_estimate_not_its_measured_value() {
        int first = b.local(10, "int-arith", "int-arith(s" + p9 + ",c)");
        int second = b.local(11, "copy", "copy(s" + first + ")");
        b.ranWithTop(first, 100, 20);          // measured 0.2, estimated 0.9
        ValueAnalysis a = b.analyse();
        assertEquals(0.2, a.estimate(first).measuredInv1());
        assertEquals(0.9, estimate(a, first), 1e-12);
        assertEquals(0.9, estimate(a, second), 1e-12);
    }

    @Test
    void a_cycle_through_copies_settles_on_its_entry_value() {
        // x = {p5 | y}; y = copy(x): the variable only ever holds p5's values
        int x = b.nextId();
        int y = x + 1;
        b.local(10, "copy", "{s" + p5 + "|s" + y + "}");
        b.local(11, "copy", "copy(s" + x + ")");
        ValueAnalysis a = b.analyse();
        assertEquals(0.5, estimate(a, x));
        assertEquals(0.5, estimate(a, y));
        assertFalse(a.estimate(x).recurrence());
    }

    @Test
    void a_cycle_with_no_defined_input_stays_undefined() {
        int x = b.nextId();
        b.local(10, "copy", "{s" + (x + 1) + "|?}");
        b.local(11, "copy", "copy(s" + x + ")");
        ValueAnalysis a = b.analyse();
        assertTrue(Double.isNaN(estimate(a, x)));
        assertTrue(Double.isNaN(estimate(a, x + 1)));
    }

    @Test
    void a_loop_counter_is_a_recurrence_estimated_as_one_over_its_trip_count() {
        // i = 0 (10 runs: the loop is entered 10 times); i = {i0|i} + 1 (1000 runs: 100 iterations per entry)
        int init = b.local(10, "const", "c");
        int i = b.local(11, "int-arith", "int-arith({s" + init + "|s" + (init + 1) + "},c)");
        int use = b.local(12, "copy", "copy(s" + i + ")");
        b.ran(init, 10, 9, "0", 10);
        b.ranWithTop(i, 1000, 10);
        ValueAnalysis a = b.analyse();
        assertTrue(a.estimate(i).recurrence());
        assertEquals(0.01, estimate(a, i), 1e-12);
        assertEquals(0.01, a.estimate(i).measuredInv1(), 1e-12);
        assertEquals(1.0, estimate(a, init));
        assertFalse(a.estimate(use).recurrence());
        assertEquals(0.01, estimate(a, use), 1e-12);
    }

    @Test
    void without_the_heuristic_the_default_rule_would_call_the_counter_invariant() {
        // the same loop through a copy only (i = {i0|i}): the variable never changes, no recurrence
        int init = b.local(10, "const", "c");
        int i = b.local(11, "copy", "{s" + init + "|s" + (init + 1) + "}");
        b.ran(init, 10, 9, "0", 10);
        b.ran(i, 1000, 999, "0", 1000);
        ValueAnalysis a = b.analyse();
        assertFalse(a.estimate(i).recurrence());
        assertEquals(1.0, estimate(a, i));
    }

    @Test
    void a_recurrence_keeps_the_invariance_of_its_start_and_step() {
        // i = p5 before the loop, i = i + p9 in it; entered 10 times, 40 iterations in all
        int init = b.local(10, "copy", "copy(s" + p5 + ")");
        int i = b.local(11, "int-arith", "int-arith({s" + init + "|s" + (init + 1) + "},s" + p9 + ")");
        b.ranWithTop(init, 10, 5);
        b.ranWithTop(i, 40, 4);
        assertEquals(0.5 * 0.9 * 10 / 40, estimate(b.analyse(), i), 1e-12);
    }

    @Test
    void a_loop_that_runs_once_per_entry_keeps_the_default_estimate() {
        int init = b.local(10, "copy", "copy(s" + p9 + ")");
        int i = b.local(11, "int-arith", "int-arith({s" + init + "|s" + (init + 1) + "},c)");
        b.ranWithTop(init, 10, 9);
        b.ranWithTop(i, 10, 9);
        assertEquals(0.9, estimate(b.analyse(), i), 1e-12);
    }

    @Test
    void a_recurrence_whose_entries_cannot_be_counted_is_estimated_as_variant() {
        int i = b.nextId();
        b.local(11, "int-arith", "int-arith({c|s" + i + "},c)");
        b.ranWithTop(i, 100, 1);
        ValueAnalysis a = b.analyse();
        assertTrue(a.estimate(i).recurrence());
        assertEquals(0.0, estimate(a, i));
    }

    @Test
    void two_updates_of_one_variable_count_the_loop_entries_once() {
        // i = 0; loop { i = i + 1 (500 runs) or i = i + 2 (100 runs) }, entered 10 times
        int init = b.local(10, "const", "c");
        int one = init + 1;
        int two = init + 2;
        String merge = "{s" + init + "|s" + one + "|s" + two + "}";
        b.local(11, "int-arith", "int-arith(" + merge + ",c)");
        b.local(12, "int-arith", "int-arith(" + merge + ",c)");
        b.ran(init, 10, 9, "0", 10);
        b.ranWithTop(one, 500, 10);
        b.ranWithTop(two, 100, 10);
        ValueAnalysis a = b.analyse();
        assertEquals(10.0 / 500, estimate(a, one), 1e-12);
        assertEquals(10.0 / 100, estimate(a, two), 1e-12);
    }

    @Test
    void a_recurrence_through_another_local_marks_every_site_of_the_cycle() {
        // x = {init | z}; z = x * p9: both lie on a cycle through a multiplication
        int init = b.local(10, "const", "c");
        int x = init + 1;
        int z = init + 2;
        b.local(11, "copy", "{s" + init + "|s" + z + "}");
        b.local(12, "int-mul", "int-mul(s" + x + ",s" + p9 + ")");
        b.ran(init, 5, 4, "1", 5);
        b.ranWithTop(x, 50, 5);
        b.ranWithTop(z, 45, 5);
        ValueAnalysis a = b.analyse();
        assertTrue(a.estimate(x).recurrence());
        assertTrue(a.estimate(z).recurrence());
        assertEquals(1.0 * 5 / 50, estimate(a, x), 1e-12);        // base: min(init, cycle) = 1
        assertEquals(0.9 * 5 / 45, estimate(a, z), 1e-12);        // base: cycle × p9
    }

    @Test
    void a_bounded_update_keeps_the_invariance_of_its_inputs_whatever_the_trip_count() {
        // flags = 0 before the loop; flags = flags | p9 in it, 100 iterations per entry: stops changing after one
        int init = b.local(10, "const", "c");
        int flags = b.local(11, "logic", "logic({s" + init + "|s" + (init + 1) + "},s" + p9 + ")");
        b.ran(init, 10, 9, "0", 10);
        b.ranWithTop(flags, 1000, 900);
        ValueAnalysis a = b.analyse();
        assertTrue(a.estimate(flags).recurrence());
        assertEquals(0.9, estimate(a, flags), 1e-12);
    }

    @Test
    void a_cycle_through_a_product_below_1_ends_at_once_rather_than_creeping_to_0() {
        // x = {p9 | x * p5}: the default rule alone would halve x's estimate forever
        int x = b.nextId();
        b.local(10, "fp-mul", "{s" + p9 + "|fp-mul(s" + x + ",s" + p5 + ")}");
        b.ranWithTop(x, 100, 10);
        ValueAnalysis a = b.analyse();
        assertTrue(a.problems().isEmpty(), a.problems().toString());
        // base: min(p9, x·p5) with x read as 1 = 0.5; entries: p9's 100 runs for x's 100: one trip each
        assertEquals(0.5, estimate(a, x), 1e-12);
    }
}
