package io.loupe.analysis.values;

import io.loupe.data.values.SiteKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class InvarianceBreakdownTest {

    /**
     * param P: 100 runs, 90 × one value, 10 × another, MRV 80;  param Q: 300 runs, 150/100/50, MRV 60;
     * field F: 600 runs of one value, MRV 600; local L1 (int-arith): 200 runs, 20 each of ten values, MRV 0;
     * local L2 (field): 800 runs, 400/400, MRV 400. N = 2.
     */
    private static ValueAnalysis sample() {
        ValueProfileBuilder b = new ValueProfileBuilder().topN(2);
        int p = b.param(1);
        int q = b.site("com.example.C", "n", "(J)V", 2, SiteKind.PARAM, "#0");
        int f = b.site("com.example.C", "m", "(I)V", 3, SiteKind.FIELD, "C.f");
        int l1 = b.local(4, "int-arith", "int-arith(s0,c)");
        int l2 = b.local(5, "field", "s2");
        b.ran(p, 100, 80, "7", 90, "8", 10);
        b.ran(q, 300, 60, "1", 150, "2", 100, "3", 50);
        b.ran(f, 600, 600, "5", 600);
        Object[] spread = new Object[20];
        for (int i = 0; i < 10; i++) {
            spread[2 * i] = Integer.toString(i);
            spread[2 * i + 1] = 20L;
        }
        b.ran(l1, 200, 0, spread);
        b.ran(l2, 800, 400, "x", 400, "y", 400);
        return b.analyse();
    }

    private static void assertRow(InvarianceRow row, String category, int sites, long executed, double share,
                                  double inv1, double invN, double mrv) {
        assertEquals(category, row.category());
        assertEquals(sites, row.sites(), category);
        assertEquals(executed, row.executed(), category);
        assertEquals(share, row.share(), 1e-12, category);
        assertEquals(inv1, row.inv1(), 1e-12, category);
        assertEquals(invN, row.invN(), 1e-12, category);
        assertEquals(mrv, row.mrv(), 1e-12, category);
    }

    @Test
    void by_kind_weights_each_site_by_its_executions() {
        List<InvarianceRow> rows = sample().byKind();
        assertEquals(4, rows.size());
        // param: (100·0.9 + 300·0.5)/400, (100·1 + 300·250/300)/400, (100·0.8 + 300·0.2)/400
        assertRow(rows.get(0), "param", 2, 400, 0.2, 0.6, 0.875, 0.35);
        assertRow(rows.get(1), "field", 1, 600, 0.3, 1, 1, 1);
        // local: (200·0.1 + 800·0.5)/1000, (200·0.2 + 800·1)/1000, (0 + 800·0.5)/1000
        assertRow(rows.get(2), "local", 2, 1000, 0.5, 0.42, 0.84, 0.4);
        // all: (90 + 150 + 600 + 20 + 400)/2000, (100 + 250 + 600 + 40 + 800)/2000, (80 + 60 + 600 + 0 + 400)/2000
        assertRow(rows.get(3), "all", 5, 2000, 1, 0.63, 0.895, 0.57);
    }

    @Test
    void by_producer_covers_local_sites_only_most_executed_first() {
        List<InvarianceRow> rows = sample().byProducer();
        assertEquals(List.of("field", "int-arith", "all"), rows.stream().map(InvarianceRow::category).toList());
        assertRow(rows.get(0), "field", 1, 800, 0.8, 0.5, 1, 0.5);
        assertRow(rows.get(1), "int-arith", 1, 200, 0.2, 0.1, 0.2, 0);
        assertRow(rows.get(2), "all", 2, 1000, 1, 0.42, 0.84, 0.4);
    }

    @Test
    void a_profile_without_sites_has_only_an_empty_all_row() {
        List<InvarianceRow> rows = new ValueProfileBuilder().analyse().byKind();
        assertEquals(List.of(new InvarianceRow("all", 0, 0, 0, 0, 0, 0)), rows);
    }
}
