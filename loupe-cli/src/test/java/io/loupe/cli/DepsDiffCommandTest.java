package io.loupe.cli;

import io.loupe.analysis.deps.CampFigure1;
import io.loupe.analysis.deps.TwoCallers;
import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.Profile;
import io.loupe.data.values.SiteKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe diff} of dependence profiles written to files: a lamp against a camp run, in either order. */
class DepsDiffCommandTest {

    @TempDir
    Path dir;

    private Path write(String name, Profile p) throws IOException {
        return TestProfiles.write(dir, name, p);
    }

    @Test
    void lamp_against_camp_gives_the_false_positives_of_figure_1() throws IOException {
        Cli r = Cli.run("diff", write("lamp.prof", CampFigure1.profile("lamp")).toString(),
                write("camp.prof", CampFigure1.profile("camp")).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().contains("Dependences: LAMP (A) against CAMP (B)"), r.out());
        assertTrue(r.out().contains("  Fig. 11   60.0% false positives: the rest stand for 5 context pairs"), r.out());
        assertFalse(r.out().contains("Values:"), r.out());
    }

    @Test
    void camp_against_lamp_in_json() throws IOException {
        Cli r = Cli.run("diff", "--json", write("camp.prof", TwoCallers.profile("camp")).toString(),
                write("lamp.prof", TwoCallers.profile("lamp")).toString());
        assertEquals(0, r.exitCode(), r.err());
        String json = r.out();
        assertTrue(json.contains("\"diff\": {\n    \"deps\": {\n      \"lamp\": \"b\",\n      \"camp\": \"a\",\n"), json);
        assertTrue(json.contains("\"gained\": 1,\n"), json);
        assertTrue(json.contains("\"increase\": 1,\n"), json);
    }

    @Test
    void top_limits_the_loops_listed() throws IOException {
        Cli r = Cli.run("diff", "--top", "1", write("lamp.prof", CampFigure1.profile("lamp")).toString(),
                write("camp.prof", CampFigure1.profile("camp")).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Loops by LAMP's false positives (top 1 of 2 LAMP loops)\n"), r.out());
        assertFalse(r.out().contains("fig1.Main.work()V:12"), r.out());
    }

    @Test
    void two_camp_profiles_are_one_line_and_exit_code_2() throws IOException {
        Path a = write("a.prof", CampFigure1.profile("camp"));
        Path b = write("b.prof", CampFigure1.profile("camp"));
        Cli r = Cli.run("diff", a.toString(), b.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertEquals("loupe: nothing to compare: " + a + " and " + b + " are both camp dependence profiles; loupe diff"
                + " compares a lamp with a camp profile of one program\n", r.err());
    }

    @Test
    void dependence_profiles_of_two_programs_are_refused() throws IOException {
        // both headers name fig1.Main, but the two have no class in common
        Path lamp = write("lamp.prof", CampFigure1.profile("lamp"));
        Path camp = write("camp.prof", TwoCallers.profile("camp"));
        Cli r = Cli.run("diff", lamp.toString(), camp.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertEquals("loupe: " + lamp + " and " + camp + " are profiles of different programs: they have no class in"
                + " common (fig1.Cell … and two.Main …; --force compares them anyway)\n", r.err());
        Cli forced = Cli.run("diff", "--force", lamp.toString(), camp.toString());
        assertEquals(0, forced.exitCode(), forced.err());
        assertTrue(forced.out().contains("Dependences: LAMP (A) against CAMP (B)"), forced.out());
    }

    @Test
    void a_value_profile_against_a_dependence_profile_is_refused() throws IOException {
        ValueProfileBuilder v = new ValueProfileBuilder().topN(2).command("fig1.Main");
        int s = v.site(CampFigure1.MAIN, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        v.ran(s, 10, 0, "7", 10);
        Path values = write("values.prof", v.build());
        Path lamp = write("lamp.prof", CampFigure1.profile("lamp"));
        Cli r = Cli.run("diff", values.toString(), lamp.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertEquals("loupe: " + values + " (values) and " + lamp + " (deps (lamp)) are different kinds of profile;"
                + " diff compares values with values and a lamp with a camp dependence profile (--force compares them"
                + " anyway)\n", r.err());
    }

    @Test
    void forced_a_value_profile_against_a_dependence_profile_compares_the_values_and_says_so() throws IOException {
        ValueProfileBuilder v = new ValueProfileBuilder().topN(2);
        int s = v.site("com.example.C", "f", "(I)V", 1, SiteKind.PARAM, "#0");
        v.ran(s, 10, 0, "7", 10);
        Path values = write("values.prof", v.build());
        Path lamp = write("lamp.prof", CampFigure1.profile("lamp"));
        Cli r = Cli.run("diff", "--force", values.toString(), lamp.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Values: how invariance carries over"), r.out());
        String unwrapped = r.out().replace("\n            ", " ");
        assertTrue(unwrapped.contains("  deps      not compared: only " + lamp + " holds dependence data\n"), r.out());
    }
}
