package io.loupe.analysis.kpaths;

import io.loupe.data.paths.SlabForest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

class KIpfBuilderTest {

    /** The stream of D'Elia et al.'s Example 1/3: *, 6 2 0 0 2 2 0 0 2 2 0 0 2 3, with k = 4. */
    private static final List<Integer> EXAMPLE = List.of(6, 2, 0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 3);

    private static Map<Integer, KPathForest> example() {
        ReferenceSlabForest sf = new ReferenceSlabForest(4);
        sf.enter(0, 7);
        EXAMPLE.forEach(r -> sf.process(0, r));
        return new KIpfBuilder(4).add(sf.toSlabForest("main")).build();
    }

    @Test
    void the_papers_example_has_one_tree_per_distinct_path_id() {
        KPathForest f = example().get(7);
        List<Long> roots = new ArrayList<>();
        for (int i = 0; i < f.rootCount(); i++) {
            roots.add(f.label(f.root(i)));
        }
        roots.sort(null);
        assertEquals(List.of(0L, 2L, 3L, 6L), roots);
    }

    @Test
    void the_papers_example_counts_the_4_path_2_0_0_2_three_times() {
        KPathForest f = example().get(7);
        assertEquals(3, f.count(f.find(2, 0, 0, 2)));
    }

    @Test
    void the_papers_example_level_1_holds_the_ball_larus_counts() {
        KPathForest f = example().get(7);
        assertEquals(6, f.count(f.find(0)));
        assertEquals(6, f.count(f.find(2)));
        assertEquals(1, f.count(f.find(3)));
        assertEquals(1, f.count(f.find(6)));
        assertEquals(14, f.total());
    }

    @Test
    void with_k_2_two_activations_do_not_form_a_pair_across_the_marker() {
        ReferenceSlabForest sf = new ReferenceSlabForest(2);
        sf.enter(0, 0);
        sf.process(0, 1);
        sf.enter(1, 0);
        sf.process(1, 2);
        KPathForest f = new KIpfBuilder(2).add(sf.toSlabForest("main")).build().get(0);
        assertEquals(-1, f.find(1, 2));
        assertEquals(2, f.size());
    }

    @Test
    void a_forest_a_million_levels_deep_is_walked_without_recursion() {
        int n = 1_000_000;
        int[] parent = new int[n];
        int[] method = new int[n];
        int[] label = new int[n];
        long[] count = new long[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i - 1;
            label[i] = i % 3;
            count[i] = 1;
        }
        SlabForest deep = new SlabForest("deep", 16, parent, method, label, count, 0, 0);
        KPathForest f = new KIpfBuilder(16).add(deep).build().get(0);
        assertEquals(16, f.maxLength());
        assertEquals(n, f.count(f.find(0)) + f.count(f.find(1)) + f.count(f.find(2)));
        long[] seen = new long[1];
        f.forEachPath(p -> seen[0]++);
        assertEquals(f.size(), seen[0]);
    }

    @Test
    void a_long_stream_with_k_16_builds_in_reasonable_time() {
        assertTimeoutPreemptively(java.time.Duration.ofSeconds(60), () -> {
            Random random = new Random(42);
            ReferenceSlabForest sf = new ReferenceSlabForest(16);
            sf.enter(0, 0);
            for (int i = 0; i < 200_000; i++) {
                sf.process(0, random.nextInt(4));
            }
            KPathForest f = new KIpfBuilder(16).add(sf.toSlabForest("main")).build().get(0);
            assertEquals(200_000, f.total());
            assertEquals(16, f.maxLength());
        });
    }

    @Test
    void a_forest_whose_parents_do_not_come_first_is_rejected() {
        SlabForest bad = new SlabForest("t", 2, new int[] {1, -1}, new int[2], new int[2], new long[2], 0, 0);
        assertThrows(IllegalArgumentException.class, () -> new KIpfBuilder(2).add(bad));
    }

    @Test
    void methods_get_separate_forests() {
        SlabForest sf = new SlabForest("t", 2, new int[] {-1, -1, 0}, new int[] {4, 9, 4},
                new int[] {5, 5, 6}, new long[] {1, 2, 3}, 0, 0);
        Map<Integer, KPathForest> ipf = new KIpfBuilder(2).add(sf).build();
        assertEquals(List.of(4, 9), List.copyOf(ipf.keySet()));
        assertEquals(3, ipf.get(4).count(ipf.get(4).find(5, 6)));
        assertEquals(3, ipf.get(4).count(ipf.get(4).find(6)));
        assertEquals("[5]", Arrays.toString(ipf.get(9).ids(ipf.get(9).root(0))));
    }
}
