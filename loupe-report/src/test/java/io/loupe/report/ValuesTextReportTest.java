package io.loupe.report;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.Profile;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueType;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValuesTextReportTest {

    private static String text(Profile p, int top) throws IOException {
        StringBuilder out = new StringBuilder();
        new TextReport(top).write(ProfileSummary.of(p), out);
        return out.toString();
    }

    private final String report;

    ValuesTextReportTest() throws IOException {
        report = text(SampleValues.profile(), 10);
    }

    @Test
    void a_profile_of_values_alone_has_no_path_sections() {
        assertTrue(report.startsWith("Loupe value profile, written by Loupe 0.1.0-test on 2023-11-14 22:13:20 UTC\n"),
                report);
        assertTrue(report.contains("  values    8 sites registered, 8 ran, 25,150 executions; TNV tables of 8,"
                + " Inv-N with N = 2; full profiling\n"), report);
        assertFalse(report.contains("acyclic"), report);
        assertFalse(report.contains("Multi-iteration"), report);
        assertFalse(report.contains("  methods "), report);
        assertFalse(report.contains("  k  "), report);
    }

    @Test
    void a_path_profile_shows_nothing_about_values() throws IOException {
        String paths = text(SampleProfile.withK(3), 10);
        assertTrue(paths.startsWith("Loupe path profile, written by"), paths);
        assertFalse(paths.contains("Value"), paths);
        assertFalse(paths.contains("values"), paths);
        assertFalse(paths.contains("Inv-1"), paths);
    }

    @Test
    void a_profile_of_paths_and_values_shows_both() throws IOException {
        Profile paths = SampleProfile.withK(2);
        Profile values = SampleValues.profile();
        Profile both = new Profile(paths.header(), paths.methods(), paths.counts(), paths.forests(), paths.stats(),
                paths.warnings(), values.valueSites(), values.values());
        String r = text(both, 10);
        assertTrue(r.startsWith("Loupe path and value profile, written by"), r);
        assertTrue(r.contains("Hottest acyclic paths"), r);
        assertTrue(r.contains("after path 1, 66% of the time 7 follows"), r);
        assertTrue(r.contains("Value invariance by site kind"), r);
    }

    @Test
    void the_summary_table_gives_sites_share_and_weighted_invariance_by_kind() {
        assertTrue(report.contains("Value invariance by site kind (means weighted by executions; Inv-N with N = 2)\n"
                + "  kind           sites      executions   share   Inv-1   Inv-N     MRV\n"
                + "  param              1              50    0.2%  100.0%  100.0%   98.0%\n"), report);
        // local: (50·1 + 5000·0.01 + 5000·0.9 + 5000·0.02) / 15,050 = 4,700 / 15,050
        assertTrue(report.contains("  local              4          15,050   59.8%   31.2%"), report);
        assertTrue(report.contains("  all                8          25,150  100.0%   48.9%"), report);
    }

    @Test
    void local_sites_are_broken_down_by_producer() {
        assertTrue(report.contains("Local variable sites by the instruction that produced the stored value\n"
                + "  producer       sites      executions   share   Inv-1   Inv-N     MRV\n"
                + "  field              1           5,000   33.2%   90.0%  100.0%   80.0%\n"), report);
        assertTrue(report.contains("  int-mul            1           5,000   33.2%    2.0%"), report);
    }

    @Test
    void invariant_sites_come_most_executed_first_with_their_top_values() {
        assertTrue(report.contains("Most executed invariant sites (Inv-1 ≥ 50%; 6 of 8 sites that ran)\n"), report);
        assertTrue(report.contains(
                "    1           5,000  array    60.0%  100.0%   40.0%  com.example.Loop.loop:15  int\n"
                        + "                                                       values: 0 (60.0%), 1 (40.0%)\n"),
                report);
        assertTrue(report.contains("  field   100.0%  100.0%   98.0%  com.example.Loop.loop:11  Loop.shape\n"
                + "                                                       values: com.example.Circle (100.0%)\n"), report);
        assertFalse(report.contains("com.example.Loop.loop:14  t\n"), "Inv-1 2%: not listed");
    }

    @Test
    void specialization_candidates_are_invariant_parameters_and_monomorphic_reference_sites() {
        assertTrue(report.contains("  Parameters with Inv-1 ≥ 90%, hottest methods first\n"
                + "            calls   Inv-1  method, parameter = top value\n"
                + "               50  100.0%  com.example.Loop.loop:10  n = 100\n"), report);
        assertTrue(report.contains("               50   field  com.example.Loop.loop:11  Loop.shape → com.example.Circle\n"),
                report);
    }

    @Test
    void the_propagation_estimate_compares_measured_and_estimated_invariance_of_computed_locals() {
        // non-load locals: i = 0 (50 runs, 1 / 1), i++ (5,000, 0.01 / 0.01), t = i·k (5,000, 0.02 / 0.01·0.9)
        assertTrue(report.contains("  sites     3 ran, 10,050 executions; 100.0% of them have a defined estimate\n"), report);
        assertTrue(report.contains("  Inv-1     measured 2.0%, estimated 1.4%, mean |difference| 0.5%\n"), report);
        assertTrue(report.contains("        30%       0.5%       0.5%   100.0%     100.0%\n"), report);
        assertTrue(report.contains("  int-mul            1           5,000   100.0%      2.0%       0.9%     1.1%\n"), report);
        assertTrue(report.contains("            5,000      2.0%       0.9%  com.example.Loop.loop:14  t  int-mul({s2|s3},s5)\n"),
                report);
    }

    @Test
    void a_convergent_profile_shows_inv_1_over_the_executions_profiled_beside_the_estimate() throws IOException {
        ValueProfileBuilder b = new ValueProfileBuilder().convergent();
        int s = b.param(3);
        b.measured(s, 1000, 400, 100, 1000, 90, 2, 1, "7", 900, 85, "8", 100, 15);
        String r = text(b.build(), 10);
        assertTrue(r.contains("    1          ≈1,000  param   ≈90.0%   85.0% ≈100.0%   90.0%  com.example.C.m:3  #0\n"), r);
        assertTrue(r.contains("Inv-1/p (Inv-1 over the\nexecutions profiled) are measured"), r);
    }

    @Test
    void convergent_figures_appear_only_for_a_convergent_profile() throws IOException {
        assertFalse(report.contains("Convergent profiling"), report);
        ValueProfileBuilder b = new ValueProfileBuilder().convergent();
        int s = b.param(3);
        b.entry(s, 1000, 100, 1000, 90, 2, 1, "7", 900);
        String r = text(b.build(), 10);
        assertTrue(r.contains("≈1,000 executions; TNV tables of 8, Inv-N with N = 2; convergent profiling\n"
                + "            (≈10.0% of executions profiled)\n"), r);
        assertTrue(r.contains("Convergent profiling (counts and Inv-1 are weighted estimates, marked ≈)\n"
                + "  profiled  100 of ≈1,000 executions (≈10.0%)\n"
                + "  switches  1 of 1 sites switched off 2 times when their invariance converged; back-off switched them"
                + " on 1 times\n"), r);
        assertTrue(r.contains("           ≈1,000             100   ≈10.0%      2      1  com.example.C.m:3  #0\n"), r);
        // every estimate is marked, what was measured is not: executions, Inv-1, Inv-N and shares; MRV
        assertTrue(r.contains("  param              1          ≈1,000 ≈100.0%  ≈90.0%  ≈90.0%   90.0%\n"), r);
        // a profile of format 3 did not keep Inv-1 over the executions profiled
        assertTrue(r.contains("    1          ≈1,000  param   ≈90.0%     n/a  ≈90.0%   90.0%  com.example.C.m:3  #0\n"), r);
        assertTrue(r.contains("values: 7 (≈90.0%)\n"), r);
        assertTrue(r.contains("           ≈1,000  ≈90.0%  com.example.C.m:3  #0 = 7\n"), r);
        assertTrue(r.contains("≈ marks an estimate"), r);
        assertFalse(report.contains("≈"), "a full profile has no estimates");
        assertFalse(r.contains("  quiet  "), "no quiet methods ran");
        b.stat("values.quietMethodActivations", 4000).stat("values.quietActivations", 3000).stat("values.quietPeriods", 12);
        r = text(b.build(), 10);
        assertTrue(r.contains("  quiet     3,000 of 4,000 activations of quiet methods ran without probes (75.0%, 12 quiet"
                + " periods)"), r);
        assertFalse(r.contains("  loops  "), "no loop switched versions");
        b.stat("values.quietMethodIterations", 1000).stat("values.quietIterations", 900);
        r = text(b.build(), 10);
        assertTrue(r.contains("  loops     900 of 1,000 iterations of the outermost loops where quiet methods switch ran"
                + " without probes (90.0%)"), r);
    }

    @Test
    void top_limits_the_site_lists() throws IOException {
        String one = text(SampleValues.profile(), 1);
        assertTrue(one.contains("(Inv-1 ≥ 50%; 1 of 8 sites that ran)"), one);
    }

    @Test
    void long_names_and_values_stay_within_120_columns() throws IOException {
        ValueProfileBuilder b = new ValueProfileBuilder();
        String cls = "org.eclipse.jdt.internal.compiler.parser.AVeryLongScannerClassNameThatGoesOnAndOn";
        String longValue = "x".repeat(300);
        int p = b.site(cls, "checkTaskTagWithAnExtremelyLongMethodName", "(Ljava/lang/String;)V", 12345,
                SiteKind.PARAM, ValueType.REFERENCE, "aParameterWithAVeryLongNameIndeed".repeat(3));
        int f = b.site(cls, "checkTaskTagWithAnExtremelyLongMethodName", "(Ljava/lang/String;)V", 12346,
                SiteKind.FIELD, ValueType.REFERENCE, "Owner.field".repeat(10));
        int l = b.local(cls, "checkTaskTagWithAnExtremelyLongMethodName", "(Ljava/lang/String;)V", 3, "x".repeat(80),
                "int-arith", "int-arith(" + "s0,".repeat(40) + "c)");
        b.ran(p, 1000, 0, longValue, 1000);
        b.ran(f, 1000, 0, "com.example." + "Deep".repeat(40), 1000);
        b.ranWithTop(l, 1000, 10);
        String r = text(b.build(), 10);
        for (String line : r.split("\n")) {
            assertTrue(line.codePointCount(0, line.length()) <= 120, line);
        }
        assertTrue(r.contains("…"), r);
    }

    @Test
    void two_reports_of_one_profile_are_identical() throws IOException {
        assertEquals(report, text(SampleValues.profile(), 10));
    }

    /** A merged profile's Inv-1, Inv-N and value shares are marked as lower bounds, and the mark explained. */
    @Test
    void a_merged_profile_marks_its_invariance_as_lower_bounds() throws IOException {
        Profile one = SampleValues.profile();
        String merged = text(io.loupe.analysis.merge.ProfileMerge.merge(java.util.List.of(one, one, one)).profile(), 10);
        assertTrue(merged.contains("≥ marks a lower bound: this profile merges 3 runs"), merged);
        assertTrue(merged.contains("≥100.0%"), merged);
        assertTrue(merged.contains("100 (≥100.0%)"), merged);
        assertFalse(text(one, 10).contains("≥1"), "one run's figures are not marked");
    }
}
