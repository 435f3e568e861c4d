package io.loupe.analysis.deps;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.deps.DepType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.loupe.analysis.deps.DepsProfileBuilder.ROOT;
import static io.loupe.data.deps.Dependence.INTER;
import static io.loupe.data.deps.Dependence.INTRA;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DepsAnalysisTest {

    private static String path(List<ContextEntry> entries) {
        return String.join(" > ", entries.stream().map(ContextEntry::toString).toList());
    }

    @Test
    void camp_tells_which_loop_carries_which_dependence() {
        DepsAnalysis a = DepsAnalysis.of(CampFigure1.profile("camp"));
        assertEquals(List.of(), a.problems());
        assertTrue(a.present());
        assertTrue(a.contextual());
        assertEquals("camp", a.mode());
        assertEquals(2, a.loops().size());
        LoopVerdict l1 = a.loops().get(0);
        LoopVerdict l2 = a.loops().get(1);
        assertEquals(0, l1.id());
        assertEquals(5, l1.meta().line());
        assertEquals(List.of(), l1.context());
        assertEquals(1, l1.invocations());
        assertEquals(10, l1.iterations());
        assertEquals(List.of(1, 0, 0), List.of(l1.raw(), l1.war(), l1.waw()));
        assertEquals(1, l2.id());
        assertEquals(12, l2.meta().line());
        assertEquals("loop fig1.Main.main()V:5 > call fig1.Main.main()V:6", path(l2.context()));
        assertEquals(10, l2.invocations());
        assertEquals(100, l2.iterations());
        assertEquals(List.of(1, 0, 0), List.of(l2.raw(), l2.war(), l2.waw()));
        assertFalse(l1.parallelizable());
        assertFalse(l2.parallelizable());
        assertFalse(l1.privatizable());

        assertEquals(2, a.dependences().size());
        DepEdge inner = a.dependences().get(0);
        assertEquals(DepType.RAW, inner.type());
        assertEquals("setValue", inner.src().site().method());
        assertEquals("loop fig1.Main.main()V:5 > call fig1.Main.main()V:6 > loop fig1.Main.work()V:12"
                + " > call fig1.Main.work()V:14", path(inner.src().context()));
        assertEquals("loop fig1.Main.main()V:5 > call fig1.Main.main()V:6 > loop fig1.Main.work()V:12"
                + " > call fig1.Main.work()V:13", path(inner.dst().context()));
        assertEquals(90, inner.count());
        assertEquals(List.of(new LoopRelation(l1, LoopRelation.Relation.INTRA),
                new LoopRelation(l2, LoopRelation.Relation.INTER)), inner.loops());
        DepEdge outer = a.dependences().get(1);
        assertEquals("loop fig1.Main.main()V:5 > call fig1.Main.main()V:6 > call fig1.Main.work()V:17",
                path(outer.src().context()));
        assertEquals("loop fig1.Main.main()V:5 > call fig1.Main.main()V:6 > call fig1.Main.work()V:16",
                path(outer.dst().context()));
        assertEquals(List.of(new LoopRelation(l1, LoopRelation.Relation.INTER)), outer.loops());
    }

    @Test
    void lamp_sees_one_dependence_carried_by_both_loops() {
        DepsAnalysis a = DepsAnalysis.of(CampFigure1.profile("lamp"));
        assertEquals(List.of(), a.problems());
        assertFalse(a.contextual());
        assertEquals(2, a.loops().size());
        for (LoopVerdict l : a.loops()) {
            assertEquals(List.of(), l.context());
            assertEquals(-1, l.contextNode());
            assertEquals(1, l.raw());
            assertFalse(l.parallelizable());
        }
        DepEdge d = a.dependences().get(0);
        assertEquals(99, d.count());
        assertEquals(List.of(), d.src().context());
        assertEquals(List.of(LoopRelation.Relation.BOTH, LoopRelation.Relation.INTER),
                d.loops().stream().map(LoopRelation::relation).toList());
        assertEquals(List.of(0, 1), d.loops().stream().map(r -> r.loop().id()).toList());
    }

    /** A loop storing {@code t} every iteration and reading it back: anti and output dependences only. */
    private static DepsProfileBuilder scratch() {
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int load = b.access("p.C", "run()V", 22, false, "p.C.t");
        int store = b.access("p.C", "run()V", 21, true, "p.C.t");
        int loop = b.loop("p.C", "run()V", 20, -1);
        int node = b.loopNode(ROOT, loop);
        b.ran(loop, node, 3, 300);
        b.dep(DepType.RAW, store, node, load, node, 300, false, node, INTRA);
        b.dep(DepType.WAR, load, node, store, node, 297, false, node, INTER);
        b.dep(DepType.WAW, store, node, store, node, 297, false, node, INTER);
        return b;
    }

    @Test
    void a_loop_carrying_only_anti_and_output_dependences_is_privatizable() {
        LoopVerdict l = DepsAnalysis.of(scratch().build()).loops().get(0);
        assertEquals(List.of(0, 1, 1), List.of(l.raw(), l.war(), l.waw()));
        assertFalse(l.parallelizable());
        assertTrue(l.privatizable());
    }

    @Test
    void a_recursions_pseudo_loop_in_a_context_path_says_so() {
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int load = b.access("p.T", "sum(I)I", 31, false, "p.T.total");
        int store = b.access("p.T", "sum(I)I", 31, true, "p.T.total");
        int call = b.call("p.Main", "main()V", 7, "p.T.sum(I)I");
        int recursion = b.recursionLoop("p.Main", "main()V", 7);
        int callNode = b.callNode(ROOT, call);
        int node = b.loopNode(callNode, recursion);
        b.ran(recursion, node, 1, 64);
        b.dep(DepType.RAW, store, node, load, node, 62, false, node, INTER);
        DepsAnalysis a = DepsAnalysis.of(b.build());
        List<ContextEntry> path = a.dependences().get(0).dst().context();
        assertEquals(2, path.size());
        assertFalse(path.get(0).recursion());
        assertEquals("call", path.get(0).label());
        assertTrue(path.get(1).recursion());
        assertEquals(ContextEntry.Kind.LOOP, path.get(1).kind(), "the JSON kind stays loop");
        assertEquals("recursion p.Main.main()V:7", path.get(1).toString());
    }

    @Test
    void a_loop_with_intra_dependences_alone_is_parallelizable() {
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int load = b.access("p.C", "run()V", 22, false, "int[]");
        int store = b.access("p.C", "run()V", 21, true, "int[]");
        int loop = b.loop("p.C", "run()V", 20, -1);
        int node = b.loopNode(ROOT, loop);
        b.ran(loop, node, 1, 50);
        b.dep(DepType.RAW, store, node, load, node, 50, false, node, INTRA);
        DepsAnalysis a = DepsAnalysis.of(b.build());
        LoopVerdict l = a.loops().get(0);
        assertTrue(l.parallelizable());
        assertFalse(l.privatizable());
        assertEquals(List.of(l), a.parallelizable());
    }

    @Test
    void a_dependence_between_threads_is_never_carried() {
        DepsProfileBuilder b = new DepsProfileBuilder("lamp");
        int load = b.access("p.C", "run()V", 22, false, "p.C.x");
        int store = b.access("p.C", "run()V", 21, true, "p.C.x");
        int loop = b.loop("p.C", "run()V", 20, -1);
        b.ran(loop, -1, 2, 20);
        b.dep(DepType.RAW, store, -1, load, -1, 5, true);
        b.dep(DepType.WAW, store, -1, store, -1, 5, true, loop, INTER);
        DepsAnalysis a = DepsAnalysis.of(b.build());
        LoopVerdict l = a.loops().get(0);
        assertEquals(0, l.carried());
        assertTrue(l.parallelizable());
        assertTrue(a.dependences().stream().allMatch(DepEdge::crossThread));
    }

    @Test
    void one_dependence_counts_once_however_many_levels_carry_it() {
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int store = b.access("p.C", "run()V", 21, true, "p.C.x");
        int outer = b.loop("p.C", "run()V", 20, -1);
        int inner = b.loop("p.C", "run()V", 21, outer);
        int no = b.loopNode(ROOT, outer);
        int ni = b.loopNode(no, inner);
        b.ran(outer, no, 1, 4).ran(inner, ni, 4, 16);
        b.dep(DepType.WAW, store, ni, store, ni, 15, false, no, INTER, ni, INTRA | INTER);
        DepsAnalysis a = DepsAnalysis.of(b.build());
        assertEquals(List.of(1, 1), a.loops().stream().map(LoopVerdict::waw).toList());
        assertEquals("loop p.C.run()V:20", path(a.loops().get(1).context()));
    }

    @Test
    void loops_sort_by_class_method_line_then_context_and_dependences_by_type_then_ends() {
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int store = b.access("p.B", "set()V", 9, true, "p.B.x");
        int load = b.access("p.B", "get()I", 8, false, "p.B.x");
        int loop = b.loop("p.B", "set()V", 7, -1);
        int first = b.loop("p.A", "z()V", 3, -1);
        int cx = b.call("p.A", "z()V", 40, "p.B.set()V");
        int cy = b.call("p.A", "z()V", 30, "p.B.set()V");
        int nx = b.loopNode(b.callNode(ROOT, cx), loop);
        int ny = b.loopNode(b.callNode(ROOT, cy), loop);
        int nf = b.loopNode(ROOT, first);
        b.ran(loop, nx, 1, 1).ran(loop, ny, 1, 1).ran(first, nf, 1, 1);
        b.dep(DepType.WAW, store, nx, store, nx, 1, false);
        b.dep(DepType.RAW, store, nx, load, ny, 1, false);
        b.dep(DepType.RAW, store, ny, load, ny, 1, false);
        DepsAnalysis a = DepsAnalysis.of(b.build());
        assertEquals(List.of(), a.problems());
        assertEquals(List.of(3, 7, 7), a.loops().stream().map(l -> l.meta().line()).toList());
        assertEquals(List.of(nf, ny, nx), a.loops().stream().map(LoopVerdict::contextNode).toList());
        assertEquals(List.of(0, 1, 2), a.loops().stream().map(LoopVerdict::id).toList());
        assertEquals(List.of("RAW " + ny, "RAW " + nx, "WAW " + nx),
                a.dependences().stream().map(d -> d.type() + " " + d.src().contextNode()).toList());
    }

    @Test
    void inconsistencies_become_problems() {
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int store = b.access("p.C", "run()V", 21, true, "p.C.x");
        int loop = b.loop("p.C", "run()V", 20, -1);
        int node = b.loopNode(ROOT, loop);
        b.ran(7, node, 1, 1);
        b.dep(DepType.WAW, store, node, store, node, 2, false, node, INTER);
        b.dep(DepType.WAW, store, node, 9, node, 2, false);
        ProfileSummary s = ProfileSummary.of(b.build());
        DepsAnalysis a = s.deps();
        assertEquals(3, a.problems().size(), a.problems().toString());
        assertEquals(a.problems(), s.problems());
        assertEquals(1, a.loops().size());
        assertEquals(1, a.loops().get(0).waw());
        assertEquals(1, a.dependences().size());
        assertFalse(s.pathsProfiled());
    }

    @Test
    void a_profile_without_dependences_has_none() {
        DepsAnalysis a = DepsAnalysis.of(new io.loupe.analysis.values.ValueProfileBuilder().build());
        assertFalse(a.present());
        assertEquals(List.of(), a.loops());
        assertEquals(List.of(), a.problems());
    }

    @Test
    void a_loop_brings_its_carried_registers_by_kind() {
        DepsAnalysis a = DepsAnalysis.of(TwoCallers.profile("camp"));
        LoopVerdict shift = a.loops().stream().filter(l -> l.meta().line() == 10).findFirst().orElseThrow();
        assertEquals(4, shift.registers().size());
        assertEquals(List.of("i"), shift.inductionVariables());
        assertEquals(List.of("sum"), shift.reductions());
        assertEquals(List.of("prev", "#6"), shift.otherRegisters());
        assertEquals(2, shift.carriedRegisters());
        LoopVerdict k = a.loops().get(0);
        assertEquals(List.of("k"), k.inductionVariables());
        assertEquals(0, k.carriedRegisters());
        assertTrue(k.parallelizable(), "registers do not change the memory verdict");
    }

    @Test
    void the_loop_contexts_enclosing_a_context_are_listed_outermost_first() {
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int outer = b.loop("p.C", "run()V", 20, -1);
        int inner = b.loop("p.C", "run()V", 21, outer);
        int call = b.call("p.C", "run()V", 22, "p.D.f()V");
        int no = b.loopNode(ROOT, outer);
        int ni = b.loopNode(no, inner);
        int nc = b.callNode(ni, call);
        DepsAnalysis a = DepsAnalysis.of(b.build());
        assertEquals(List.of(no, ni), a.enclosingLoopContexts(nc));
        assertEquals(List.of(no, ni), a.enclosingLoopContexts(ni));
        assertEquals(List.of(), a.enclosingLoopContexts(ROOT));
        assertEquals(List.of(), a.enclosingLoopContexts(99));
        assertEquals(List.of(), DepsAnalysis.of(CampFigure1.profile("lamp")).enclosingLoopContexts(0));
    }
}
