package io.loupe.cli;

import io.loupe.data.format.ProfileWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportCommandTest {

    @TempDir
    Path dir;

    private Path written() throws IOException {
        Path file = dir.resolve("counter.prof");
        ProfileWriter.write(TestProfiles.loop(), file);
        return file;
    }

    @Test
    void the_text_report_of_a_written_profile_shows_hot_paths_and_the_fig_4_reading() throws IOException {
        Cli r = Cli.run("report", written().toString());
        assertEquals(0, r.exitCode(), r.err());
        assertEquals("", r.err());
        assertTrue(r.out().startsWith("Loupe path profile, written by Loupe 0.1.0-test"), r.out());
        assertTrue(r.out().contains("com.example.Counter.count(I)I  path 3\n"), r.out());
        assertTrue(r.out().contains("loop → 6 7 ⟲6\n"), r.out());
        assertTrue(r.out().contains("after path 1, 100% of the time 3 follows"), r.out());
        assertTrue(r.out().contains("after path 3, 50% of the time 3 follows"), r.out());
        assertTrue(r.out().contains("Hottest multi-iteration paths (k-IPF chains of 2 acyclic paths)"), r.out());
    }

    @Test
    void json_goes_to_stdout_with_the_contract_fields() throws IOException {
        Cli r = Cli.run("report", written().toString(), "--json");
        assertEquals(0, r.exitCode(), r.err());
        String json = r.out();
        assertTrue(json.startsWith("{\n  \"format\": \"loupe-profile-report\",\n  \"version\": 1,"), json);
        assertTrue(json.contains("\"class\": \"com.example.Counter\""), json);
        assertTrue(json.contains("\"method\": \"count(I)I\""), json);
        assertTrue(json.contains("\"numPaths\": 4"), json);
        assertTrue(json.contains("{\"id\": 3, \"count\": 20, \"share\": 0.5, \"start\": \"LOOP_ENTRY\", \"end\": \"LOOP_EXIT\","
                + " \"lines\": [6, 7]"), json);
        assertTrue(json.contains("{\"ids\": [3, 3], \"count\": 10}"), json);
        assertTrue(json.contains("{\"ids\": [1, 3], \"count\": 10}"), json);
    }

    @Test
    void top_limits_the_text_report() throws IOException {
        Cli r = Cli.run("report", "--top", "1", written().toString());
        assertEquals(0, r.exitCode(), r.err());
        assertTrue(r.out().contains("Hottest acyclic paths (top 1 of 3,"), r.out());
    }

    @Test
    void a_garbage_file_is_one_line_on_stderr_and_exit_code_2() throws IOException {
        Path garbage = Files.writeString(dir.resolve("garbage.prof"), "this is not a profile\n");
        Cli r = Cli.run("report", garbage.toString());
        assertEquals(2, r.exitCode());
        assertEquals("", r.out());
        assertTrue(r.err().startsWith("loupe: " + garbage), r.err());
        assertEquals(1, r.err().lines().count(), r.err());
        assertFalse(r.err().contains("Exception"), r.err());
    }

    @Test
    void a_truncated_profile_is_one_line_too() throws IOException {
        Path file = written();
        byte[] bytes = Files.readAllBytes(file);
        Path cut = Files.write(dir.resolve("cut.prof"), java.util.Arrays.copyOf(bytes, bytes.length / 2));
        Cli r = Cli.run("report", "--json", cut.toString());
        assertEquals(2, r.exitCode());
        assertEquals(1, r.err().lines().count(), r.err());
        assertTrue(r.err().startsWith("loupe: "), r.err());
    }

    @Test
    void a_missing_file_is_one_line() {
        Cli r = Cli.run("report", dir.resolve("nope.prof").toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: " + dir.resolve("nope.prof") + ": no such file\n", r.err());
    }

    @Test
    void a_directory_is_not_a_profile() {
        Cli r = Cli.run("report", dir.toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: " + dir + ": is a directory, not a profile\n", r.err());
    }

    @Test
    void top_below_1_is_refused() throws IOException {
        Cli r = Cli.run("report", "--top", "0", written().toString());
        assertEquals(2, r.exitCode());
        assertEquals("loupe: --top must be at least 1, got 0\n", r.err());
    }

    @Test
    void a_value_profile_reads_back_and_reports_its_sites_without_path_sections() throws IOException {
        io.loupe.analysis.values.ValueProfileBuilder b = new io.loupe.analysis.values.ValueProfileBuilder().topN(2);
        int n = b.site("com.example.Loop", "loop", "(I)V", 10, io.loupe.data.values.SiteKind.PARAM, "n");
        int i = b.local("com.example.Loop", "loop", "(I)V", 12, "i", "int-arith", "int-arith({c|s1},c)");
        b.ran(n, 50, 49, "100", 50).ranWithTop(i, 5000, 50);
        Path file = dir.resolve("values.prof");
        ProfileWriter.write(b.build(), file);
        Cli text = Cli.run("report", file.toString());
        assertEquals(0, text.exitCode(), text.err());
        assertTrue(text.out().startsWith("Loupe value profile, written by Loupe 0.1.0-test"), text.out());
        assertFalse(text.out().contains("acyclic"), text.out());
        assertTrue(text.out().contains("  param              1              50    1.0%  100.0%  100.0%   98.0%\n"), text.out());
        assertTrue(text.out().contains("               50  100.0%  com.example.Loop.loop:10  n = 100\n"), text.out());
        Cli json = Cli.run("report", "--json", file.toString());
        assertEquals(0, json.exitCode(), json.err());
        assertFalse(json.out().contains("\"paths\""), json.out());
        assertTrue(json.out().contains("\"key\": \"com.example.Loop.loop(I)V#local#0\""), json.out());
        assertTrue(json.out().contains("\"estimatedInv1\": 0,"), json.out());
    }
}
