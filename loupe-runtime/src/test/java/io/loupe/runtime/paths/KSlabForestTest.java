package io.loupe.runtime.paths;

import io.loupe.data.paths.SlabForest;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The runtime's k-slab forest against a literal transcription of D'Elia et al.'s Fig. 6 (maps of
 * children, an explicit n): same labelled paths, same counters, whatever the node layout,
 * move-to-front or root storage.
 */
class KSlabForestTest {

    private static final int MARK = -1;

    @Property(tries = 300)
    void matchesTheLiteralFig6Construction(@ForAll @IntRange(min = 2, max = 6) int k,
                                          @ForAll @Size(max = 400) List<@IntRange(min = -1, max = 5) Integer> stream) {
        KSlabForest forest = new KSlabForest(k, KSlabForest.MAX_NODES);
        Reference reference = new Reference(k);
        long cursor = KSlabForest.START;
        for (int r : stream) {
            if (r == MARK) {
                cursor = KSlabForest.START;
                reference.marker();
            } else {
                cursor = forest.step(cursor, 7, r);
                reference.item(7, r);
            }
        }
        assertEquals(reference.paths(), paths(forest.snapshot("t", k)));
        assertEquals(reference.nodes(), forest.size());
    }

    @Property(tries = 300)
    void aRunOfOnePathIsRecordedExactlyAsItsStepsWouldBe(@ForAll @IntRange(min = 2, max = 7) int k,
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 3) Integer> ids,
            @ForAll @Size(max = 40) List<@IntRange(min = 0, max = 60) Integer> lengths,
            @ForAll boolean smallBudget) {
        int budget = smallBudget ? 32 : KSlabForest.MAX_NODES;
        KSlabForest stepped = new KSlabForest(k, budget);
        KSlabForest runs = new KSlabForest(k, budget);
        long a = KSlabForest.START;
        long b = KSlabForest.START;
        for (int i = 0; i < Math.min(ids.size(), lengths.size()); i++) {
            int r = ids.get(i);
            for (int j = 0; j < lengths.get(i); j++) {
                a = stepped.step(a, 1, r);
            }
            b = runs.stepRun(b, 1, r, lengths.get(i));
            if (i % 7 == 6) {
                a = KSlabForest.START;   // a new activation now and then
                b = KSlabForest.START;
            }
        }
        assertEquals(stepped.items(), runs.items());
        if (!smallBudget) {
            assertEquals(paths(stepped.snapshot("t", k)), paths(runs.snapshot("t", k)));
            assertEquals(stepped.size(), runs.size(), "no node that the steps would not make");
        } else {
            // Pruning happens at different moments; plain path counts stay exact either way.
            assertEquals(level1(stepped.snapshot("t", k)), level1(runs.snapshot("t", k)));
        }
    }

    /**
     * A run that follows a remembered prefix but ends before another whole period: the memo's
     * prefix and the run chain a longer run made serve it, and it must leave the forest, and the
     * cursor the next items continue from, as its steps would.
     */
    @Test
    void aShortRunAfterARememberedPrefixIsRecordedAsItsStepsWouldBe() {
        for (int k = 2; k <= 7; k++) {
            for (int m = 0; m <= 3 * k; m++) {
                KSlabForest stepped = new KSlabForest(k, KSlabForest.MAX_NODES);
                KSlabForest runs = new KSlabForest(k, KSlabForest.MAX_NODES);
                long a = stepped.step(KSlabForest.START, 1, 2);
                long b = runs.step(KSlabForest.START, 1, 2);
                long a0 = a;
                long b0 = b;
                for (int j = 0; j < 40; j++) {
                    a = stepped.step(a, 1, 5);
                }
                b = runs.stepRun(b, 1, 5, 40);   // remembers the prefix from b0, makes the run chain
                for (int round = 0; round < 3; round++) {
                    a = a0;
                    b = b0;
                    for (int j = 0; j < m; j++) {
                        a = stepped.step(a, 1, 5);
                    }
                    b = runs.stepRun(b, 1, 5, m);
                    a = stepped.step(a, 1, 7);   // the cursor must be the one the steps reach
                    b = runs.step(b, 1, 7);
                }
                assertEquals(paths(stepped.snapshot("t", k)), paths(runs.snapshot("t", k)), "k=" + k + ", m=" + m);
                assertEquals(stepped.size(), runs.size(), "k=" + k + ", m=" + m);
            }
        }
    }

    /**
     * Nested activations of several methods, interleaving single items and runs, against Fig. 6
     * with one (τ, β, n) per activation — with memos so small that transitions keep evicting each
     * other, so that every memo hit, miss and overwrite is checked against the construction.
     */
    @Property(tries = 300)
    void memoizedTransitionsGiveTheForestOfFig6(@ForAll @IntRange(min = 2, max = 6) int k,
            @ForAll @IntRange(min = 0, max = 3) int memoChoice,
            @ForAll @Size(max = 300) List<@IntRange(min = 0, max = 9999) Integer> ops) {
        int memoBits = new int[] {0, 1, 4, KSlabForest.MEMO_BITS}[memoChoice];
        KSlabForest forest = new KSlabForest(k, KSlabForest.MAX_NODES, memoBits);
        Map<List<Integer>, Long> truth = new HashMap<>();
        int[] nodes = {0};
        List<long[]> cursors = new ArrayList<>();        // per activation: {cursor}
        List<Activation> activations = new ArrayList<>();
        cursors.add(new long[] {KSlabForest.START});
        activations.add(new Activation(0, k, truth, nodes));
        for (int op : ops) {
            int kind = op % 10;
            int method = op / 10 % 4;
            int r = op / 40 % 5;
            int length = 1 + op / 200 % 25;
            int top = activations.size() - 1;
            if (kind == 0 && top < 6) {
                cursors.add(new long[] {KSlabForest.START});
                activations.add(new Activation(method, k, truth, nodes));
            } else if (kind == 1 && top > 0) {
                cursors.remove(top);
                activations.remove(top);
            } else {
                Activation a = activations.get(top);
                long[] c = cursors.get(top);
                int n = kind < 6 ? 1 : length;
                c[0] = n == 1 && kind % 2 == 0 ? forest.step(c[0], a.method, r) : forest.stepRun(c[0], a.method, r, n);
                for (int j = 0; j < n; j++) {
                    a.item(r);
                }
            }
        }
        SlabForest f = forest.snapshot("t", k);
        Map<List<Integer>, Long> got = new HashMap<>();
        for (int i = 0; i < f.size(); i++) {
            List<Integer> l = new ArrayList<>();
            for (int j = i; j >= 0; j = f.parent()[j]) {
                l.add(0, f.label()[j]);
            }
            l.add(0, f.method()[i]);
            assertEquals(null, got.put(l, f.count()[i]), "no two siblings share a label");
        }
        assertEquals(truth, got);
        assertEquals(nodes[0], forest.size());
        assertEquals(truth.values().stream().mapToLong(Long::longValue).sum(), forest.items());
    }

    /**
     * Fig. 6 for one activation: its own τ, β and n. Nodes are label lists, prefixed with the
     * method when there is one (method ≥ 0), in a map of counters that activations may share.
     */
    static class Activation {
        final int method;
        final int k;
        final Map<List<Integer>, Long> counts;
        final int[] nodes;
        List<Integer> tau;
        List<Integer> beta;
        int n;

        Activation(int method, int k, Map<List<Integer>, Long> counts, int[] nodes) {
            this.method = method;
            this.k = k;
            this.counts = counts;
            this.nodes = nodes;
        }

        void marker() {
            n = 0;
            tau = null;
            beta = null;
        }

        void item(int r) {
            if (n % (k - 1) == 0) {
                beta = tau;
                tau = method < 0 ? List.of(r) : List.of(method, r);
            } else {
                tau = append(tau, r);
            }
            ensure(tau);
            if (beta != null) {
                beta = append(beta, r);
                ensure(beta);
                counts.merge(beta, 1L, Long::sum);
            } else {
                counts.merge(tau, 1L, Long::sum);
            }
            n++;
        }

        private void ensure(List<Integer> node) {
            if (!counts.containsKey(node)) {
                counts.put(node, 0L);
                nodes[0]++;
            }
        }

        static List<Integer> append(List<Integer> l, int r) {
            List<Integer> c = new ArrayList<>(l);
            c.add(r);
            return c;
        }
    }

    @Test
    void theMemoGrowsWhileTheForestStaysThatOfFig6() {
        // 40 paths in a pseudo-random order make far more transitions than the first memo holds.
        for (int k : new int[] {2, 3, 5}) {
            KSlabForest forest = new KSlabForest(k, KSlabForest.MAX_NODES);
            Reference reference = new Reference(k);
            long cursor = KSlabForest.START;
            long x = 12345;
            for (int i = 0; i < 40_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                int r = (int) ((x >>> 33) % 40);
                if (i % 1000 == 999) {
                    cursor = KSlabForest.START;
                    reference.marker();
                }
                long times = 1 + (x >>> 20) % 3;
                cursor = times == 1 ? forest.step(cursor, 7, r) : forest.stepRun(cursor, 7, r, times);
                for (int j = 0; j < times; j++) {
                    reference.item(7, r);
                }
            }
            assertEquals(reference.paths(), paths(forest.snapshot("t", k)), "k = " + k);
            assertEquals(reference.nodes(), forest.size());
            assertTrue(forest.memoEntries() > 256, "the memo grew: " + forest.memoEntries());
        }
    }

    @Test
    void aRunLongEnoughForTheMultiplyIsDividedExactly() {
        // Run lengths near 2^24 cross from the multiply to the division; both count the same.
        for (long m : new long[] {(1 << 24) - 1, 1 << 24, (1 << 24) + 1, 3L << 30}) {
            KSlabForest forest = new KSlabForest(5, 1000);
            forest.stepRun(KSlabForest.START, 0, 1, m);
            SlabForest f = forest.snapshot("t", 5);
            assertEquals(m, forest.items());
            long[] lower = new long[4];
            for (int i = 0; i < f.size(); i++) {
                int depth = 0;
                for (int j = f.parent()[i]; j >= 0; j = f.parent()[j]) {
                    depth++;
                }
                if (depth >= 4) {
                    lower[depth - 4] = f.count()[i];
                }
            }
            // After the first slab, items count the lower chain cyclically: 4 items, then (m-4)/4 rounds.
            long rounds = (m - 4) / 4;
            long rest = (m - 4) % 4;
            for (int j = 0; j < 4; j++) {
                assertEquals(rounds + (j < rest ? 1 : 0), lower[j], "m = " + m + ", level " + (4 + j));
            }
        }
    }

    static Map<Integer, Long> level1(SlabForest f) {
        Map<Integer, Long> out = new HashMap<>();
        for (int i = 0; i < f.size(); i++) {
            if (f.count()[i] != 0) {
                out.merge(f.label()[i], f.count()[i], Long::sum);
            }
        }
        return out;
    }

    @Test
    void aLongRunCostsAFewStepsNotOnePerOccurrence() {
        KSlabForest forest = new KSlabForest(4, 1000);
        long cursor = forest.stepRun(KSlabForest.START, 0, 5, 1_000_000_000L);
        assertEquals(1_000_000_000L, forest.items());
        Map<List<Integer>, Long> paths = paths(forest.snapshot("t", 4));
        assertEquals(1L, paths.get(List.of(5)));
        assertTrue(forest.size() <= 6, "one chain of 2k-2 nodes");
        forest.stepRun(cursor, 0, 6, 1);
    }

    @Test
    void theFigure5ExampleHasTheForestOfThePaper() {
        // Σ = *, 6 2 0 | 0 2 2 | 0 0 2 | 2 0 0 | 2 3   (D'Elia et al. 2013, Example 3, k = 4)
        KSlabForest forest = new KSlabForest(4, 1000);
        long cursor = KSlabForest.START;
        for (int r : new int[] {6, 2, 0, 0, 2, 2, 0, 0, 2, 2, 0, 0, 2, 3}) {
            cursor = forest.step(cursor, 0, r);
        }
        Map<List<Integer>, Long> paths = paths(forest.snapshot("t", 4));
        assertEquals(1L, paths.get(List.of(6, 2, 0, 0, 2, 2)));
        assertEquals(1L, paths.get(List.of(0, 2, 2, 0, 0, 2)));
        assertEquals(1L, paths.get(List.of(0, 0, 2, 2, 0, 0)));
        assertEquals(1L, paths.get(List.of(2, 0, 0, 2, 3)));
        assertTrue(paths.keySet().stream().allMatch(p -> p.size() <= 2 * 4 - 2), "at most 2k-2 levels");
    }

    @Test
    void hotChildrenMoveToTheFrontWithoutChangingCounts() {
        KSlabForest forest = new KSlabForest(2, 1000);
        long cursor = KSlabForest.START;
        for (int i = 0; i < 100; i++) {
            cursor = forest.step(cursor, 0, i % 10 == 0 ? 1 : 2);
        }
        Map<List<Integer>, Long> paths = paths(forest.snapshot("t", 2));
        // 1 then nine 2s, ten times: 2-grams (2,2) 8×10, (1,2) 10, (2,1) 9.
        assertEquals(80L, paths.get(List.of(2, 2)));
        assertEquals(10L, paths.get(List.of(1, 2)));
        assertEquals(9L, paths.get(List.of(2, 1)));
    }

    @Property(tries = 200)
    void pruningKeepsPlainPathCountsExactAndNeverOvercountsAKPath(
            @ForAll @IntRange(min = 2, max = 8) int k,
            @ForAll @Size(min = 1, max = 3000) List<@IntRange(min = -1, max = 12) Integer> stream) {
        KSlabForest forest = new KSlabForest(k, 64);
        Map<List<Integer>, Long> truth = new HashMap<>();
        List<Integer> activation = new ArrayList<>();
        long cursor = KSlabForest.START;
        for (int r : stream) {
            if (r == MARK) {
                cursor = KSlabForest.START;
                activation.clear();
                continue;
            }
            cursor = forest.step(cursor, 3, r);
            activation.add(r);
            for (int n = 1; n <= k && n <= activation.size(); n++) {
                truth.merge(List.copyOf(activation.subList(activation.size() - n, activation.size())), 1L, Long::sum);
            }
            assertTrue(forest.size() <= 64 || forest.prunes() > 0);
        }
        Map<List<Integer>, Long> counted = nGrams(forest.snapshot("t", k), k);
        counted.forEach((gram, c) -> {
            long expected = truth.getOrDefault(gram, 0L);
            if (gram.size() == 1) {
                assertEquals(expected, c, "plain count of path " + gram);
            } else {
                assertTrue(c <= expected, gram + " counted " + c + " > " + expected);
            }
        });
        truth.forEach((gram, c) -> {
            if (gram.size() == 1) {
                assertEquals(c, counted.get(gram), "path " + gram + " lost");
            }
        });
    }

    /** What a k-SF says about n-grams: each node adds its counter to the last n labels of its root path. */
    static Map<List<Integer>, Long> nGrams(SlabForest f, int k) {
        Map<List<Integer>, Long> out = new HashMap<>();
        List<List<Integer>> labels = new ArrayList<>();
        for (int i = 0; i < f.size(); i++) {
            List<Integer> l = new ArrayList<>(f.parent()[i] < 0 ? List.of() : labels.get(f.parent()[i]));
            l.add(f.label()[i]);
            labels.add(l);
            for (int n = 1; n <= k && n <= l.size(); n++) {
                out.merge(List.copyOf(l.subList(l.size() - n, l.size())), f.count()[i], Long::sum);
            }
        }
        out.values().removeIf(c -> c == 0);
        return out;
    }

    /** Root-to-node label sequences with their counters (the forest as a set of labelled paths). */
    static Map<List<Integer>, Long> paths(SlabForest f) {
        Map<List<Integer>, Long> out = new HashMap<>();
        List<List<Integer>> labels = new ArrayList<>();
        for (int i = 0; i < f.size(); i++) {
            List<Integer> l = new ArrayList<>(f.parent()[i] < 0 ? List.of() : labels.get(f.parent()[i]));
            assertTrue(f.parent()[i] < i, "parents come before children");
            l.add(f.label()[i]);
            labels.add(l);
            assertEquals(null, out.put(l, f.count()[i]), "no two siblings share a label");
        }
        return out;
    }

    /** Fig. 6 as printed, one activation at a time: hash map of roots, children by label, explicit n. */
    static final class Reference extends Activation {
        Reference(int k) {
            super(-1, k, new HashMap<>(), new int[1]);
        }

        void item(int method, int r) {
            item(r);
        }

        Map<List<Integer>, Long> paths() {
            return counts;
        }

        int nodes() {
            return nodes[0];
        }
    }
}
