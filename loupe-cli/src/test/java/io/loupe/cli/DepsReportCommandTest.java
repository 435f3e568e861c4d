package io.loupe.cli;

import io.loupe.analysis.deps.CampFigure1;
import io.loupe.data.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe report} on dependence profiles written to files: the text section and {@code --dot}. */
class DepsReportCommandTest {

    @TempDir
    Path dir;

    private Path write(String name, Profile p) throws IOException {
        return TestProfiles.write(dir, name, p);
    }

    @Test
    void the_text_report_of_a_camp_profile_lists_its_loops() throws IOException {
        Cli r = Cli.run("report", write("camp.prof", CampFigure1.profile("camp")).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().startsWith("Loupe dependence profile, written by Loupe 0.1.0-test"), r.out());
        assertTrue(r.out().contains("Memory dependences (camp mode: loops and accesses per calling context)\n"), r.out());
        assertTrue(r.out().contains("     1             100           10  not parallelizable    1    0    0  fig1.Main.work()V:12\n"),
                r.out());
        assertTrue(r.out().contains("        registers  induction i\n"), r.out());
    }

    @Test
    void top_limits_the_loops() throws IOException {
        Cli r = Cli.run("report", "--top", "1", write("camp.prof", CampFigure1.profile("camp")).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Loops by iterations (top 1 of 2;"), r.out());
        assertFalse(r.out().contains("fig1.Main.main()V:5\n"), r.out());
    }

    @Test
    void json_carries_the_registers_read_back_from_the_file() throws IOException {
        Cli r = Cli.run("report", "--json", write("camp.prof", CampFigure1.profile("camp")).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("\"registers\": [{\"name\": \"i\", \"slot\": 2, \"kind\": \"induction\"}],"), r.out());
        assertTrue(r.out().contains("\"inductionVariables\": [\"i\"],"), r.out());
    }

    @Test
    void dot_draws_the_chosen_loop() throws IOException {
        Cli r = Cli.run("report", write("camp.prof", CampFigure1.profile("camp")).toString(), "--dot", "1");
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("digraph \"loop 1: fig1.Main.work()V:12\" {\n"), r.out());
        assertTrue(r.out().contains("  n0 -> n1 [label=\"RAW inter ×90\", color=red, fontcolor=red, style=bold];\n"), r.out());
        assertTrue(r.out().endsWith("}\n"), r.out());
    }

    @Test
    void an_unknown_loop_is_one_line_and_exit_code_2() throws IOException {
        Path file = write("camp.prof", CampFigure1.profile("camp"));
        Cli r = Cli.run("report", file.toString(), "--dot", "7");
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertEquals("loupe: " + file + ": no loop 7 in the dependence profile (ids 0 to 1, as 'loupe report " + file
                + "' lists them)\n", r.err());
        Cli notANumber = Cli.run("report", file.toString(), "--dot", "L2");
        assertEquals(2, notANumber.exitCode());
        assertTrue(notANumber.err().contains("L2"), notANumber.err());
    }

    @Test
    void dot_needs_a_dependence_profile_and_no_json() throws IOException {
        Path paths = write("paths.prof", TestProfiles.loop());
        Cli r = Cli.run("report", paths.toString(), "--dot", "0");
        assertEquals(2, r.exitCode());
        assertEquals("loupe: " + paths + ": holds no dependence data (--dot draws a loop of a profile=deps run)\n", r.err());
        Cli both = Cli.run("report", paths.toString(), "--dot", "0", "--json");
        assertEquals(2, both.exitCode());
        assertEquals("loupe: --dot and --json cannot be combined\n", both.err());
    }

    @Test
    void a_value_profile_given_beside_adds_the_values_on_each_loops_header_line() throws IOException {
        io.loupe.analysis.values.ValueProfileBuilder v = new io.loupe.analysis.values.ValueProfileBuilder();
        v.ran(v.site("fig1.Main", "work", "()V", 12, io.loupe.data.values.SiteKind.PARAM, "n"), 10, 9, "7", 10L);
        Path values = write("values.prof", v.build());
        Path camp = write("camp.prof", CampFigure1.profile("camp"));

        Cli r = Cli.run("report", camp.toString(), values.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("        evidence   mean 10.0 iterations per invocation; bound `n` = 7 in 100.0% of"
                + " executions\n"), r.out());
        Cli json = Cli.run("report", "--json", camp.toString(), values.toString());
        assertTrue(json.out().contains("\"bounds\": [\n"), json.out());
        assertTrue(json.out().contains("{\"name\": \"n\", \"kind\": \"param\", \"line\": 12, \"value\": \"7\","), json.out());
    }
}
