package io.loupe.analysis.summary;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ProfileSummaryTest {

    /** A method with {@code paths} paths: ENTRY → block 0 → EXIT by {@code paths} parallel exit edges. */
    private static MethodMeta method(int id, int paths, int cutEdges, MethodMeta.Storage storage) {
        List<DagEdge> edges = new java.util.ArrayList<>();
        edges.add(new DagEdge(1, 0, EdgeKind.METHOD_ENTRY, 0));
        for (int i = 0; i < paths; i++) {
            edges.add(new DagEdge(0, 2, i == 0 ? EdgeKind.METHOD_EXIT : EdgeKind.LOOP_EXIT, i));
        }
        return new MethodMeta(id, "com.example.C" + id, "m", "()V", "C.java",
                List.of(new BlockMeta(0, 3, new int[] {10 + id}, false)), edges, List.of(), paths, cutEdges, storage);
    }

    private static Profile profile(int k, List<PathCounts> counts, List<SlabForest> forests) {
        return new Profile(new ProfileHeader("0.1.0", 0, "", k, "jvm", "cmd"),
                List.of(method(0, 3, 0, MethodMeta.Storage.ARRAY), method(1, 2, 2, MethodMeta.Storage.HASH),
                        method(2, 1, 0, MethodMeta.Storage.NONE)),
                counts, forests, Map.of(), List.of());
    }

    @Test
    void the_hottest_paths_are_ranked_by_count_over_all_methods() {
        ProfileSummary s = ProfileSummary.of(profile(1, List.of(
                new PathCounts(0, new long[] {0, 2}, new long[] {5, 50}),
                new PathCounts(1, new long[] {1}, new long[] {20})), List.of()));
        List<HotPath> hot = s.hottestPaths(2);
        assertEquals(List.of(50L, 20L), hot.stream().map(HotPath::count).toList());
        assertEquals(2, hot.get(0).pathId());
        assertEquals(50.0 / 55, hot.get(0).share(), 1e-9);
        assertEquals(1.0, hot.get(1).share());
    }

    @Test
    void counts_of_several_entries_for_one_method_add_up() {
        ProfileSummary s = ProfileSummary.of(profile(1, List.of(
                new PathCounts(0, new long[] {1}, new long[] {5}),
                new PathCounts(0, new long[] {1}, new long[] {6})), List.of()));
        assertEquals(11, s.method(0).total());
        assertEquals(1, s.method(0).kpaths().size());
    }

    @Test
    void a_k_profile_without_counts_takes_them_from_the_k_IPF_roots() {
        // one activation of method 0 streaming 2 2 1 with k = 2
        SlabForest sf = new SlabForest("main", 2, new int[] {-1, 0, -1, 0}, new int[] {0, 0, 0, 0},
                new int[] {2, 2, 1, 1}, new long[] {1, 1, 0, 1}, 0, 0);
        ProfileSummary s = ProfileSummary.of(profile(2, List.of(), List.of(sf)));
        MethodProfile m = s.method(0);
        assertEquals(2, m.pathCount());
        assertEquals(1, m.pathId(0));
        assertEquals(1, m.count(0));
        assertEquals(2, m.count(1));
        assertEquals(1, m.kpaths().count(m.kpaths().find(2, 2)));
        assertEquals(1, m.kpaths().count(m.kpaths().find(2, 1)));
    }

    @Test
    void method_counts_instrumentation_and_cut_methods_are_summarised() {
        ProfileSummary s = ProfileSummary.of(profile(1, List.of(new PathCounts(1, new long[] {0}, new long[] {1})),
                List.of()));
        assertEquals(3, s.registeredMethods());
        assertEquals(2, s.instrumentedMethods());
        assertEquals(List.of(1), s.cutMethods().stream().map(MethodMeta::id).toList());
        assertEquals(1, s.methods().size());
        assertNull(s.method(0));
    }

    @Test
    void counts_for_a_method_the_profile_does_not_describe_are_reported_not_fatal() {
        ProfileSummary s = ProfileSummary.of(profile(1, List.of(new PathCounts(9, new long[] {0}, new long[] {1})),
                List.of()));
        assertEquals(0, s.methods().size());
        assertEquals(1, s.problems().size());
    }

    @Test
    void a_method_profile_decodes_its_paths() {
        ProfileSummary s = ProfileSummary.of(profile(1, List.of(new PathCounts(0, new long[] {2}, new long[] {1})),
                List.of()));
        assertEquals(EdgeKind.LOOP_EXIT, s.method(0).decode(2).end());
        assertEquals("com.example.C0.m()V", s.method(0).displayName());
    }
}
