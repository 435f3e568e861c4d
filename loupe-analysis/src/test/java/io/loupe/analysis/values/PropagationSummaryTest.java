package io.loupe.analysis.values;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PropagationSummaryTest {

    /**
     * Four local sites, estimates from parameters P (0.6) and Q (0.4) and field F (0.5):
     * <pre>
     * L1 int-arith  copy(P)   100 runs  measured 0.8  estimated 0.6
     * L2 compare    copy(Q)   300 runs  measured 0.2  estimated 0.4
     * L3 field      F         600 runs  measured 0.5  estimated 0.5   (a load: not in "non-load")
     * L4 int-arith  ?         100 runs  measured 1.0  undefined
     * </pre>
     */
    private static PropagationSummary sample() {
        ValueProfileBuilder b = new ValueProfileBuilder();
        int p = b.param(1);
        int q = b.param(2);
        int f = b.site("com.example.C", "m", "(I)V", 3, io.loupe.data.values.SiteKind.FIELD, "C.f");
        int l1 = b.local(4, "int-arith", "copy(s" + p + ")");
        int l2 = b.local(5, "compare", "copy(s" + q + ")");
        int l3 = b.local(6, "field", "s" + f);
        int l4 = b.local(7, "int-arith", "?");
        b.ranWithTop(p, 10, 6).ranWithTop(q, 10, 4).ranWithTop(f, 10, 5);
        b.ranWithTop(l1, 100, 80).ranWithTop(l2, 300, 60).ranWithTop(l3, 600, 300).ranWithTop(l4, 100, 100);
        return b.analyse().propagationSummary();
    }

    @Test
    void non_load_figures_are_execution_weighted_over_the_sites_with_an_estimate() {
        PropagationFigures f = sample().nonLoad();
        assertEquals("non-load", f.category());
        assertEquals(3, f.sites());
        assertEquals(500, f.executed());
        assertEquals(0.8, f.covered(), 1e-12);                // L1 + L2 = 400 of 500
        assertEquals((80 + 60) / 400.0, f.measured(), 1e-12);   // 100·0.8 + 300·0.2
        assertEquals((60 + 120) / 400.0, f.estimated(), 1e-12); // 100·0.6 + 300·0.4
        assertEquals((100 * 0.2 + 300 * 0.2) / 400, f.meanAbsDiff(), 1e-12);
        assertEquals((80 + 60 + 100) / 500.0, f.measuredAll(), 1e-12);
    }

    @Test
    void threshold_columns_say_how_much_invariant_code_the_estimate_finds() {
        List<ThresholdFigures> t = sample().thresholds();
        assertEquals(List.of(0.3, 0.5, 0.7, 0.9), t.stream().map(ThresholdFigures::threshold).toList());
        // ≥ 30%: measured L1, L4 (200 of 500); estimated L1, L2 (400); both L1 (100)
        assertEquals(new ThresholdFigures(0.3, 0.4, 0.8, 0.5, 0.25), t.get(0));
        // ≥ 50%: measured L1, L4; estimated L1 only
        assertEquals(new ThresholdFigures(0.5, 0.4, 0.2, 0.5, 1.0), t.get(1));
        // ≥ 90%: measured L4 only (its estimate is undefined: not found); nothing estimated
        ThresholdFigures high = t.get(3);
        assertEquals(0.2, high.measuredShare(), 1e-12);
        assertEquals(0.0, high.found());
        assertTrue(Double.isNaN(high.precision()));
    }

    @Test
    void by_producer_includes_loads_most_executed_first() {
        List<PropagationFigures> rows = sample().byProducer();
        assertEquals(List.of("field", "compare", "int-arith"), rows.stream().map(PropagationFigures::category).toList());
        assertEquals(0.0, rows.get(0).meanAbsDiff(), 1e-12);
        assertEquals(0.5, rows.get(2).covered(), 1e-12);
    }

    @Test
    void with_no_local_site_the_means_are_undefined() {
        PropagationFigures f = new ValueProfileBuilder().analyse().propagationSummary().nonLoad();
        assertEquals(0, f.sites());
        assertTrue(Double.isNaN(f.measured()));
        assertTrue(Double.isNaN(f.estimated()));
    }
}
