package io.loupe.report;

import io.loupe.analysis.merge.ProfileMerge;
import io.loupe.analysis.deps.CampFigure1;
import io.loupe.analysis.deps.DepsProfileBuilder;
import io.loupe.analysis.deps.TwoCallers;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.deps.DepType;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;

import static io.loupe.data.deps.Dependence.INTER;
import static io.loupe.data.deps.Dependence.INTRA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DepsTextReportTest {

    private static String text(Profile p, int top) throws IOException {
        StringBuilder out = new StringBuilder();
        new TextReport(top).write(ProfileSummary.of(p), out);
        return out.toString();
    }

    @Test
    void a_camp_profile_opens_with_a_summary() throws IOException {
        String r = text(CampFigure1.profile("camp"), 10);
        assertTrue(r.startsWith("Loupe dependence profile, written by Loupe 0.1.0-test on 2023-11-14 22:13:20 UTC\n"), r);
        assertTrue(r.contains("\nMemory dependences (camp mode: loops and accesses per calling context)\n"
                + "  loops     2 loop contexts ran: 0 parallelizable, 0 privatizable (only WAR/WAW carried), 2 not"
                + " parallelizable\n"
                + "  deps      2 dependences: RAW 2, WAR 0, WAW 0; 0 between threads (never carried)\n"
                + "  registers 2 loop contexts carry locals across iterations; 0 of them a true carried register (not an"
                + " induction variable\n"
                + "            or a reduction)\n"), r);
        assertFalse(r.contains("acyclic"), r);
    }

    @Test
    void loops_come_by_iterations_with_context_registers_and_what_blocks_them() throws IOException {
        String r = text(CampFigure1.profile("camp"), 10);
        assertTrue(r.contains("Loops by iterations (top 2 of 2; the id names the loop in --json and in --dot LOOP)\n"
                + "    id      iterations  invocations  verdict             RAW  WAR  WAW  loop (header line)\n"
                + "     1             100           10  not parallelizable    1    0    0  fig1.Main.work()V:12\n"
                + "        context    loop fig1.Main.main()V:5 > call fig1.Main.main()V:6\n"
                + "        registers  induction i\n"
                + "        blocked by RAW ×90 inter: Cell.java:31 fig1.Cell.setValue()V [putfield fig1.Cell.v] (via call"
                + " Main.work:14)\n"
                + "                     → Cell.java:30 fig1.Cell.getValue()I [getfield fig1.Cell.v] (via call Main.work:13)\n"
                + "        next       blocked by RAW Cell.java:31 → Cell.java:30 on `Cell.v` across iterations\n"
                + "     0              10            1  not parallelizable    1    0    0  fig1.Main.main()V:5\n"
                + "        registers  induction t\n"
                + "        blocked by RAW ×9 inter: Cell.java:31 fig1.Cell.setValue()V [putfield fig1.Cell.v]\n"
                + "                       (via call Main.main:6 > call Main.work:17)\n"
                + "                     → Cell.java:30 fig1.Cell.getValue()I [getfield fig1.Cell.v]\n"
                + "                       (via call Main.main:6 > call Main.work:16)\n"
                + "        next       blocked by RAW Cell.java:31 → Cell.java:30 on `Cell.v` across iterations\n"), r);
    }

    @Test
    void lamp_has_no_contexts() throws IOException {
        String r = text(CampFigure1.profile("lamp"), 10);
        assertTrue(r.contains("Memory dependences (lamp mode: loops and accesses without contexts)\n"
                + "  loops     2 loops ran:"), r);
        assertTrue(r.contains("  deps      1 dependence: RAW 1,"), r);
        assertTrue(r.contains("        blocked by RAW ×99 both: Cell.java:31 fig1.Cell.setValue()V [putfield fig1.Cell.v]\n"
                + "                     → Cell.java:30 fig1.Cell.getValue()I [getfield fig1.Cell.v]\n"), r);
        assertFalse(r.contains("context "), r);
        assertFalse(r.contains("(via"), r);
    }

    @Test
    void registers_are_listed_by_kind_and_a_clean_loop_shows_no_blockers() throws IOException {
        String r = text(TwoCallers.profile("camp"), 10);
        assertTrue(r.contains("  loops     3 loop contexts ran: 2 parallelizable, 0 privatizable"), r);
        assertTrue(r.contains("     1              10            1  parallelizable        0    0    0  two.Vec.shift([I[I)V:10\n"
                + "        context    call two.Main.main()V:5\n"
                + "        registers  induction i; reduction sum; other prev, #6\n"
                + "        next       blocked by the local `prev` carried across iterations; blocked by the local `#6` carried across\n"
                + "                       iterations; reduction into the local `sum`\n"
                + "     2 "), r);
    }

    @Test
    void privatizable_loops_and_threads_show() throws IOException {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int load = b.access("p.C", "run()V", 22, false, "p.C.t");
        int store = b.access("p.C", "run()V", 21, true, "p.C.t");
        int loop = b.loop("p.C", "run()V", 20, -1);
        b.ran(loop, -1, 1, 10);
        b.dep(DepType.RAW, store, -1, load, -1, 10, false, loop, INTRA);
        b.dep(DepType.WAR, load, -1, store, -1, 9, false, loop, INTER);
        b.dep(DepType.RAW, store, -1, load, -1, 3, true);
        String r = text(b.build(), 10);
        assertTrue(r.contains("  loops     1 loop ran: 0 parallelizable, 1 privatizable (only WAR/WAW carried), 0 not"
                + " parallelizable\n"), r);
        assertTrue(r.contains("  deps      3 dependences: RAW 2, WAR 1, WAW 0; 1 between threads (never carried)\n"), r);
        assertTrue(r.contains("     0              10            1  privatizable          0    1    0  p.C.run()V:20\n"
                + "        blocked by WAR ×9 inter: line 22 p.C.run()V [getfield p.C.t]\n"
                + "                     → line 21 p.C.run()V [putfield p.C.t]\n"), r);
        assertFalse(r.contains("registers"), r);
    }

    @Test
    void top_limits_the_loops_and_their_blockers() throws IOException {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int store = b.access("p.C", "run()V", 21, true, "p.C.t");
        int load = b.access("p.C", "run()V", 22, false, "p.C.t");
        int big = b.loop("p.C", "run()V", 20, -1);
        int small = b.loop("p.C", "walk()V", 30, -1);
        b.ran(big, -1, 1, 1000).ran(small, -1, 1, 5);
        b.dep(DepType.RAW, store, -1, load, -1, 10, false, big, INTER);
        b.dep(DepType.WAW, store, -1, store, -1, 99, false, big, INTER);
        String r = text(b.build(), 1);
        assertTrue(r.contains("Loops by iterations (top 1 of 2;"), r);
        assertTrue(r.contains("p.C.run()V:20\n"), r);
        assertFalse(r.contains("p.C.walk()V:30"), r);
        assertTrue(r.contains("        blocked by RAW ×10 inter:"), r);
        assertFalse(r.contains("WAW ×99"), r);
        assertTrue(r.contains("                   … and 1 more (see --json)\n"), r);
    }

    @Test
    void every_line_fits_in_120_columns_and_two_reports_agree() throws IOException {
        for (Profile p : new Profile[] {CampFigure1.profile("camp"), CampFigure1.profile("lamp"), TwoCallers.profile("camp")}) {
            String r = text(p, 10);
            for (String line : r.split("\n")) {
                assertTrue(line.codePointCount(0, line.length()) <= 120, line);
            }
            assertEquals(r, text(p, 10));
        }
    }

    @Test
    void each_loop_says_what_to_do_next_and_the_summary_counts_the_kinds() throws IOException {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp").sourceFiles();
        int sum = b.loop("p.Acc", "sum([I)V", 10, -1, DepsProfileBuilder.register(2, "i",
                io.loupe.data.deps.CarriedRegisterMeta.Kind.INDUCTION));
        int load = b.access("p.Acc", "sum([I)V", 11, false, "p.Acc.total");
        int store = b.update(load, io.loupe.data.deps.MemoryUpdate.Op.PLUS, false);
        int fill = b.loop("p.Acc", "fill([I)V", 20, -1);
        b.ran(sum, -1, 1, 65).ran(fill, -1, 1, 9);
        b.dep(DepType.RAW, store, -1, load, -1, 63, false, sum, INTER);
        b.dep(DepType.WAW, store, -1, store, -1, 63, false, sum, INTER);
        String r = text(b.build(), 10);
        assertTrue(r.contains("  advice    1 DOALL, 1 reduction, 0 privatize, 0 blocked (each loop's 'next' line)\n"), r);
        assertTrue(r.contains("  not parallelizable    1    0    1  p.Acc.sum([I)V:10\n"
                + "        registers  induction i\n"
                + "        blocked by RAW ×63 inter: Acc.java:11 p.Acc.sum([I)V [putfield p.Acc.total]\n"
                + "                     → Acc.java:11 p.Acc.sum([I)V [getfield p.Acc.total]\n"
                + "                   WAW ×63 inter: Acc.java:11 p.Acc.sum([I)V [putfield p.Acc.total]\n"
                + "                     → Acc.java:11 p.Acc.sum([I)V [putfield p.Acc.total]\n"
                + "        next       reduction on `Acc.total` (+)\n"), r);
        assertTrue(r.contains("p.Acc.fill([I)V:20\n        next       DOALL: parallel over its iterations\n"), r);
    }

    @Test
    void a_value_profile_of_the_same_program_adds_the_values_on_each_loops_header_line() throws IOException {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        b.ran(b.loop("p.Acc", "fill([I)V", 20, -1), -1, 4, 4100);
        io.loupe.analysis.values.ValueProfileBuilder v = new io.loupe.analysis.values.ValueProfileBuilder();
        v.ran(v.site("p.Acc", "fill", "([I)V", 20, io.loupe.data.values.SiteKind.FIELD, "p.Acc.size"), 4, 0, "1024", 4L);
        StringBuilder out = new StringBuilder();
        Profile merged = ProfileMerge.merge(List.of(b.build(), v.build())).profile();   // as `report deps values` does
        new TextReport(10).write(ProfileSummary.of(merged), out);
        assertTrue(out.toString().contains("        next       DOALL: parallel over its iterations\n"
                + "        evidence   mean 1025.0 iterations per invocation; bound `Acc.size` = 1024 in 100.0% of"
                + " executions\n"), out.toString());
        assertFalse(text(b.build(), 10).contains("evidence"), "no value profile, no evidence line");
    }
}
