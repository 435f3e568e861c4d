package io.loupe.analysis.kpaths;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class KPathForestTest {

    //   38 (100) ─┬─ 86 (66) ── 86 (66)
    //             ├─ 87 (28)
    //             └─ 12 (28)
    //   5 (50)
    private final KPathForest forest = KPathForest.of(1,
            new int[] {-1, 0, 0, 0, 2, -1},
            new long[] {38, 87, 86, 12, 86, 5},
            new long[] {100, 28, 66, 28, 66, 50});

    @Test
    void roots_and_children_come_hottest_first_then_by_label() {
        assertEquals(38, forest.label(forest.root(0)));
        assertEquals(5, forest.label(forest.root(1)));
        int root = forest.root(0);
        assertEquals(List.of(86L, 12L, 87L), List.of(forest.label(forest.child(root, 0)),
                forest.label(forest.child(root, 1)), forest.label(forest.child(root, 2))));
    }

    @Test
    void a_node_knows_its_ids_length_and_share_of_its_parent() {
        int node = forest.find(38, 86, 86);
        assertArrayEquals(new long[] {38, 86, 86}, forest.ids(node));
        assertEquals(3, forest.length(node));
        assertEquals(1.0, forest.share(node));
        assertEquals(0.66, forest.share(forest.find(38, 86)), 1e-9);
        assertEquals(100.0 / 150, forest.share(forest.root(0)), 1e-9);
    }

    @Test
    void total_is_the_sum_of_the_roots() {
        assertEquals(150, forest.total());
    }

    @Test
    void every_node_is_listed_once_in_preorder() {
        List<String> listed = new ArrayList<>();
        forest.forEachPath(p -> listed.add(Arrays.toString(p.ids()) + "=" + p.count()));
        assertEquals(List.of("[38]=100", "[38, 86]=66", "[38, 86, 86]=66", "[38, 12]=28", "[38, 87]=28", "[5]=50"),
                listed);
    }

    @Test
    void find_returns_minus_one_for_a_concatenation_that_never_ran() {
        assertEquals(-1, forest.find(38, 5));
        assertEquals(-1, forest.find(99));
    }

    @Test
    void a_forest_from_plain_counts_has_only_roots() {
        KPathForest flat = KPathForest.ofPathCounts(3, new long[] {0, 4}, new long[] {7, 9});
        assertEquals(2, flat.size());
        assertEquals(1, flat.maxLength());
        assertEquals(4, flat.label(flat.root(0)));
        assertEquals(16, flat.total());
    }

    @Test
    void parents_must_come_before_children() {
        assertThrows(IllegalArgumentException.class,
                () -> KPathForest.of(0, new int[] {1, -1}, new long[2], new long[2]));
    }

    @Test
    void wide_nodes_are_sorted_too() {
        int n = 1001;
        int[] parent = new int[n];
        long[] label = new long[n];
        long[] count = new long[n];
        parent[0] = -1;
        count[0] = 1_000_000;
        for (int i = 1; i < n; i++) {
            label[i] = i;
            count[i] = (i * 7919L) % 100;
        }
        KPathForest wide = KPathForest.of(0, parent, label, count);
        for (int i = 1; i < wide.childCount(0); i++) {
            int a = wide.child(0, i - 1);
            int b = wide.child(0, i);
            boolean ordered = wide.count(a) > wide.count(b)
                    || wide.count(a) == wide.count(b) && wide.label(a) < wide.label(b);
            assertEquals(true, ordered, "children " + (i - 1) + " and " + i);
        }
    }
}
