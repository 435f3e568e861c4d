package io.loupe.report;

import io.loupe.analysis.deps.CampFigure1;
import io.loupe.analysis.deps.TwoCallers;
import io.loupe.analysis.summary.ProfileComparison;
import io.loupe.data.Profile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe diff} of a lamp and a camp profile (CampFigure1, TwoCallers say what to expect), text and JSON. */
class DepsDiffReportTest {

    private static ProfileComparison compare(Profile a, Profile b) {
        return ProfileComparison.of("a.prof", a, "b.prof", b, 0.3);
    }

    private static String text(Profile a, Profile b, int top) throws IOException {
        StringBuilder out = new StringBuilder();
        new DiffTextReport(top).write(compare(a, b), out);
        return out.toString();
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(Profile a, Profile b) throws IOException {
        StringBuilder out = new StringBuilder();
        new DiffJsonReport().write(compare(a, b), out);
        return (Map<String, Object>) MiniJson.parse(out.toString());
    }

    @SuppressWarnings("unchecked")
    private static Object at(Object json, Object... path) {
        Object v = json;
        for (Object step : path) {
            v = step instanceof String name ? ((Map<String, Object>) v).get(name) : ((List<Object>) v).get((Integer) step);
        }
        return v;
    }

    @Test
    void figure_1_gives_three_false_positives_in_five_context_pairs() throws IOException {
        String r = text(CampFigure1.profile("lamp"), CampFigure1.profile("camp"), 10);
        assertTrue(r.contains("\nDependences: LAMP (A) against CAMP (B), what knowing contexts changes (CAMP §V)\n"
                + "  carried   2 loop-carried dependences in LAMP (counted once per loop carrying it); 0 between sites CAMP"
                + " never saw run\n"), r);
        assertTrue(r.contains("  Fig. 11   60.0% false positives: the rest stand for 5 context pairs (a source and a"
                + " destination context within one\n"), r);
        assertTrue(r.contains("context of the loop); CAMP saw 2 of them carried, 3 not."), r);
        assertTrue(r.contains("  loops     LAMP 2 loops, 0 parallelizable (0 loop contexts in CAMP); CAMP 2 loop contexts,"
                + " 0 parallelizable\n"), r);
        assertTrue(r.contains("Loops by LAMP's false positives (top 2 of 2 LAMP loops)\n"
                + "   carried    ctx pairs       real  false pos  LAMP verdict        CAMP par  loop (header line)\n"
                + "         1            4          1          3  not parallelizable       0/1  fig1.Main.main()V:5\n"
                + "         1            1          1          0  not parallelizable       0/1  fig1.Main.work()V:12\n"), r);
        assertFalse(r.contains("Loop contexts parallelizable in CAMP"), r);
    }

    @Test
    void camp_first_works_too_and_lists_the_loop_contexts_gained() throws IOException {
        String r = text(TwoCallers.profile("camp"), TwoCallers.profile("lamp"), 10);
        assertTrue(r.contains("Dependences: LAMP (B) against CAMP (A)"), r);
        assertTrue(r.contains("  Fig. 10   1 loop context parallelizable in CAMP whose loop LAMP finds not parallelizable,"
                + " 0 the other way round:\n            +100.0% parallelizable loop contexts\n"), r);
        assertTrue(r.contains("Loop contexts parallelizable in CAMP, not in LAMP (top 1 of 1)\n"
                + "               10 iterations  two.Vec.shift([I[I)V:10\n"
                + "                              in call two.Main.main()V:5\n"), r);
        for (String line : r.split("\n")) {
            assertTrue(line.codePointCount(0, line.length()) <= 120, line);
        }
    }

    @Test
    void json_gives_both_figures_and_says_which_side_is_lamp() throws IOException {
        Map<String, Object> r = json(CampFigure1.profile("lamp"), CampFigure1.profile("camp"));
        assertEquals(List.of(), at(r, "notes"));
        Object d = at(r, "diff", "deps");
        assertEquals("a", at(d, "lamp"));
        assertEquals("b", at(d, "camp"));
        assertEquals(Map.of("lampCarried", 2L, "unmatched", 0L, "notCarriedInCamp", 0L, "contextPairs", 5L, "real", 2L,
                "falsePositive", 3L, "share", 0.6), at(d, "falsePositives"));
        assertNull(at(d, "parallelLoops", "increase"));
        assertEquals(0L, at(d, "parallelLoops", "gained"));
        assertEquals(4L, at(d, "loops", 0, "contextPairs"));
        assertEquals("main()V", at(d, "loops", 0, "method"));
        assertEquals(List.of(), at(d, "gained"));
        assertFalse(((Map<?, ?>) at(r, "diff")).containsKey("values"));

        Map<String, Object> two = json(TwoCallers.profile("camp"), TwoCallers.profile("lamp"));
        Object p = at(two, "diff", "deps", "parallelLoops");
        assertEquals("b", at(two, "diff", "deps", "lamp"));
        assertEquals(Map.of("lampLoops", 2L, "lampParallelizable", 1L, "campContexts", 3L, "campParallelizable", 2L,
                "lampParallelizableContexts", 1L, "gained", 1L, "lost", 0L, "increase", 1L, "unmatchedLamp", 0L,
                "unmatchedCamp", 0L), p);
        assertEquals(List.of(Map.of("kind", "call", "class", "two.Main", "method", "main()V", "line", 5L)),
                at(two, "diff", "deps", "gained", 0, "context"));
        assertEquals(10L, at(two, "diff", "deps", "gained", 0, "line"));
    }

    @Test
    void two_profiles_of_one_mode_are_not_compared_and_the_reports_say_why() throws IOException {
        ProfileComparison c = compare(CampFigure1.profile("camp"), CampFigure1.profile("camp"));
        assertFalse(c.comparable());
        assertNull(c.deps());
        assertEquals("a.prof and b.prof are both camp dependence profiles; loupe diff compares a lamp with a camp"
                + " profile of one program", c.depsNotCompared());
        String r = text(CampFigure1.profile("lamp"), CampFigure1.profile("lamp"), 10);
        assertTrue(r.contains("\n  deps      not compared: a.prof and b.prof are both lamp dependence profiles;"), r);
        assertEquals(List.of("dependences not compared: a.prof and b.prof are both lamp dependence profiles; loupe diff"
                + " compares a lamp with a camp profile of one program"),
                at(json(CampFigure1.profile("lamp"), CampFigure1.profile("lamp")), "notes"));
    }

    @Test
    void a_values_profile_against_a_deps_profile_compares_values_and_notes_the_dependences() throws IOException {
        ProfileComparison c = compare(SampleValues.profile(), CampFigure1.profile("lamp"));
        assertTrue(c.comparable());
        assertTrue(c.values() != null);
        assertNull(c.deps());
        assertEquals("only b.prof holds dependence data", c.depsNotCompared());
        assertTrue(compare(SampleProfile.withK(2), SampleProfile.withK(2)).depsNotCompared() == null);
    }
}
