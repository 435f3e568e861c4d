package io.loupe.analysis.deps;

import io.loupe.data.deps.DepType;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.loupe.analysis.deps.DepsProfileBuilder.ROOT;
import static io.loupe.data.deps.Dependence.INTER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LampCampComparisonTest {

    private static LampCampComparison compare(io.loupe.data.Profile lamp, io.loupe.data.Profile camp) {
        return LampCampComparison.of(DepsAnalysis.of(lamp), DepsAnalysis.of(camp));
    }

    @Test
    void figure_1_lamp_claims_five_context_pairs_of_which_camp_saw_two() {
        LampCampComparison c = compare(CampFigure1.profile("lamp"), CampFigure1.profile("camp"));
        FalsePositives f = c.falsePositives();
        assertEquals(new FalsePositives(2, 0, 0, 5, 2), f);
        assertEquals(3, f.falsePositive());
        assertEquals(0.6, f.share(), 1e-12);
        LoopComparison l1 = c.loops().get(0);
        assertEquals(5, l1.lamp().meta().line());
        assertEquals(List.of(5), l1.contexts().stream().map(l -> l.meta().line()).toList());
        assertEquals(4, l1.contextPairs());
        assertEquals(1, l1.real());
        assertEquals(3, l1.falsePositive());
        LoopComparison l2 = c.loops().get(1);
        assertEquals(1, l2.contextPairs());
        assertEquals(0, l2.falsePositive());
    }

    @Test
    void figure_1_is_parallelizable_in_neither_mode() {
        ParallelLoops p = compare(CampFigure1.profile("lamp"), CampFigure1.profile("camp")).parallelLoops();
        assertEquals(new ParallelLoops(2, 0, 2, 0, 0, List.of(), 0, 0, 0), p);
        assertTrue(Double.isNaN(p.increase()));
    }

    @Test
    void a_loop_context_without_carried_dependences_is_gained() {
        LampCampComparison c = compare(TwoCallers.profile("lamp"), TwoCallers.profile("camp"));
        ParallelLoops p = c.parallelLoops();
        assertEquals(2, p.lampLoops());
        assertEquals(1, p.lampParallelizable());
        assertEquals(3, p.campContexts());
        assertEquals(2, p.campParallelizable());
        assertEquals(1, p.lampParallelizableContexts());
        assertEquals(1, p.gained().size());
        LoopVerdict gained = p.gained().get(0);
        assertEquals(10, gained.meta().line());
        assertEquals("call two.Main.main()V:5", gained.context().get(0).toString());
        assertEquals(0, p.lost());
        assertEquals(1.0, p.increase(), 1e-12);
        // the store never ran within L under CS1 as far as CAMP can tell: one pair, and it is real
        assertEquals(new FalsePositives(1, 0, 0, 1, 1), c.falsePositives());
        assertEquals(0.0, c.falsePositives().share());
    }

    @Test
    void sites_and_loops_match_by_key_not_by_id() {
        // the same program with its sites and loops registered in another order in the camp run
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int loop = b.loop("p.C", "run()V", 20, -1);
        int store = b.access("p.C", "run()V", 21, true, "p.C.x");
        int node = b.loopNode(ROOT, loop);
        b.ran(loop, node, 1, 5);
        DepsProfileBuilder a = new DepsProfileBuilder("lamp");
        a.loop("p.D", "other()V", 3, -1);
        a.access("p.D", "other()V", 4, false, "p.D.y");
        int lampLoop = a.loop("p.C", "run()V", 20, -1);
        int lampStore = a.access("p.C", "run()V", 21, true, "p.C.x");
        a.ran(lampLoop, -1, 1, 5);
        a.dep(DepType.WAW, lampStore, -1, lampStore, -1, 4, false, lampLoop, INTER);
        // camp saw the store within the loop, but never carried
        b.dep(DepType.WAW, store, node, store, node, 1, false);
        LampCampComparison c = compare(a.build(), b.build());
        assertEquals(new FalsePositives(1, 0, 1, 1, 0), c.falsePositives());
        assertEquals(1.0, c.falsePositives().share());
        assertEquals(List.of(node), c.loops().get(0).contexts().stream().map(LoopVerdict::contextNode).toList());
    }

    @Test
    void what_camp_never_saw_is_unmatched_and_not_counted() {
        DepsProfileBuilder a = new DepsProfileBuilder("lamp");
        int loop = a.loop("p.C", "run()V", 20, -1);
        int store = a.access("p.C", "run()V", 21, true, "p.C.x");
        int other = a.loop("p.C", "walk()V", 30, -1);
        a.ran(loop, -1, 1, 5).ran(other, -1, 1, 2);
        a.dep(DepType.WAW, store, -1, store, -1, 4, false, loop, INTER);
        DepsProfileBuilder b = new DepsProfileBuilder("camp");
        int campLoop = b.loop("p.C", "run()V", 20, -1);
        int extra = b.loop("p.E", "f()V", 9, -1);
        b.ran(campLoop, b.loopNode(ROOT, campLoop), 1, 5).ran(extra, b.loopNode(ROOT, extra), 1, 1);
        LampCampComparison c = compare(a.build(), b.build());
        assertEquals(new FalsePositives(1, 1, 0, 0, 0), c.falsePositives());
        assertTrue(Double.isNaN(c.falsePositives().share()));
        ParallelLoops p = c.parallelLoops();
        assertEquals(1, p.unmatchedLamp());
        assertEquals(1, p.unmatchedCamp());
        // run() is parallelizable in camp (nothing carried there) but not in lamp
        assertEquals(1, p.gained().size());
    }

    @Test
    void the_modes_must_be_lamp_then_camp() {
        DepsAnalysis camp = DepsAnalysis.of(CampFigure1.profile("camp"));
        assertThrows(IllegalArgumentException.class, () -> LampCampComparison.of(camp, camp));
    }
}
