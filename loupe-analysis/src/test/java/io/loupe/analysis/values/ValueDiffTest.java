package io.loupe.analysis.values;

import io.loupe.data.values.SiteKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Two hand-checked runs (N = 2 in both). Sites are added in a different order in B, so their ids
 * differ: matching must go by stable key.
 * <pre>
 *          A: runs  table              Inv-1  Inv-2     B: runs  table             Inv-1  Inv-2
 * k1 param      100  7:90 3:10          0.9    1.0          50   7:50              1.0    1.0
 * k2 field      300  x:150 y:90 z:60    0.5    0.8        1000   y:600 x:300 w:100 0.6    0.9
 * k3 local      500  1..5: 100 each     0.2    0.4          10   5:10              1.0    1.0
 * k4 return     100  A..D: 25 each      0.25   0.5          —
 * k5 array       —                                          40   0:40              1.0    1.0
 * </pre>
 * A ran 1000 times; 900 at sites that ran in B too: Overlap 0.9.
 * Diff-Inv1 = (100·0.1 + 300·0.1 + 500·0.8) / 900 = 440/900; Diff-Inv2 = (0 + 300·0.1 + 500·0.6) / 900 = 330/900.
 * Inv-1 in A ≥ 30%: k1 and k2, 400 of the common 900. Find-1: k1 only (7 = 7; x ≠ y): 100/400.
 * Find-2: k1 (7 in {7}) and k2 (x in {y, x}): 400/400.
 */
class ValueDiffTest {

    private static final String C = "com.example.C";

    private static ValueAnalysis runA() {
        ValueProfileBuilder a = new ValueProfileBuilder().topN(2);
        int k1 = a.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        int k2 = a.site(C, "f", "(I)V", 2, SiteKind.FIELD, "C.x");
        int k3 = a.local(C, "f", "(I)V", 3, "i", "int-arith", "c");
        int k4 = a.site(C, "f", "(I)V", 4, SiteKind.RETURN, "D.g()I");
        a.site(C, "f", "(I)V", 5, SiteKind.ARRAY, "int");
        a.ran(k1, 100, 0, "7", 90, "3", 10);
        a.ran(k2, 300, 0, "x", 150, "y", 90, "z", 60);
        a.ran(k3, 500, 0, "1", 100, "2", 100, "3", 100, "4", 100, "5", 100);
        a.ran(k4, 100, 0, "A", 25, "B", 25, "C", 25, "D", 25);
        return a.analyse();
    }

    private static ValueAnalysis runB() {
        ValueProfileBuilder b = new ValueProfileBuilder().topN(2);
        int k5 = b.site(C, "f", "(I)V", 5, SiteKind.ARRAY, "int");
        b.site(C, "f", "(I)V", 4, SiteKind.RETURN, "D.g()I");
        int k3 = b.local(C, "f", "(I)V", 3, "i", "int-arith", "c");
        int k2 = b.site(C, "f", "(I)V", 2, SiteKind.FIELD, "C.x");
        int k1 = b.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        b.ran(k1, 50, 0, "7", 50);
        b.ran(k2, 1000, 0, "y", 600, "x", 300, "w", 100);
        b.ran(k3, 10, 0, "5", 10);
        b.ran(k5, 40, 0, "0", 40);
        return b.analyse();
    }

    @Test
    void the_summary_follows_the_papers_definitions_weighted_by_a() {
        ValueDiffSummary s = ValueDiff.compare(runA(), runB(), 0.3).summary();
        assertEquals(4, s.sitesA());
        assertEquals(4, s.sitesB());
        assertEquals(3, s.common());
        assertEquals(1, s.onlyA());
        assertEquals(1, s.onlyB());
        assertEquals(1000, s.executedA());
        assertEquals(0.9, s.overlap(), 1e-12);
        assertEquals(440.0 / 900, s.diffInv1(), 1e-12);
        assertEquals(330.0 / 900, s.diffInvN(), 1e-12);
        assertEquals(400.0 / 900, s.invariantShare(), 1e-12);
        assertEquals(0.25, s.find1(), 1e-12);
        assertEquals(0.25, s.find1WithTies(), 1e-12, "k2's y has 30% in A against x's 50%: no tie");
        assertEquals(1.0, s.findN(), 1e-12);
        assertEquals(2, s.nA());
        assertEquals(2, s.nB());
    }

