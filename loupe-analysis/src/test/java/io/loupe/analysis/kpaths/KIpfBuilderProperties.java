package io.loupe.analysis.kpaths;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Fig. 7 against Definition 2: a k-IPF built from Fig. 6 k-slab forests holds exactly the n-gram
 * counts (n ≤ k, never across a * marker) of the streams the forests were built from.
 */
class KIpfBuilderProperties {

    @Property(tries = 300)
    void the_k_IPF_equals_brute_force_n_gram_counting(
            @ForAll @IntRange(min = 2, max = 6) int k, @ForAll long seed) {
        Random random = new Random(seed);
        List<Activation> activations = Streams.randomActivations(random, 1 + random.nextInt(5), 30);
        var sf = Streams.stream(activations, k, random).toSlabForest("main");
        var ipf = new KIpfBuilder(k).add(sf).build();
        assertEquals(Streams.nGramCounts(activations, k), Streams.nodes(ipf));
    }

    @Property(tries = 200)
    void level_1_equals_plain_per_id_counts(@ForAll @IntRange(min = 2, max = 6) int k, @ForAll long seed) {
        Random random = new Random(seed);
        List<Activation> activations = Streams.randomActivations(random, 1 + random.nextInt(5), 30);
        var ipf = new KIpfBuilder(k).add(Streams.stream(activations, k, random).toSlabForest("main")).build();
        Map<List<Long>, Long> perId = new HashMap<>();
        for (Activation a : activations) {
            for (int id : a.pathIds()) {
                perId.merge(List.of((long) a.methodId(), (long) id), 1L, Long::sum);
            }
        }
        Map<List<Long>, Long> roots = new HashMap<>();
        ipf.forEach((m, forest) -> {
            for (int i = 0; i < forest.rootCount(); i++) {
                int r = forest.root(i);
                roots.put(List.of((long) m, forest.label(r)), forest.count(r));
            }
        });
        assertEquals(perId, roots);
    }

    @Property(tries = 200)
    void merging_two_threads_forests_counts_the_n_grams_of_both_streams(
            @ForAll @IntRange(min = 2, max = 6) int k, @ForAll long seed) {
        Random random = new Random(seed);
        List<Activation> first = Streams.randomActivations(random, 1 + random.nextInt(4), 25);
        List<Activation> second = Streams.randomActivations(random, 1 + random.nextInt(4), 25);
        var ipf = new KIpfBuilder(k)
                .add(Streams.stream(first, k, random).toSlabForest("t1"))
                .add(Streams.stream(second, k, random).toSlabForest("t2"))
                .build();
        List<Activation> both = new ArrayList<>(first);
        both.addAll(second);
        assertEquals(Streams.nGramCounts(both, k), Streams.nodes(ipf));
    }

    @Property(tries = 200)
    void counts_never_grow_going_down_the_forest(@ForAll @IntRange(min = 2, max = 6) int k, @ForAll long seed) {
        Random random = new Random(seed);
        List<Activation> activations = Streams.randomActivations(random, 1 + random.nextInt(5), 30);
        var ipf = new KIpfBuilder(k).add(Streams.stream(activations, k, random).toSlabForest("main")).build();
        for (KPathForest forest : ipf.values()) {
            long childSum;
            for (int v = 0; v < forest.size(); v++) {
                childSum = 0;
                for (int i = 0; i < forest.childCount(v); i++) {
                    childSum += forest.count(forest.child(v, i));
                }
                assertTrue(forest.count(v) >= childSum, "Property 1 fails at " + java.util.Arrays.toString(forest.ids(v)));
                assertTrue(forest.length(v) <= k);
            }
        }
    }
}
