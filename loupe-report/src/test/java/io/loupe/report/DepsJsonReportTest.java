package io.loupe.report;

import io.loupe.analysis.deps.CampFigure1;
import io.loupe.analysis.deps.DepsProfileBuilder;
import io.loupe.analysis.deps.TwoCallers;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.deps.DepType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.loupe.data.deps.Dependence.INTER;
import static io.loupe.data.deps.Dependence.INTRA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DepsJsonReportTest {

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

    private static Map<String, Object> entry(String kind, String cls, String method, long line) {
        return Map.of("kind", kind, "class", cls, "method", method, "line", line);
    }

    @Test
    void a_profile_of_dependences_alone_has_a_deps_section_and_no_paths_section() throws IOException {
        Map<String, Object> r = parse(CampFigure1.profile("camp"));
        assertEquals(List.of("format", "version", "header", "stats", "warnings", "problems", "deps"),
                List.copyOf(r.keySet()));
        assertEquals("camp", at(r, "deps", "mode"));
        assertEquals(List.of(), at(r, "problems"));
    }

    @Test
    void profiles_without_dependences_have_no_deps_section() throws IOException {
        assertFalse(parse(SampleProfile.withK(2)).containsKey("deps"));
        assertFalse(parse(SampleValues.profile()).containsKey("deps"));
    }

    @Test
    void a_loop_carries_the_contract_fields() throws IOException {
        Map<String, Object> r = parse(CampFigure1.profile("camp"));
        Object l2 = at(r, "deps", "loops", 1);
        for (String field : List.of("id", "class", "method", "line", "context", "invocations", "iterations",
                "carried", "parallelizable", "privatizable")) {
            assertFalse(at(l2, field) == null, field);
        }
        assertEquals(1L, at(l2, "id"));
        assertEquals("fig1.Main", at(l2, "class"));
        assertEquals("work()V", at(l2, "method"));
        assertEquals(12L, at(l2, "line"));
        assertEquals(List.of(entry("loop", "fig1.Main", "main()V", 5), entry("call", "fig1.Main", "main()V", 6)),
                at(l2, "context"));
        assertEquals(10L, at(l2, "invocations"));
        assertEquals(100L, at(l2, "iterations"));
        assertEquals(Map.of("raw", 1L, "war", 0L, "waw", 0L), at(l2, "carried"));
        assertEquals(false, at(l2, "parallelizable"));
        assertEquals(false, at(l2, "privatizable"));
        assertEquals(List.of(), at(r, "deps", "loops", 0, "context"));
    }

    @Test
    void a_dependence_carries_the_contract_fields() throws IOException {
        Map<String, Object> r = parse(CampFigure1.profile("camp"));
        Object d = at(r, "deps", "dependences", 0);
        assertEquals("RAW", at(d, "type"));
        assertEquals("fig1.Cell", at(d, "src", "class"));
        assertEquals("setValue()V", at(d, "src", "method"));
        assertEquals(31L, at(d, "src", "line"));
        assertEquals(entry("call", "fig1.Main", "work()V", 14), at(d, "src", "context", 3));
        assertEquals("getValue()I", at(d, "dst", "method"));
        assertEquals(30L, at(d, "dst", "line"));
        assertEquals(List.of(entry("loop", "fig1.Main", "main()V", 5), entry("call", "fig1.Main", "main()V", 6),
                entry("loop", "fig1.Main", "work()V", 12), entry("call", "fig1.Main", "work()V", 13)),
                at(d, "dst", "context"));
        assertEquals(90L, at(d, "count"));
        assertEquals(false, at(d, "crossThread"));
        assertEquals(List.of(Map.of("loop", 0L, "relation", "intra"), carried(1L, "inter")), at(d, "loops"));
        assertEquals(List.of(carried(0L, "inter")), at(r, "deps", "dependences", 1, "loops"));
    }

    @Test
    void lamp_mode_has_no_contexts_and_both_loops_carry_the_one_dependence() throws IOException {
        Map<String, Object> r = parse(CampFigure1.profile("lamp"));
        assertEquals("lamp", at(r, "deps", "mode"));
        for (int i = 0; i < 2; i++) {
            assertEquals(List.of(), at(r, "deps", "loops", i, "context"));
            assertEquals(1L, at(r, "deps", "loops", i, "carried", "raw"));
            assertEquals(false, at(r, "deps", "loops", i, "parallelizable"));
        }
        assertEquals(List.of(), at(r, "deps", "dependences", 0, "src", "context"));
        assertEquals(List.of(carried(0L, "both"), carried(1L, "inter")), at(r, "deps", "dependences", 0, "loops"));
    }

    /**
     * A level across iterations of a profile that does not say at which distance (the sample's bits,
     * as before format 7): {@code distanceOne} is null.
     */
    private static Map<String, Object> carried(long loop, String relation) {
        Map<String, Object> level = new HashMap<>();
        level.put("loop", loop);
        level.put("relation", relation);
        level.put("distanceOne", null);
        return level;
    }

    @Test
    void privatizable_and_cross_thread_dependences_show() throws IOException {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int load = b.access("p.C", "run()V", 22, false, "p.C.t");
        int store = b.access("p.C", "run()V", 21, true, "p.C.t");
        int loop = b.loop("p.C", "run()V", 20, -1);
        b.ran(loop, -1, 1, 10);
        b.dep(DepType.RAW, store, -1, load, -1, 10, false, loop, INTRA);
        b.dep(DepType.WAR, load, -1, store, -1, 9, false, loop, INTER);
        b.dep(DepType.RAW, store, -1, load, -1, 3, true);
        Map<String, Object> r = parse(b.build());
        assertEquals(Map.of("raw", 0L, "war", 1L, "waw", 0L), at(r, "deps", "loops", 0, "carried"));
        assertEquals(true, at(r, "deps", "loops", 0, "privatizable"));
        assertEquals(false, at(r, "deps", "loops", 0, "parallelizable"));
        assertEquals(true, at(r, "deps", "dependences", 1, "crossThread"));
        assertEquals(List.of(), at(r, "deps", "dependences", 1, "loops"));
    }

    @Test
    void two_reports_of_one_profile_are_identical() throws IOException {
        assertEquals(json(CampFigure1.profile("camp")), json(CampFigure1.profile("camp")));
    }

    @Test
    void a_loop_lists_its_carried_registers_beside_the_memory_verdict() throws IOException {
        Map<String, Object> r = parse(TwoCallers.profile("camp"));
        Object shift = at(r, "deps", "loops", 1);
        Map<String, Object> unnamed = new java.util.HashMap<>();   // Map.of takes no null
        unnamed.put("slot", 6L);
        unnamed.put("name", null);
        unnamed.put("kind", "other");
        assertEquals(List.of(Map.of("slot", 3L, "name", "i", "kind", "induction"),
                Map.of("slot", 4L, "name", "sum", "kind", "reduction"),
                Map.of("slot", 5L, "name", "prev", "kind", "other"),
                unnamed), at(shift, "registers"));
        assertEquals(List.of("i"), at(shift, "inductionVariables"));
        assertEquals(List.of("sum"), at(shift, "reductions"));
        assertEquals(2L, at(shift, "carriedRegisters"));
        assertEquals(true, at(shift, "parallelizable"));
        Object k = at(r, "deps", "loops", 0);
        assertEquals(List.of("k"), at(k, "inductionVariables"));
        assertEquals(List.of(), at(k, "reductions"));
        assertEquals(0L, at(k, "carriedRegisters"));
        assertTrue(json(TwoCallers.profile("camp")).contains("\"registers\": [{\"name\": \"i\", \"slot\": 3, \"kind\": \"induction\"},"));
    }

    @Test
    void each_loop_has_advice_with_actions_and_evidence() throws IOException {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp").sourceFiles();
        int loop = b.loop("p.Acc", "sum([I)V", 10, -1, DepsProfileBuilder.register(2, "i",
                io.loupe.data.deps.CarriedRegisterMeta.Kind.INDUCTION));
        int load = b.arrayAccess("p.Acc", "sum([I)V", 11, false, "int[]", "hist");
        int store = b.update(load, io.loupe.data.deps.MemoryUpdate.Op.PLUS, false);
        int read = b.arrayAccess("p.Acc", "sum([I)V", 12, false, "int[]", "a");
        int write = b.arrayAccess("p.Acc", "sum([I)V", 12, true, "int[]", "a");
        b.ran(loop, -1, 2, 130);
        b.dep(DepType.RAW, store, -1, load, -1, 40, false, loop, INTER);
        b.dep(DepType.RAW, write, -1, read, -1, 62, false, loop, INTER);
        Map<String, Object> r = parse(b.build());
        Object advice = at(r, "deps", "loops", 0, "advice");
        assertEquals("blocked", at(advice, "kind"));
        assertEquals("blocked by RAW line 12 → 12 on `a[]` across iterations; array reduction on `hist[]` (+)",
                at(advice, "text"));
        Object blocked = at(advice, "actions", 0);
        assertEquals("blocked-raw", at(blocked, "kind"));
        assertEquals(null, at(blocked, "target"));
        assertEquals(1L, at(blocked, "dependence"), "after the RAW of hist[], whose sites come first");
        assertEquals(12L, at(blocked, "src", "line"));
        assertEquals("a", at(blocked, "dst", "array"));
        Object reduction = at(advice, "actions", 1);
        assertEquals(Map.of("kind", "array-reduction", "text", "array reduction on `hist[]` (+)", "target", "hist[]",
                "op", "+", "inexact", false), reduction);
        Object evidence = at(advice, "evidence");
        assertEquals(2L, at(evidence, "invocations"));
        assertEquals(130L, at(evidence, "iterations"));
        assertEquals(65L, ((Number) at(evidence, "meanIterations")).longValue());
        assertEquals(List.of(0L, 1L), at(evidence, "carriedDependences"));
        assertEquals(List.of("i"), at(evidence, "inductionVariables"));
        assertEquals(List.of(), at(evidence, "bounds"));
        assertEquals(Map.of("load", 0L, "op", "+", "inexact", false), at(r, "deps", "dependences", 0, "src", "update"));
        assertEquals(null, at(r, "deps", "dependences", 0, "dst", "update"));
        assertEquals("hist", at(r, "deps", "dependences", 0, "dst", "array"));
    }
}
