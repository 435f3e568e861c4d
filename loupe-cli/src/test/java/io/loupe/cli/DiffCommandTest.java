package io.loupe.cli;

import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.values.SiteKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loupe diff} end to end on two profiles written to files. The runs (N = 2), sites added in
 * a different order in B so that ids differ:
 * <pre>
 *          A: runs  table              Inv-1     B: runs  table
 * param      100  7:90 3:10          0.9          50   7:50               1.0
 * field      300  x:150 y:90 z:60    0.5        1000   y:600 x:300 w:100  0.6
 * local      500  1:102 2:100 3:100   0.204        10   5:10               1.0
 *                 4:99 5:99
 * return     100  A..D: 25 each      0.25          —
 * </pre>
 * Overlap 900/1000; Diff-Inv1 (10 + 30 + 398)/900 = 48.7%; Diff-Inv2 (0 + 30 + 298)/900 = 36.4%;
 * Inv-1 ≥ 30% in A: param and field, 400 of 900 (44.4%); Find-1 100/400 = 25%; Find-2 400/400.
 */
class DiffCommandTest {

    private static final String C = "com.example.C";

    @TempDir
    Path dir;

    private static Profile runA() {
        ValueProfileBuilder a = new ValueProfileBuilder().topN(2).command("com.example.Main small.txt");
        int param = a.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        int field = a.site(C, "f", "(I)V", 2, SiteKind.FIELD, "C.x");
        int local = a.local(C, "f", "(I)V", 3, "i", "int-arith", "c");
        int ret = a.site(C, "f", "(I)V", 4, SiteKind.RETURN, "D.g()I");
        a.ran(param, 100, 0, "7", 90, "3", 10);
        a.ran(field, 300, 0, "x", 150, "y", 90, "z", 60);
        a.ran(local, 500, 0, "1", 102, "2", 100, "3", 100, "4", 99, "5", 99);
        a.ran(ret, 100, 0, "A", 25, "B", 25, "C", 25, "D", 25);
        return a.build();
    }

    private static Profile runB() {
        ValueProfileBuilder b = new ValueProfileBuilder().topN(2).command("com.example.Main large.txt");
        b.site(C, "f", "(I)V", 4, SiteKind.RETURN, "D.g()I");
        int local = b.local(C, "f", "(I)V", 3, "i", "int-arith", "c");
        int field = b.site(C, "f", "(I)V", 2, SiteKind.FIELD, "C.x");
        int param = b.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0");
        b.ran(param, 50, 0, "7", 50);
        b.ran(field, 1000, 0, "y", 600, "x", 300, "w", 100);
        b.ran(local, 10, 0, "5", 10);
        return b.build();
    }

    private Path write(String name, Profile p) throws IOException {
        return TestProfiles.write(dir, name, p);
    }

    private Cli diff(String... extra) throws IOException {
        Path a = write("a.prof", runA());
        Path b = write("b.prof", runB());
        String[] args = new String[extra.length + 3];
        args[0] = "diff";
        args[1] = a.toString();
        args[2] = b.toString();
        System.arraycopy(extra, 0, args, 3, extra.length);
        return Cli.run(args);
    }

    @Test
    void the_text_comparison_gives_the_papers_metrics() throws IOException {
        Cli r = diff();
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        String out = r.out();
        String unwrapped = out.replace("\n            ", " ");   // the header wraps with the temporary directory's name
        assertTrue(unwrapped.startsWith("Loupe profile comparison: B against the reference A\n"
                + "  A         " + dir.resolve("a.prof") + ": com.example.Main small.txt (Loupe 0.1.0-test,"
                + " 2023-11-14 22:13:20 UTC) profile=values,out=values.prof\n"
                + "  B         " + dir.resolve("b.prof") + ": com.example.Main large.txt"), out);
        assertTrue(out.contains("  sites     4 ran in A, 3 in B, 3 in both (matched by class, method, kind and ordinal);"
                + " 1 in A only, 0 in B only\n"), out);
        assertTrue(out.contains("  Overlap   90.0% of A's executions are at sites that also ran in B\n"), out);
        assertTrue(out.contains("  Diff-Inv1 48.7%: mean |Inv-1 in A − Inv-1 in B| over the sites in both\n"), out);
        assertTrue(out.contains("  Diff-InvN 36.4%: the same for Inv-N (N = 2 in A, 2 in B)\n"), out);
        assertTrue(out.contains("  Find-1    25.0% of the executions at sites with Inv-1 ≥ 30% in A (44.4% of the executions at"
                + " sites in both)"), out);
        assertTrue(out.contains("  Find-N    100.0% of the executions"), out);
    }

