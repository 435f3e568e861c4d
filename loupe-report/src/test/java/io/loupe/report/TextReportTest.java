package io.loupe.report;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TextReportTest {

    private static String text(Profile p, int top) throws IOException {
        StringBuilder out = new StringBuilder();
        new TextReport(top).write(ProfileSummary.of(p), out);
        return out.toString();
    }

    private final String report;

    TextReportTest() throws IOException {
        report = text(SampleProfile.withK(3), 10);
    }

    @Test
    void the_header_names_version_jvm_command_k_options_methods_stats_and_warnings() {
        assertTrue(report.startsWith("Loupe path profile, written by Loupe 0.1.0-test on 2023-11-14 22:13:20 UTC\n"), report);
        assertTrue(report.contains("  JVM       OpenJDK 64-Bit Server VM 17.0.15\n"), report);
        assertTrue(report.contains("  command   com.example.Loop 10\n"), report);
        assertTrue(report.contains("  k         3: chains of up to 3 acyclic paths (loop iterations)\n"), report);
        assertTrue(report.contains("  options   profile=paths,k=3,out=app.loupe\n"), report);
        assertTrue(report.contains("  methods   3 registered, 2 instrumented, 2 with path counts (7 distinct paths)\n"),
                report);
        assertTrue(report.contains("  stats     paths.hashOps=3 paths.threads=2\n"), report);
        assertTrue(report.contains("  warnings  2\n            - could not instrument com.example.Broken: \"bad\" frame at 12\n"
                + "            - second warning\n"), report);
    }

    @Test
    void activations_still_open_when_the_profile_was_written_are_counted_in_the_header() throws IOException {
        Profile p = SampleProfile.withK(3);
        Map<String, Long> stats = new LinkedHashMap<>(p.stats());
        stats.put("paths.openActivations", 3L);
        stats.put("paths.openThreads", 2L);
        stats.put("paths.runningThreads", 1L);
        String open = text(new Profile(p.header(), p.methods(), p.counts(), p.forests(), stats, p.warnings()), 10);
        assertTrue(open.contains("  at exit   3 activations still open in 2 threads, their paths counted up to the dump but"
                + " not the path each was in; 1\n"), open);
        assertTrue(open.contains("            thread was running profiled code, whose latest loop iterations may be missing (see"
                + " warnings)\n"), open);
        assertFalse(report.contains("  at exit "), "nothing open, nothing said");
    }

    @Test
    void the_hottest_acyclic_path_comes_first_with_its_share_and_lines() {
        assertTrue(report.contains("    1              66   36.1%  com.example.Loop.loop(I)V  path 7\n"
                + "                               loop → 11 14 15 ⟲11\n"), report);
        assertTrue(report.contains("com.example.Loop.loop(I)V  path 1\n                               entry → 10 11 12 15 ⟲11\n"),
                report);
    }

    @Test
    void the_fig_4_reading_gives_the_share_of_each_step() {
        assertTrue(report.contains("after path 1, 66% of the time 7 follows;\n"), report);
        assertTrue(report.contains("after 1 → 7, 100% of the time 7 follows\n"), report);
        assertTrue(report.contains("paths 1 → 7 → 7, ran 33 times (66% of path 1's runs)"), report);
    }

    @Test
    void methods_with_cut_edges_are_flagged() {
        assertTrue(report.contains("com.example.Big.huge()V  path 0  [cut edges]\n"), report);
        assertTrue(report.contains("Methods with cut paths (1)"), report);
        assertTrue(report.contains("  com.example.Big.huge()V: 2 cut edges, 2 paths\n"), report);
    }

    @Test
    void every_line_fits_in_120_columns() throws IOException {
        for (String line : text(SampleProfile.withK(3), 100).split("\n")) {
            assertTrue(line.codePointCount(0, line.length()) <= 120, line);
        }
    }

    @Test
    void a_k_1_profile_says_multi_iteration_paths_were_not_profiled() throws IOException {
        String k1 = text(SampleProfile.withK(1), 10);
        assertTrue(k1.contains("Multi-iteration paths: not profiled (k = 1; run with --k 2 or more)"), k1);
        assertFalse(k1.contains("of the time"), k1);
    }

    @Test
    void top_limits_the_listed_paths() throws IOException {
        String one = text(SampleProfile.withK(3), 1);
        assertTrue(one.contains("Hottest acyclic paths (top 1 of 7,"), one);
        assertFalse(one.contains("path 1\n"), one);
    }

    @Test
    void long_options_wrap_after_a_comma_and_are_otherwise_kept_as_they_are() throws IOException {
        StringBuilder out = new StringBuilder();
        String options = "profile=paths,k=3,out=/a/very/long/directory/name/for/the/profile/app.loupe,"
                + "paths.arrayLimit=4096,paths.maxNodes=4000000,paths.runLength=auto,paths.trivial=false";
        TextLayout.options(out, "options", options);
        String text = out.toString();
        assertEquals("  options   profile=paths,k=3,out=/a/very/long/directory/name/for/the/profile/app.loupe,paths.arrayLimit=4096,\n"
                + "            paths.maxNodes=4000000,paths.runLength=auto,paths.trivial=false\n", text);
        assertEquals(options, text.replaceAll("\\s+", "").replace("options", ""));
    }

    @Test
    void long_class_names_are_abbreviated_to_fit() {
        var m = new io.loupe.data.meta.MethodMeta(0, "org.eclipse.jdt.internal.compiler.parser.Scanner", "checkTaskTag",
                "(CI)V", null, java.util.List.of(), java.util.List.of(), java.util.List.of(), 1, 0,
                io.loupe.data.meta.MethodMeta.Storage.ARRAY);
        assertEquals("o.e.j.i.c.p.Scanner.checkTaskTag(CI)V", TextLayout.fit(m, 40));
        assertEquals("org.eclipse.jdt.internal.compiler.parser.Scanner.checkTaskTag(CI)V", TextLayout.fit(m, 120));
    }
}
