package io.loupe.report;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JsonReportTest {

    private static String json(Profile p) throws IOException {
        StringBuilder out = new StringBuilder();
        new JsonReport().write(ProfileSummary.of(p), out);
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> parse(Profile p) throws IOException {
        return (Map<String, Object>) MiniJson.parse(json(p));
    }

    /** The value at a path of member names and array indices. */
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
    void the_report_is_one_json_object_with_format_and_version_first() throws IOException {
        Map<String, Object> r = parse(SampleProfile.withK(3));
        assertEquals(List.of("format", "version", "header", "stats", "warnings", "problems", "paths"),
                List.copyOf(r.keySet()));
        assertEquals("loupe-profile-report", r.get("format"));
        assertEquals(1L, r.get("version"));
        assertEquals("0.1.0-test", at(r, "header", "loupeVersion"));
        assertEquals("2023-11-14T22:13:20Z", at(r, "header", "createdUtc"));
        assertEquals(3L, at(r, "header", "k"));
        assertEquals(2L, at(r, "stats", "paths.threads"));
    }

    @Test
    void warnings_survive_escaping() throws IOException {
        Map<String, Object> r = parse(SampleProfile.withK(3));
        assertEquals(List.of(SampleProfile.WARNING, "second warning"), r.get("warnings"));
    }

    @Test
    void paths_methods_lists_each_method_with_counts_with_the_contract_fields() throws IOException {
        Map<String, Object> r = parse(SampleProfile.withK(3));
        assertEquals(3L, at(r, "paths", "k"));
        List<Object> methods = list(r, "paths", "methods");
        assertEquals(2, methods.size(), "the uninstrumented method has no counts");
        assertEquals("com.example.Loop", at(methods, 0, "class"));
        assertEquals("loop(I)V", at(methods, 0, "method"));
        assertEquals(8L, at(methods, 0, "numPaths"));
        assertEquals("com.example.Big", at(methods, 1, "class"));
        assertEquals(2L, at(methods, 1, "cutEdges"));
    }

    @Test
    void a_methods_paths_come_hottest_first_with_id_count_and_lines() throws IOException {
        List<Object> paths = list(parse(SampleProfile.withK(3)), "paths", "methods", 0, "paths");
        assertEquals(5, paths.size());
        // path 7 = B D E ⟲ ran 66 times; path 1 = A B C E ⟲ 50 times
        assertEquals(7L, at(paths, 0, "id"));
        assertEquals(66L, at(paths, 0, "count"));
        assertEquals(List.of(11L, 14L, 15L), at(paths, 0, "lines"));
        assertEquals("LOOP_ENTRY", at(paths, 0, "start"));
        assertEquals("LOOP_EXIT", at(paths, 0, "end"));
        assertEquals(1L, at(paths, 1, "id"));
        assertEquals(50L, at(paths, 1, "count"));
        assertEquals(List.of(10L, 11L, 12L, 15L), at(paths, 1, "lines"));
        assertEquals(0.360656, (Double) at(paths, 0, "share"), 1e-9);
    }

    @Test
    void kpaths_lists_every_node_of_the_k_IPF_with_its_n_gram_count() throws IOException {
        List<Object> kpaths = list(parse(SampleProfile.withK(3)), "paths", "methods", 0, "kpaths");
        Map<Object, Object> listed = new HashMap<>();
        for (Object node : kpaths) {
            listed.put(at(node, "ids"), at(node, "count"));
        }
        assertEquals(kpaths.size(), listed.size(), "no node twice");
        assertEquals(SampleProfile.loopNGrams(3), listed);
        // preorder; roots and children hottest first, ties by id: 7 (66), 7 6 (33), 7 7 (33), 7 7 6 (33), 1 (50), …
        assertEquals(List.of(7L), at(kpaths, 0, "ids"));
        assertEquals(66L, at(kpaths, 0, "count"));
        assertEquals(List.of(7L, 6L), at(kpaths, 1, "ids"));
        assertEquals(List.of(7L, 7L), at(kpaths, 2, "ids"));
        assertEquals(List.of(7L, 7L, 6L), at(kpaths, 3, "ids"));
        assertEquals(List.of(1L), at(kpaths, 4, "ids"));
    }

    @Test
    void with_k_1_kpaths_holds_one_node_per_path() throws IOException {
        Map<String, Object> r = parse(SampleProfile.withK(1));
        List<Object> kpaths = list(r, "paths", "methods", 0, "kpaths");
        List<Object> paths = list(r, "paths", "methods", 0, "paths");
        assertEquals(paths.size(), kpaths.size());
        List<Object> ids = new ArrayList<>();
        for (int i = 0; i < paths.size(); i++) {
            assertEquals(List.of(at(paths, i, "id")), at(kpaths, i, "ids"));
            assertEquals(at(paths, i, "count"), at(kpaths, i, "count"));
            ids.add(at(paths, i, "id"));
        }
        assertEquals(List.of(7L, 1L, 6L, 4L, 5L), ids);
    }

    @Test
    void two_reports_of_one_profile_are_identical() throws IOException {
        Profile p = SampleProfile.withK(3);
        assertEquals(json(p), json(p));
    }

    @Test
    void members_are_one_per_line_and_small_records_inline() throws IOException {
        String json = json(SampleProfile.withK(2));
        assertTrue(json.startsWith("{\n  \"format\": \"loupe-profile-report\",\n  \"version\": 1,\n"), json);
        assertTrue(json.contains("\n          {\"ids\": [1, 7], \"count\": 33},\n"), json);
        assertTrue(json.endsWith("}\n"));
    }
}