    @Test
    void the_sites_that_moved_most_come_first_with_their_top_values() throws IOException {
        String out = diff().out();
        assertTrue(out.contains("Largest Inv-1 differences (weighted by A's executions)\n"), out);
        // B's 5 has 19.8% in A, within two points of 1's 20.4%: a near tie
        assertTrue(out.contains("    1             500              10    20.4%   100.0%  tie    com.example.C.f:3  i\n"), out);
        assertTrue(out.contains("top: A 1 (20.4%) · B 5 (100.0%)\n"), out);
        assertTrue(out.contains("    3             100              50    90.0%   100.0%  top    com.example.C.f:1  #0\n"), out);
        assertTrue(out.contains("    2             300           1,000    50.0%    60.0%  top-N  com.example.C.f:2  C.x\n"), out);
    }

    @Test
    void the_threshold_chooses_the_sites_find_looks_at() throws IOException {
        String out = diff("--threshold", "0.6").out();
        assertTrue(out.contains("  Find-1    100.0% of the executions at sites with Inv-1 ≥ 60% in A (11.1% of"), out);
    }

    @Test
    void json_has_diff_values_with_summary_and_sites() throws IOException {
        Cli r = diff("--json");
        assertEquals(0, r.exitCode(), r.err());
        String json = r.out();
        assertTrue(json.startsWith("{\n  \"format\": \"loupe-diff-report\",\n  \"version\": 1,\n  \"a\": {\n"), json);
        assertTrue(json.contains("\"diff\": {\n    \"values\": {\n      \"threshold\": 0.3,\n"), json);
        assertTrue(json.contains("\"overlap\": 0.9,"), json);
        assertTrue(json.contains("\"diffInv1\": 0.486667,"), json);
        assertTrue(json.contains("\"diffInvN\": 0.364444,"), json);
        assertTrue(json.contains("\"invariantShare\": 0.444444,"), json);
        assertTrue(json.contains("\"find1\": 0.25,"), json);
        assertTrue(json.contains("\"find1WithTies\": 0.25,"), json);
        assertTrue(json.contains("\"nearTie\": 0.02,"), json);
        assertTrue(json.contains("\"findN\": 1\n"), json);
        assertTrue(json.contains("\"key\": \"com.example.C.f(I)V#local#0\""), json);
        assertTrue(json.contains("\"topA\": \"1\",\n"), json);
        assertTrue(json.contains("\"topB\": \"5\",\n"), json);
        assertTrue(json.contains("\"found1\": false"), json);
        // per site: B's 5 is a near tie of the local's top value in A; the field's y (30%) is far from x (50%)
        assertTrue(json.contains("\"found1\": false,\n          \"nearTie\": true,"), json);
        assertTrue(json.contains("\"found1\": false,\n          \"nearTie\": false,"), json);
        // the return site ran in A only: B's side is empty
        assertTrue(json.contains("\"executedB\": 0,\n          \"inv1B\": null,"), json);
        assertTrue(json.endsWith("}\n"), json);
    }