    /**
     * A near tie: in A, site k1 runs 1000 times, 7 in 410 and 3 in 400 (Inv-1 41%); B, a sample,
     * puts 3 on top. 3 is within two points of 7 in A, so Find-1 misses the site and Find-1 with
     * near ties counts it. Site k2 misses by more: 9 has 20% in A against 8's 60%.
     */
    @Test
    void a_miss_within_two_points_in_a_is_a_near_tie() {
        ValueProfileBuilder a = new ValueProfileBuilder().topN(2);
        int k1 = a.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        int k2 = a.site(C, "f", "(I)V", 2, SiteKind.PARAM, "#1");
        a.ran(k1, 1000, 0, "7", 410, "3", 400, "1", 190);
        a.ran(k2, 1000, 0, "8", 600, "9", 200, "1", 200);
        ValueProfileBuilder b = new ValueProfileBuilder().topN(2);
        int b1 = b.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        int b2 = b.site(C, "f", "(I)V", 2, SiteKind.PARAM, "#1");
        b.ran(b1, 100, 0, "3", 42, "7", 40, "1", 18);
        b.ran(b2, 100, 0, "9", 70, "8", 30);
        ValueDiff d = ValueDiff.compare(a.analyse(), b.analyse(), 0.3);
        SiteComparison tie = d.sites().stream().filter(c -> c.a().meta().detail().equals("#0")).findFirst().orElseThrow();
        SiteComparison miss = d.sites().stream().filter(c -> c.a().meta().detail().equals("#1")).findFirst().orElseThrow();
        assertFalse(tie.found1());
        assertTrue(tie.nearTie(ValueDiff.NEAR_TIE));
        assertFalse(tie.nearTie(0.005), "one point apart: not within half a point");
        assertFalse(miss.nearTie(ValueDiff.NEAR_TIE));
        assertEquals(0.0, d.summary().find1(), 1e-12);
        assertEquals(0.5, d.summary().find1WithTies(), 1e-12);
    }

    /**
     * Exact ties: in A, site k1 has -1 and 0 in 450 executions each (Inv-1 45%), and lists -1
     * first; B puts 0 on top, so Find-1 finds it, 0 being A's top value as much as -1 is. Site k2
     * has x and y tied in A (40 each), y and z tied in B (45 each), each side listing another value
     * first: y is tied for top on both sides, found. Site k3 has x one count ahead of y in A:
     * B's y is a near tie, not a find. Find-2 at k3: x is among B's top two.
     */
    @Test
    void a_value_tied_for_top_in_a_is_as_much_its_top_value_as_the_first_listed() {
        ValueProfileBuilder a = new ValueProfileBuilder().topN(2);
        int k1 = a.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        int k2 = a.site(C, "f", "(I)V", 2, SiteKind.PARAM, "#1");
        int k3 = a.site(C, "f", "(I)V", 3, SiteKind.PARAM, "#2");
        a.ran(k1, 1000, 0, "-1", 450, "0", 450, "1", 100);
        a.ran(k2, 100, 0, "x", 40, "y", 40, "z", 20);
        a.ran(k3, 100, 0, "x", 41, "y", 40, "z", 19);
        ValueProfileBuilder b = new ValueProfileBuilder().topN(2);
        int b1 = b.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        int b2 = b.site(C, "f", "(I)V", 2, SiteKind.PARAM, "#1");
        int b3 = b.site(C, "f", "(I)V", 3, SiteKind.PARAM, "#2");
        b.ran(b1, 100, 0, "0", 55, "-1", 45);
        b.ran(b2, 100, 0, "z", 45, "y", 45, "x", 10);
        b.ran(b3, 100, 0, "y", 50, "x", 48, "z", 2);
        ValueDiff d = ValueDiff.compare(a.analyse(), b.analyse(), 0.3);
        SiteComparison s1 = site(d, "#0");
        SiteComparison s2 = site(d, "#1");
        SiteComparison s3 = site(d, "#2");
        assertEquals(List.of("-1", "0"), s1.a().tiedForTop());
        assertEquals("z", s2.b().topValue());
        assertTrue(s1.found1());
        assertTrue(s2.found1());
        assertFalse(s3.found1());
        assertTrue(s3.nearTie(ValueDiff.NEAR_TIE));
        assertTrue(s3.foundN());
        assertEquals(List.of("x"), s3.a().tiedForTop());
        assertEquals(1100.0 / 1200, d.summary().find1(), 1e-12);
        assertEquals(1.0, d.summary().find1WithTies(), 1e-12);
    }

