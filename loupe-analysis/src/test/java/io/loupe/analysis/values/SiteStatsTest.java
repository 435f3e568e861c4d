package io.loupe.analysis.values;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteProfile;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SiteStatsTest {

    private final ValueProfileBuilder b = new ValueProfileBuilder();
    private final int site = b.site("com.example.A", "f", "(I)V", 3, SiteKind.PARAM, "#0");

    private SiteStats stats(ValueSiteProfile p, int topN) {
        return SiteStats.of(b.meta(site), p, topN);
    }

    private static ValueSiteProfile full(long executed, long mrv, String[] values, long[] counts) {
        return new ValueSiteProfile(0, executed, executed, executed, mrv, values, counts, 0, 0);
    }

    @Test
    void inv_1_is_the_top_count_over_the_weight_inv_n_the_top_n_counts_and_mrv_the_hits_over_the_profiled() {
        SiteStats s = stats(full(100, 60, new String[] {"7", "3", "9", "1"}, new long[] {50, 30, 10, 5}), 2);
        assertEquals(0.5, s.inv1());
        assertEquals(0.8, s.invN());      // (50 + 30) / 100
        assertEquals(0.6, s.mrv());       // 60 / 100
        assertEquals(1.0, s.profiledShare());
        assertEquals(2, s.valuesCounted());
        assertEquals("7", s.topValue());
        assertEquals(new TopValue("3", 30, 0.3, 30, 0.3), s.top(1));
    }

    @Test
    void n_0_counts_every_value_of_the_final_table() {
        SiteStats s = stats(full(100, 0, new String[] {"7", "3", "9", "1"}, new long[] {50, 30, 10, 5}), 0);
        assertEquals(0.95, s.invN(), 1e-12);
        assertEquals(4, s.valuesCounted());
    }

    @Test
    void under_convergent_profiling_counts_are_over_the_weight_and_mrv_over_the_executions_really_profiled() {
        // 1000 executions, 100 profiled standing for 1000; the top value's weighted count is 800
        SiteStats s = stats(new ValueSiteProfile(0, 1000, 100, 1000, 90, new String[] {"7", "8"}, new long[] {800, 150},
                3, 2), 2);
        assertEquals(0.8, s.inv1());
        assertEquals(0.95, s.invN());
        assertEquals(0.9, s.mrv());
        assertEquals(0.1, s.profiledShare());
        assertEquals(3, s.switchedOff());
        assertEquals(2, s.switchedOn());
    }

    @Test
    void a_convergent_site_keeps_what_was_measured_beside_the_estimates() {
        // 1000 executions estimated, 600 counted by the probe, 100 profiled: 70 of 7, 20 of 8 and 10 evicted
        SiteStats s = stats(new ValueSiteProfile(0, 1000, 600, 100, 1000, 90, new String[] {"8", "7"},
                new long[] {500, 450}, new long[] {20, 70}, 3, 2), 1);
        assertTrue(s.hasMeasured());
        assertEquals(600, s.counted());
        assertEquals(0.5, s.inv1());            // the estimate: 500 / 1000, value 8
        assertEquals(0.7, s.inv1Profiled());    // measured: 70 / 100, value 7
        assertEquals(0.7, s.invNProfiled());    // N = 1
        assertEquals(new TopValue("7", 450, 0.45, 70, 0.7), s.top(1));
    }

    @Test
    void a_convergent_site_of_format_3_has_no_measured_figures() {
        SiteStats s = stats(new ValueSiteProfile(0, 1000, 100, 1000, 90, new String[] {"7"}, new long[] {800}, 3, 2), 1);
        assertFalse(s.hasMeasured());
        assertEquals(-1, s.counted());
        assertTrue(Double.isNaN(s.inv1Profiled()));
        assertEquals(-1, s.top(0).profiledCount());
        SiteStats full = stats(full(10, 0, new String[] {"1"}, new long[] {10}), 1);
        assertFalse(s.plus(full).hasMeasured());
        assertEquals(1.0, full.inv1Profiled());
    }

    @Test
    void metrics_are_clamped_to_1_and_are_0_when_nothing_was_profiled() {
        SiteStats over = stats(new ValueSiteProfile(0, 10, 10, 10, 20, new String[] {"1"}, new long[] {12}, 0, 0), 2);
        assertEquals(1.0, over.inv1());
        assertEquals(1.0, over.mrv());
        SiteStats none = stats(new ValueSiteProfile(0, 10, 0, 0, 0, new String[0], new long[0], 0, 0), 2);
        assertEquals(0.0, none.inv1());
        assertEquals(0.0, none.invN());
        assertEquals(0.0, none.mrv());
        assertEquals(0.0, none.profiledShare());
    }

    @Test
    void a_table_written_out_of_order_is_read_best_first() {
        SiteStats s = stats(full(10, 0, new String[] {"a", "b", "c"}, new long[] {1, 6, 3}), 2);
        assertEquals(List.of("b", "c"), s.topValues(2).stream().map(TopValue::value).toList());
        assertEquals(0.6, s.inv1());
        assertEquals(0.9, s.invN());
    }

    @Test
    void a_null_value_prints_as_null() {
        SiteStats s = stats(full(4, 0, new String[] {null, "java.lang.String"}, new long[] {3, 1}), 2);
        assertEquals("null", s.topValue());
        assertTrue(s.amongTop("java.lang.String", 2));
        assertFalse(s.amongTop("java.lang.Integer", 2));
    }

    @Test
    void two_runs_of_one_site_add_up_counts_and_tables() {
        SiteStats one = stats(full(10, 4, new String[] {"1", "2"}, new long[] {6, 4}), 2);
        SiteStats two = stats(full(30, 20, new String[] {"2", "3"}, new long[] {25, 5}), 2);
        SiteStats sum = one.plus(two);
        assertEquals(40, sum.executed());
        assertEquals(40, sum.weight());
        assertEquals(24, sum.mrvHits());
        assertEquals(List.of(new TopValue("2", 29, 29 / 40.0, 29, 29 / 40.0),
                new TopValue("1", 6, 6 / 40.0, 6, 6 / 40.0), new TopValue("3", 5, 5 / 40.0, 5, 5 / 40.0)), sum.topValues(5));
    }
}