    /** -1 and 0 tie exactly in A, which lists -1 first; B's 0 is A's top value as much as -1 is. */
    @Test
    void a_value_tied_for_top_in_a_is_found_and_the_tie_is_shown() throws IOException {
        ValueProfileBuilder a = new ValueProfileBuilder().topN(2).command("com.example.Main small.txt");
        a.ran(a.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0"), 1000, 0, "-1", 450, "0", 450, "1", 100);
        ValueProfileBuilder b = new ValueProfileBuilder().topN(2).command("com.example.Main large.txt");
        b.ran(b.site(C, "f", "(I)V", 1, SiteKind.PARAM, "#0"), 100, 0, "0", 55, "-1", 45);
        Cli r = Cli.run("diff", write("a.prof", a.build()).toString(), write("b.prof", b.build()).toString());
        assertEquals(0, r.exitCode(), r.err());
        String out = r.out();
        assertTrue(out.contains("  Find-1    100.0% of the executions at sites with Inv-1 ≥ 30% in A"), out);
        assertTrue(out.contains("  top    com.example.C.f:1  #0\n"), out);
        assertTrue(out.contains("top: A -1 (45.0%, tied with 1 more) · B 0 (55.0%)\n"), out);
    }

    @Test
    void a_profile_compared_with_itself_differs_nowhere() throws IOException {
        Path a = write("a.prof", runA());
        Cli r = Cli.run("diff", a.toString(), a.toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  Diff-Inv1 0.0%"), r.out());
        assertTrue(r.out().contains("  no site's Inv-1 differs by 0.1% or more\n"), r.out());
    }

    @Test
    void a_garbage_file_is_one_line_on_stderr_and_exit_code_2() throws IOException {
        Path a = write("a.prof", runA());
        Path garbage = Files.writeString(dir.resolve("garbage.prof"), "this is not a profile\n");
        Cli r = Cli.run("diff", a.toString(), garbage.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("loupe: " + garbage), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void a_missing_file_is_one_line() throws IOException {
        Path b = write("b.prof", runB());
        Cli r = Cli.run("diff", dir.resolve("nope.prof").toString(), b.toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: " + dir.resolve("nope.prof") + ": no such file\n", r.err());
    }

    @Test
    void profiles_without_value_data_have_nothing_to_compare() throws IOException {
        Path a = write("paths.prof", TestProfiles.loop());
        Cli r = Cli.run("diff", a.toString(), a.toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: nothing to compare: neither " + a + " nor " + a + " holds value profiling data\n", r.err());
    }

    @Test
    void a_threshold_outside_0_and_1_is_refused() throws IOException {
        Cli r = diff("--threshold", "1.5");
        assertEquals(2, r.exitCode());
        assertEquals("loupe: --threshold must be between 0 and 1, got 1.5\n", r.err());
        Cli nan = diff("--threshold", "much");
        assertEquals(2, nan.exitCode());
        assertTrue(nan.err().contains("much"), nan.err());
    }

    @Test
    void two_files_are_needed() {
        Cli r = Cli.run("diff", "a.prof");
        assertEquals(2, r.exitCode());
        assertTrue(r.err().contains("Missing required parameter"), r.err());
    }

    /** {@code p} as the run of another command, the rest as it is. */
    private static Profile withCommand(Profile p, String command, int k) {
        ProfileHeader h = p.header();
        return new Profile(new ProfileHeader(h.loupeVersion(), h.createdMillis(), h.options(), k, h.jvm(), command),
                p.methods(), p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(), p.values(), p.deps());
    }

    @Test
    void value_profiles_of_two_main_classes_are_refused_unless_forced() throws IOException {
        Path a = write("a.prof", runA());
        Path b = write("b.prof", withCommand(runB(), "org.other.App large.txt", 1));
        Cli r = Cli.run("diff", a.toString(), b.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertEquals("loupe: " + a + " and " + b + " are profiles of different programs (com.example.Main and"
                + " org.other.App; --force compares them anyway)\n", r.err());
        Cli forced = Cli.run("diff", a.toString(), b.toString(), "--force");
        assertEquals(0, forced.exitCode(), forced.err());
        assertTrue(forced.out().contains("  Overlap   90.0% of A's executions"), forced.out());
    }

    @Test
    void value_profiles_with_no_class_in_common_are_refused() throws IOException {
        ValueProfileBuilder other = new ValueProfileBuilder().topN(2).command("com.example.Main small.txt");
        other.ran(other.site("org.other.D", "g", "()V", 1, SiteKind.PARAM, "#0"), 10, 0, "1", 10);
        Path a = write("a.prof", runA());
        Path b = write("b.prof", other.build());
        Cli r = Cli.run("diff", a.toString(), b.toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: " + a + " and " + b + " are profiles of different programs: they have no class in common"
                + " (com.example.C … and org.other.D …; --force compares them anyway)\n", r.err());
    }

    @Test
    void a_value_profile_against_a_path_profile_is_refused() throws IOException {
        Path a = write("a.prof", runA());
        Path paths = write("paths.prof", withCommand(TestProfiles.loop(), "com.example.Main small.txt", 2));
        Cli r = Cli.run("diff", a.toString(), paths.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertEquals("loupe: " + a + " (values) and " + paths + " (paths) are different kinds of profile; diff compares"
                + " values with values and a lamp with a camp dependence profile (--force compares them anyway)\n",
                r.err());
    }

    @Test
    void a_profile_without_data_is_no_reference() throws IOException {
        Profile empty = new Profile(runA().header(), List.of(), List.of(), List.of(), Map.of(), List.of());
        Path a = write("empty.prof", empty);
        Path b = write("b.prof", runB());
        Cli r = Cli.run("diff", a.toString(), b.toString());
        assertEquals(2, r.exitCode());
        assertTrue(r.err().startsWith("loupe: " + a + " (no profiling data) and " + b + " (values) are different"
                + " kinds of profile;"), r.err());
    }

    @Test
    void a_paths_and_values_profile_against_a_values_profile_compares_the_values() throws IOException {
        Profile loop = TestProfiles.loop();
        Profile values = runA();
        Profile both = withCommand(new Profile(values.header(), loop.methods(), loop.counts(), loop.forests(),
                values.stats(), List.of(), values.valueSites(), values.values()), values.header().command(), 2);
        Cli r = Cli.run("diff", write("both.prof", both).toString(), write("b.prof", runB()).toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("  Overlap   90.0% of A's executions"), r.out());
    }

    @Test
    void the_main_class_is_the_first_word_of_the_command_or_the_jars_file_name() {
        assertEquals("com.example.Main", DiffCheck.main("com.example.Main small.txt"));
        assertEquals("app.jar", DiffCheck.main("/opt/app/app.jar --port 80"));
        assertEquals("app.jar", DiffCheck.main("app.jar"));
        assertEquals(null, DiffCheck.main(""));
        assertEquals(null, DiffCheck.main(null));
    }
}
