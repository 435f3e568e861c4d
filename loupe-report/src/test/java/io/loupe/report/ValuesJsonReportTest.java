package io.loupe.report;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ValuesJsonReportTest {

    private static String json(Profile p) throws IOException {
        StringBuilder out = new StringBuilder();
        new JsonReport().write(ProfileSummary.of(p), out);
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parse(Profile p) throws IOException {
        return (Map<String, Object>) MiniJson.parse(json(p));
    }

    @SuppressWarnings("unchecked")
    private static Object at(Object json, Object... path) {
        Object v = json;
        for (Object step : path) {
            v = step instanceof String name ? ((Map<String, Object>) v).get(name) : ((List<Object>) v).get((Integer) step);
        }
        return v;
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object json, Object... path) {
        return (List<Object>) at(json, path);
    }

    @Test
    void a_profile_of_values_alone_has_a_values_section_and_no_paths_section() throws IOException {
        Map<String, Object> r = parse(SampleValues.profile());
        assertEquals(List.of("format", "version", "header", "stats", "warnings", "problems", "values"),
                List.copyOf(r.keySet()));
        assertEquals(2L, at(r, "values", "n"));
        assertEquals(8L, at(r, "values", "tableSize"));
        assertEquals(false, at(r, "values", "convergent"));
    }

    @Test
    void a_path_profile_has_no_values_section() throws IOException {
        assertFalse(parse(SampleProfile.withK(2)).containsKey("values"));
    }

    @Test
    void every_site_that_ran_is_listed_most_executed_first_then_by_stable_key() throws IOException {
        List<Object> sites = list(parse(SampleValues.profile()), "values", "sites");
        assertEquals(8, sites.size());
        List<Object> keys = sites.stream().map(s -> at(s, "key")).toList();
        assertEquals(List.of("com.example.Loop.loop(I)V#array#0", "com.example.Loop.loop(I)V#field#1",
                "com.example.Loop.loop(I)V#local#1", "com.example.Loop.loop(I)V#local#2",
                "com.example.Loop.loop(I)V#local#3", "com.example.Loop.loop(I)V#field#0",
                "com.example.Loop.loop(I)V#local#0", "com.example.Loop.loop(I)V#param#0"), keys);
    }

    @Test
    void a_site_carries_the_contract_fields() throws IOException {
        Object scale = list(parse(SampleValues.profile()), "values", "sites").get(1);
        assertEquals("com.example.Loop", at(scale, "class"));
        assertEquals("loop(I)V", at(scale, "method"));
        assertEquals(13L, at(scale, "line"));
        assertEquals("field", at(scale, "kind"));
        assertEquals(5000L, at(scale, "executed"));
        assertEquals(5000L, at(scale, "profiled"));
        assertEquals(0.9, at(scale, "inv1"));
        assertEquals(1L, at(scale, "invN"));
        assertEquals(0.8, at(scale, "mrv"));
        assertEquals(2L, at(scale, "n"));
        assertEquals("Loop.scale", at(scale, "detail"));
        assertEquals("int", at(scale, "type"));
        assertEquals(List.of("3", "4"), list(scale, "top").stream().map(t -> at(t, "value")).toList());
        assertEquals(List.of(4500L, 500L), list(scale, "top").stream().map(t -> at(t, "count")).toList());
        assertFalse(((Map<?, ?>) scale).containsKey("estimatedInv1"), "not a local site");
    }

    @Test
    void a_local_site_carries_its_producer_formula_and_estimate() throws IOException {
        Object i = list(parse(SampleValues.profile()), "values", "sites").get(2);
        assertEquals("local", at(i, "kind"));
        assertEquals("int-arith", at(i, "producer"));
        assertEquals("int-arith({s2|s3},c)", at(i, "formula"));
        assertEquals(0.01, at(i, "inv1"));
        assertEquals(0.01, at(i, "estimatedInv1"));
        assertEquals(true, at(i, "recurrence"));
    }

    @Test
    void the_summary_and_the_propagation_estimate_are_there_by_name() throws IOException {
        Map<String, Object> r = parse(SampleValues.profile());
        List<Object> byKind = list(r, "values", "summary", "byKind");
        assertEquals(List.of("param", "field", "array", "local", "all"), byKind.stream().map(k -> at(k, "kind")).toList());
        assertEquals(0.6, at(byKind, 2, "inv1"));
        assertEquals(1L, at(byKind, 4, "share"));
        assertEquals(List.of("field", "int-arith", "int-mul", "const", "all"),
                list(r, "values", "summary", "byProducer").stream().map(k -> at(k, "producer")).toList());
        assertEquals(1L, at(r, "values", "summary", "convergence", "profiledShare"));
        assertEquals(List.of("array", "call", "field"), at(r, "values", "propagation", "loadProducers"));
        assertEquals(3L, at(r, "values", "propagation", "nonLoad", "sites"));
        assertEquals(0.0199, at(r, "values", "propagation", "nonLoad", "measured"));
        assertEquals(0.3, at(r, "values", "propagation", "thresholds", 0, "threshold"));
        assertEquals("field", at(r, "values", "propagation", "byProducer", 0, "producer"));
    }

    @Test
    void quiet_method_figures_are_there_for_a_convergent_profile() throws IOException {
        io.loupe.analysis.values.ValueProfileBuilder b = new io.loupe.analysis.values.ValueProfileBuilder().convergent()
                .stat("values.quietMethodActivations", 4000).stat("values.quietActivations", 3000).stat("values.quietPeriods", 12)
                .stat("values.quietMethodIterations", 1000).stat("values.quietIterations", 900);
        int s = b.param(3);
        b.entry(s, 1000, 100, 1000, 90, 2, 1, "7", 900);
        Map<String, Object> r = parse(b.build());
        assertEquals(4000L, at(r, "values", "summary", "convergence", "quietMethodActivations"));
        assertEquals(3000L, at(r, "values", "summary", "convergence", "quietActivations"));
        assertEquals(0.75, at(r, "values", "summary", "convergence", "quietShare"));
        assertEquals(12L, at(r, "values", "summary", "convergence", "quietPeriods"));
        assertEquals(1000L, at(r, "values", "summary", "convergence", "quietLoopIterations"));
        assertEquals(900L, at(r, "values", "summary", "convergence", "quietIterations"));
        assertEquals(0.9, at(r, "values", "summary", "convergence", "quietIterationShare"));
        Map<String, Object> full = parse(SampleValues.profile());
        assertFalse(((Map<?, ?>) at(full, "values", "summary", "convergence")).containsKey("quietShare"));
        // the estimates of a convergent profile are said to be estimates, beside them
        assertEquals(true, at(r, "values", "sites", 0, "estimates"));
        assertFalse(((Map<?, ?>) at(full, "values", "sites", 0)).containsKey("estimates"), "a full profile measures");
        assertEquals(true, at(r, "values", "summary", "estimates"));
        assertEquals(true, at(r, "values", "propagation", "estimates"));
        assertFalse(((Map<?, ?>) at(full, "values", "summary")).containsKey("estimates"));
    }

    @Test
    void a_convergent_site_gives_what_was_measured_beside_each_estimate() throws IOException {
        io.loupe.analysis.values.ValueProfileBuilder b = new io.loupe.analysis.values.ValueProfileBuilder().convergent();
        int s = b.param(3);
        int old = b.param(4);
        b.measured(s, 1000, 400, 100, 1000, 90, 2, 1, "7", 900, 85, "8", 100, 15);
        b.entry(old, 500, 50, 500, 40, 1, 0, "1", 500);   // format 3: nothing measured is known
        Map<String, Object> r = parse(b.build());
        assertEquals(400L, at(r, "values", "sites", 0, "executed"));
        assertEquals(1000L, at(r, "values", "sites", 0, "estimatedExecuted"));
        assertEquals(0.9, at(r, "values", "sites", 0, "inv1"));
        assertEquals(0.85, at(r, "values", "sites", 0, "inv1Profiled"));
        assertEquals(1L, at(r, "values", "sites", 0, "invNProfiled"));
        assertEquals(85L, at(r, "values", "sites", 0, "top", 0, "count"));
        assertEquals(900L, at(r, "values", "sites", 0, "top", 0, "estimatedCount"));
        assertEquals(0.9, at(r, "values", "sites", 0, "top", 0, "share"));
        assertEquals(0.85, at(r, "values", "sites", 0, "top", 0, "shareProfiled"));
        Map<?, ?> unknown = (Map<?, ?>) at(r, "values", "sites", 1);
        assertEquals(500L, unknown.get("estimatedExecuted"));
        for (String measured : List.of("executed", "inv1Profiled", "invNProfiled")) {
            assertFalse(unknown.containsKey(measured), measured);
        }
        assertFalse(((Map<?, ?>) at(r, "values", "sites", 1, "top", 0)).containsKey("count"));
        assertFalse(((Map<?, ?>) at(r, "values", "summary", "convergence")).containsKey("executed"));
        assertEquals(1500L, at(r, "values", "summary", "convergence", "estimatedExecuted"));
        Map<?, ?> full = (Map<?, ?>) at(parse(SampleValues.profile()), "values", "sites", 0);
        for (String estimated : List.of("estimatedExecuted", "inv1Profiled")) {
            assertFalse(full.containsKey(estimated), "a full profile measures: " + estimated);
        }
    }

    @Test
    void an_undefined_figure_is_null() throws IOException {
        io.loupe.analysis.values.ValueProfileBuilder b = new io.loupe.analysis.values.ValueProfileBuilder();
        int l = b.local(3, "int-arith", "?");
        b.ranWithTop(l, 10, 5);
        Map<String, Object> r = parse(b.build());
        assertNull(at(r, "values", "sites", 0, "estimatedInv1"));
        assertTrue(((Map<?, ?>) at(r, "values", "sites", 0)).containsKey("estimatedInv1"));
        assertNull(at(r, "values", "propagation", "nonLoad", "estimated"));
    }

    @Test
    void two_reports_of_one_profile_are_identical() throws IOException {
        assertEquals(json(SampleValues.profile()), json(SampleValues.profile()));
    }

    /** A merged profile's value counts are lower bounds: the section says how many runs, each site says so. */
    @Test
    void a_merged_profile_labels_its_counts_as_lower_bounds() throws IOException {
        Profile one = SampleValues.profile();
        Map<String, Object> merged = parse(io.loupe.analysis.merge.ProfileMerge.merge(List.of(one, one)).profile());
        assertEquals(2L, at(merged, "values", "merged"));
        for (Object site : list(merged, "values", "sites")) {
            assertEquals(true, at(site, "countsAreLowerBounds"));
        }
        Map<String, Object> single = parse(one);
        assertFalse(((Map<?, ?>) at(single, "values")).containsKey("merged"));
        assertNull(at(single, "values", "sites", 0, "countsAreLowerBounds"));
    }
}
