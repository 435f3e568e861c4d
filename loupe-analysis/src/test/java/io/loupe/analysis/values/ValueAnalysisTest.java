package io.loupe.analysis.values;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteProfile;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValueAnalysisTest {

    @Test
    void settings_come_from_the_profile_stats() {
        ValueAnalysis a = new ValueProfileBuilder().topN(3).convergent().stat(StatKeys.VALUES_TABLE_SIZE, 10).analyse();
        assertEquals(new ValueRunSettings(10, 3, true), a.settings());
        assertEquals(new ValueRunSettings(0, 0, false), ValueRunSettings.of(java.util.Map.of()));
    }

    @Test
    void sites_are_listed_most_executed_first_then_by_stable_key() {
        ValueProfileBuilder b = new ValueProfileBuilder();
        int z = b.site("com.example.Z", "m", "()V", 1, SiteKind.FIELD, "Z.f");
        int a = b.site("com.example.A", "m", "()V", 1, SiteKind.FIELD, "A.f");
        int hot = b.site("com.example.M", "m", "()V", 1, SiteKind.FIELD, "M.f");
        int never = b.site("com.example.N", "m", "()V", 1, SiteKind.FIELD, "N.f");
        b.ran(z, 5, 0, "1", 5).ran(a, 5, 0, "1", 5).ran(hot, 9, 0, "1", 9).ran(never, 0, 0);
        ValueAnalysis v = b.analyse();
        assertEquals(List.of(hot, a, z), v.sites().stream().map(SiteStats::id).toList());
        assertEquals(4, v.registeredSites());
        assertEquals(19, v.executed());
        assertEquals(null, v.site(never));
        assertTrue(v.problems().isEmpty(), v.problems().toString());
    }

    @Test
    void an_entry_for_an_unknown_site_is_a_problem_and_two_entries_for_one_site_add_up() {
        ValueProfileBuilder b = new ValueProfileBuilder();
        int s = b.param(1);
        b.ran(s, 5, 0, "1", 5).ran(s, 5, 0, "2", 5).ran(7, 1, 0, "1", 1);
        ValueAnalysis v = b.analyse();
        assertEquals(10, v.site(s).executed());
        assertEquals(List.of("value site 0 has more than one entry; added up",
                "values recorded for value site 7, which the profile does not describe; ignored"), v.problems());
    }

    @Test
    void convergent_figures_sum_profiled_executions_and_switches() {
        ValueProfileBuilder b = new ValueProfileBuilder().convergent();
        int s1 = b.param(1);
        int s2 = b.param(2);
        b.entry(s1, 1000, 100, 1000, 50, 2, 1, "1", 1000);
        b.entry(s2, 200, 200, 200, 0, 0, 0, "1", 100, "2", 100);
        ConvergenceSummary c = b.analyse().convergence();
        assertEquals(new ConvergenceSummary(1200, -1, 300, 1, 2, 1), c);   // s1 has no measured figures (format 3)
        assertEquals(0.25, c.profiledShare());
    }

    @Test
    void candidates_are_invariant_parameters_and_monomorphic_reference_sites_hottest_first() {
        ValueProfileBuilder b = new ValueProfileBuilder();
        int invariant = b.param(1);
        int variant = b.param(2);
        int rare = b.param(3);
        int mono = b.site("com.example.C", "m", "(I)V", 4, SiteKind.FIELD, io.loupe.data.values.ValueType.REFERENCE, "C.list");
        int poly = b.site("com.example.C", "m", "(I)V", 5, SiteKind.RETURN, io.loupe.data.values.ValueType.REFERENCE, "D.g()");
        int monoNull = b.site("com.example.C", "m", "(I)V", 6, SiteKind.ARRAY, io.loupe.data.values.ValueType.REFERENCE, "Object");
        b.ran(invariant, 100, 0, "7", 95, "8", 5).ran(variant, 500, 0, "1", 250, "2", 250).ran(rare, 3, 0, "1", 3);
        b.ran(mono, 50, 0, "java.util.ArrayList", 50).ran(poly, 80, 0, "java.util.ArrayList", 70, "java.util.LinkedList", 10);
        b.ran(monoNull, 20, 0, "null", 15, "java.lang.String", 5);
        List<SiteStats> hottest = b.analyse().sites();
        assertEquals(List.of(invariant),
                SpecializationCandidates.invariantParams(hottest, 10).stream().map(SiteStats::id).toList());
        assertEquals(List.of(mono, monoNull),
                SpecializationCandidates.monomorphicSites(hottest, 10).stream().map(SiteStats::id).toList());
        assertEquals("java.lang.String", SpecializationCandidates.monomorphicClass(b.analyse().site(monoNull)));
    }

    @Test
    void a_convergent_site_profiled_fewer_than_ten_times_is_no_candidate() {
        ValueProfileBuilder b = new ValueProfileBuilder().convergent();
        int once = b.param(1);
        int often = b.param(2);
        // profiled once, its 119 quiet executions credited to that one value
        b.entry(once, 120, 1, 120, 0, 0, 0, "0.5", 120);
        b.entry(often, 120, 10, 120, 9, 0, 0, "7", 120);
        List<SiteStats> hottest = b.analyse().sites();
        assertEquals(List.of(often),
                SpecializationCandidates.invariantParams(hottest, 10).stream().map(SiteStats::id).toList());
    }

    @Test
    void the_profile_summary_carries_the_value_analysis_and_its_problems() {
        ValueProfileBuilder b = new ValueProfileBuilder();
        b.param(1);
        b.ran(5, 1, 0, "1", 1);
        ProfileSummary s = ProfileSummary.of(b.build());
        assertTrue(s.values().present());
        assertEquals(1, s.problems().size());
        assertFalse(s.pathsProfiled(), "values only");
        assertEquals(List.of("values"), s.profilers());
    }

    @Test
    void path_sections_stay_when_paths_were_asked_for_or_nothing_else_is_there() {
        ValueProfileBuilder both = new ValueProfileBuilder().options("profile=paths;values,k=1");
        both.param(1);
        assertTrue(ProfileSummary.of(both.build()).pathsProfiled());
        Profile empty = new ValueProfileBuilder().options("").build();
        assertTrue(ProfileSummary.of(empty).pathsProfiled());
        assertFalse(ProfileSummary.of(empty).values().present());
    }

    @Test
    void a_site_that_ran_but_was_never_profiled_has_zero_invariance_not_an_error() {
        ValueProfileBuilder b = new ValueProfileBuilder();
        int s = b.param(1);
        Profile p = b.build();
        List<ValueSiteProfile> values = new ArrayList<>(p.values());
        values.add(new ValueSiteProfile(s, 10, 0, 0, 0, new String[0], new long[0], 1, 0));
        ValueAnalysis v = ValueAnalysis.of(new Profile(p.header(), p.methods(), p.counts(), p.forests(), p.stats(),
                p.warnings(), p.valueSites(), values));
        assertEquals(0.0, v.site(s).inv1());
        assertEquals(0.0, v.byKind().get(0).inv1());
    }
}