    private static SiteComparison site(ValueDiff d, String detail) {
        return d.sites().stream().filter(c -> c.a().meta().detail().equals(detail)).findFirst().orElseThrow();
    }

    @Test
    void the_threshold_chooses_the_sites_find_looks_at() {
        ValueDiffSummary s = ValueDiff.compare(runA(), runB(), 0.6).summary();
        assertEquals(100.0 / 900, s.invariantShare(), 1e-12);   // k1 alone
        assertEquals(1.0, s.find1());
        ValueDiffSummary none = ValueDiff.compare(runA(), runB(), 1.0).summary();
        assertTrue(Double.isNaN(none.find1()));
        assertThrows(IllegalArgumentException.class, () -> ValueDiff.compare(runA(), runB(), 1.5));
    }

    @Test
    void sites_come_largest_weighted_difference_first_then_a_only_then_b_only() {
        List<SiteComparison> rows = ValueDiff.compare(runA(), runB(), 0.3).sites();
        assertEquals(List.of(C + ".f(I)V#local#0", C + ".f(I)V#field#0", C + ".f(I)V#param#0", C + ".f(I)V#return#0",
                C + ".f(I)V#array#0"), rows.stream().map(SiteComparison::key).toList());
        SiteComparison k3 = rows.get(0);
        assertEquals(400.0, k3.weightedInv1Difference(), 1e-9);
        assertTrue(k3.found1(), "5 is tied for top in A with 1..4 (not counted for Find: Inv-1 20%)");
        SiteComparison k2 = rows.get(1);
        assertFalse(k2.found1());
        assertTrue(k2.foundN());
        assertTrue(rows.get(2).found1());
        assertEquals(null, rows.get(3).b());
        assertEquals(null, rows.get(4).a());
        ValueDiff d = ValueDiff.compare(runA(), runB(), 0.3);
        assertEquals(3, d.largestDifferences(10, 0).size());
        assertEquals(List.of(C + ".f(I)V#local#0"), d.largestDifferences(10, 0.15).stream().map(SiteComparison::key).toList());
        assertEquals(2, d.largestDifferences(2, 0).size());
    }

    @Test
    void a_run_compared_with_itself_differs_nowhere() {
        ValueDiffSummary s = ValueDiff.compare(runA(), runA(), 0.3).summary();
        assertEquals(1.0, s.overlap());
        assertEquals(0.0, s.diffInv1());
        assertEquals(0.0, s.diffInvN());
        assertEquals(1.0, s.find1());
        assertEquals(1.0, s.findN());
    }

    @Test
    void sites_sharing_a_key_within_a_run_are_added_up() {
        // one class loaded twice: two ids, one key
        ValueProfileBuilder twice = new ValueProfileBuilder().topN(2);
        int first = twice.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        twice.ran(first, 60, 0, "7", 60);
        io.loupe.data.values.ValueSiteMeta m = twice.meta(first);
        ValueProfileBuilder other = new ValueProfileBuilder().topN(2);
        int a = other.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        other.ran(a, 60, 0, "7", 60);
        ValueAnalysis one = other.analyse();
        io.loupe.data.Profile p = twice.build();
        io.loupe.data.Profile doubled = new io.loupe.data.Profile(p.header(), p.methods(), p.counts(), p.forests(),
                p.stats(), p.warnings(), List.of(m, new io.loupe.data.values.ValueSiteMeta(1, m.className(), m.method(),
                m.desc(), m.sourceFile(), m.line(), m.kind(), m.type(), m.index(), m.detail(), null, null)),
                List.of(p.values().get(0), new io.loupe.data.values.ValueSiteProfile(1, 40, 40, 40, 0,
                        new String[] {"8"}, new long[] {40}, 0, 0)));
        ValueDiff d = ValueDiff.compare(ValueAnalysis.of(doubled), one, 0.3);
        assertEquals(1, d.summary().sitesA());
        SiteComparison row = d.sites().get(0);
        assertEquals(100, row.a().executed());
        assertEquals(0.6, row.a().inv1(), 1e-12);
        assertEquals(0.4, row.inv1Difference(), 1e-12);
    }
}
