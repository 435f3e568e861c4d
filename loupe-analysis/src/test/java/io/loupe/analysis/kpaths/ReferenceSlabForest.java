package io.loupe.analysis.kpaths;

import io.loupe.data.paths.SlabForest;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A plain, unoptimised transcription of D'Elia et al.'s Fig. 6 (process_bl_path_id), used as the
 * oracle that produces k-slab forests for the tests. Like Loupe's runtime it keeps one forest per
 * thread with roots keyed by (method, path id), and the cursor state (n, τ, β) per activation, so
 * activations of several methods may interleave (calls) without disturbing each other.
 *
 * <p>Shared through this module's test-jar: the report and CLI tests build their k-slab forests
 * with it too.
 */
public final class ReferenceSlabForest {

    private final int k;
    private final List<Integer> parent = new ArrayList<>();
    private final List<Integer> method = new ArrayList<>();
    private final List<Integer> label = new ArrayList<>();
    private final List<Long> count = new ArrayList<>();
    private final List<Map<Integer, Integer>> children = new ArrayList<>();
    private final Map<List<Integer>, Integer> roots = new HashMap<>();   // R, keyed by (method, label)
    private final Map<Integer, Cursor> activations = new HashMap<>();

    /** Fig. 6's variables n, τ and β of one activation; null pointers are -1. */
    private static final class Cursor {
        final int methodId;
        int n;
        int tau = -1;
        int beta = -1;

        Cursor(int methodId) {
            this.methodId = methodId;
        }
    }

    public ReferenceSlabForest(int k) {
        this.k = k;
    }

    /** The * marker: activation {@code activation} of method {@code methodId} begins (lines 1–4). */
    public void enter(int activation, int methodId) {
        activations.put(activation, new Cursor(methodId));
    }

    /** Path id {@code r} ends in activation {@code activation} (lines 6–31). */
    public void process(int activation, int r) {
        Cursor a = activations.get(activation);
        if (a.n % (k - 1) == 0) {
            a.beta = a.tau;
            a.tau = roots.computeIfAbsent(List.of(a.methodId, r), key -> newNode(-1, a.methodId, r));
        } else {
            a.tau = child(a.tau, r);
        }
        if (a.beta != -1) {
            a.beta = child(a.beta, r);
            count.set(a.beta, count.get(a.beta) + 1);
        } else {
            count.set(a.tau, count.get(a.tau) + 1);
        }
        a.n++;
    }

    private int child(int node, int r) {
        Integer c = children.get(node).get(r);
        if (c == null) {
            c = newNode(node, method.get(node), r);
            children.get(node).put(r, c);
        }
        return c;
    }

    private int newNode(int parentNode, int methodId, int r) {
        parent.add(parentNode);
        method.add(methodId);
        label.add(r);
        count.add(0L);
        children.add(new HashMap<>());
        return parent.size() - 1;
    }

    /** The forest in the profile model's form (creation order: parents first). */
    public SlabForest toSlabForest(String thread) {
        return new SlabForest(thread, k,
                parent.stream().mapToInt(Integer::intValue).toArray(),
                method.stream().mapToInt(Integer::intValue).toArray(),
                label.stream().mapToInt(Integer::intValue).toArray(),
                count.stream().mapToLong(Long::longValue).toArray(), 0, 0);
    }
}
