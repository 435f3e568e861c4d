package io.loupe.report;

import io.loupe.analysis.deps.CampFigure1;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.DepsProfileBuilder;
import io.loupe.data.Profile;
import io.loupe.data.deps.DepType;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static io.loupe.data.deps.Dependence.INTER;
import static io.loupe.data.deps.Dependence.INTRA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class DepsDotGraphTest {

    private static String dot(Profile p, int loop) throws IOException {
        StringBuilder out = new StringBuilder();
        new DepsDotGraph().write(DepsAnalysis.of(p), loop, out);
        return out.toString();
    }

    @Test
    void the_outer_loop_of_figure_1_in_camp_mode_has_four_accesses_and_one_carried_edge() throws IOException {
        assertEquals("""
                digraph "loop 0: fig1.Main.main()V:5" {
                  label="loop 0: fig1.Main.main()V:5\\nnot parallelizable: carried RAW 1, WAR 0, WAW 0";
                  labelloc=t;
                  node [shape=box, fontname="monospace"];
                  edge [fontname="monospace"];
                  n0 [label="fig1.Cell.setValue()V:31\\nputfield fig1.Cell.v\\nvia call Main.main:6 loop Main.work:12 call Main.work:14"];
                  n1 [label="fig1.Cell.getValue()I:30\\ngetfield fig1.Cell.v\\nvia call Main.main:6 loop Main.work:12 call Main.work:13"];
                  n2 [label="fig1.Cell.setValue()V:31\\nputfield fig1.Cell.v\\nvia call Main.main:6 call Main.work:17"];
                  n3 [label="fig1.Cell.getValue()I:30\\ngetfield fig1.Cell.v\\nvia call Main.main:6 call Main.work:16"];
                  n0 -> n1 [label="RAW intra ×90"];
                  n2 -> n3 [label="RAW inter ×9", color=red, fontcolor=red, style=bold];
                }
                """, dot(CampFigure1.profile("camp"), 0));
    }

    @Test
    void the_inner_loop_names_its_context_and_leaves_out_what_it_does_not_share() throws IOException {
        String g = dot(CampFigure1.profile("camp"), 1);
        assertEquals("""
                digraph "loop 1: fig1.Main.work()V:12" {
                  label="loop 1: fig1.Main.work()V:12\\nin loop fig1.Main.main()V:5 > call fig1.Main.main()V:6\\nnot parallelizable: carried RAW 1, WAR 0, WAW 0";
                  labelloc=t;
                  node [shape=box, fontname="monospace"];
                  edge [fontname="monospace"];
                  n0 [label="fig1.Cell.setValue()V:31\\nputfield fig1.Cell.v\\nvia call Main.work:14"];
                  n1 [label="fig1.Cell.getValue()I:30\\ngetfield fig1.Cell.v\\nvia call Main.work:13"];
                  n0 -> n1 [label="RAW inter ×90", color=red, fontcolor=red, style=bold];
                }
                """, g);
    }

    @Test
    void lamp_nodes_are_sites_and_a_loop_without_dependences_is_an_empty_graph() throws IOException {
        String g = dot(CampFigure1.profile("lamp"), 0);
        assertEquals(true, g.contains("  n0 [label=\"fig1.Cell.setValue()V:31\\nputfield fig1.Cell.v\"];\n"
                + "  n1 [label=\"fig1.Cell.getValue()I:30\\ngetfield fig1.Cell.v\"];\n"
                + "  n0 -> n1 [label=\"RAW both ×99\", color=red, fontcolor=red, style=bold];\n"), g);
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int store = b.access("p.C", "run()V", 21, true, "p.C.x");
        int loop = b.loop("p.C", "run()V", 20, -1);
        int other = b.loop("p.C", "walk\"()V", 30, -1);
        b.ran(loop, -1, 1, 5).ran(other, -1, 1, 5);
        b.dep(DepType.WAW, store, -1, store, -1, 4, false, loop, INTRA | INTER);
        String empty = dot(b.build(), 1);
        assertEquals(true, empty.startsWith("digraph \"loop 1: p.C.walk\\\"()V:30\" {\n"), empty);
        assertEquals(false, empty.contains("->"), empty);
        assertEquals(true, dot(b.build(), 0).contains("  n0 -> n0 [label=\"WAW both ×4\""));
    }

    @Test
    void an_unknown_loop_is_refused() {
        assertThrows(IllegalArgumentException.class, () -> dot(CampFigure1.profile("camp"), 2));
        assertThrows(IllegalArgumentException.class, () -> dot(CampFigure1.profile("camp"), -1));
    }
}
