package io.loupe.analysis.kpaths;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HotKPathsTest {

    private static String chain(HotKPath p) {
        return Arrays.toString(p.ids()) + "=" + p.count();
    }

    @Test
    void a_chain_grows_while_one_continuation_keeps_at_least_half_of_the_runs() {
        // 38 (100) → 86 (66) → 86 (66) → 755 (60); 38 → 87 (28)
        KPathForest f = KPathForest.of(0, new int[] {-1, 0, 1, 2, 0},
                new long[] {38, 86, 86, 755, 87}, new long[] {100, 66, 66, 60, 28});
        List<HotKPath> hot = HotKPaths.select(List.of(f), 10);
        assertEquals(List.of("[38, 86, 86, 755]=60", "[38, 87]=28"), hot.stream().map(HotKPathsTest::chain).toList());
    }

    @Test
    void roots_alone_are_not_multi_iteration_paths() {
        KPathForest flat = KPathForest.ofPathCounts(0, new long[] {1, 2}, new long[] {5, 6});
        assertEquals(List.of(), HotKPaths.select(List.of(flat), 10));
    }

    @Test
    void the_limit_keeps_the_hottest_chains_across_methods() {
        KPathForest a = KPathForest.of(0, new int[] {-1, 0}, new long[] {1, 1}, new long[] {10, 9});
        KPathForest b = KPathForest.of(1, new int[] {-1, 0, -1, 2}, new long[] {4, 5, 6, 7}, new long[] {50, 40, 8, 3});
        List<HotKPath> hot = HotKPaths.select(List.of(a, b), 2);
        assertEquals(List.of("[4, 5]=40", "[1, 1]=9"), hot.stream().map(HotKPathsTest::chain).toList());
        assertEquals(List.of(1, 0), hot.stream().map(HotKPath::methodId).toList());
    }

    @Test
    void an_alternating_loop_gives_two_long_chains_not_one_entry_per_prefix() {
        // a loop alternating paths 3 and 4 a hundred times, k = 4
        ReferenceSlabForest sf = new ReferenceSlabForest(4);
        sf.enter(0, 0);
        for (int i = 0; i < 100; i++) {
            sf.process(0, i % 2 == 0 ? 3 : 4);
        }
        KPathForest f = new KIpfBuilder(4).add(sf.toSlabForest("t")).build().get(0);
        List<HotKPath> hot = HotKPaths.select(List.of(f), 5);
        assertEquals(List.of("[3, 4, 3, 4]=49", "[4, 3, 4, 3]=48"), hot.stream().map(HotKPathsTest::chain).toList());
    }

    @Test
    void a_chain_every_run_of_which_lies_inside_a_longer_picked_chain_is_left_out() {
        // 33 runs of 1 7 7 6: 7 → 6 (33) lies inside 7 → 7 → 6 (33); 17 runs of 1 5 4: 5 → 4 inside 1 → 5 → 4
        ReferenceSlabForest sf = new ReferenceSlabForest(3);
        for (int a = 0; a < 50; a++) {
            sf.enter(a, 0);
            for (int id : a < 33 ? new int[] {1, 7, 7, 6} : new int[] {1, 5, 4}) {
                sf.process(a, id);
            }
        }
        KPathForest f = new KIpfBuilder(3).add(sf.toSlabForest("t")).build().get(0);
        List<HotKPath> hot = HotKPaths.select(List.of(f), 10);
        assertEquals(List.of("[1, 7, 7]=33", "[7, 7, 6]=33", "[1, 5, 4]=17"),
                hot.stream().map(HotKPathsTest::chain).toList());
    }
}
