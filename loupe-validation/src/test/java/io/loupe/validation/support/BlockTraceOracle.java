package io.loupe.validation.support;

import io.loupe.data.Profile;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The independent oracle: reads a naive block trace (every activation's blocks, in order) and
 * cuts each activation's block sequence into acyclic paths by the plain rules of path profiling,
 * without any numbering: a path continues over a forward edge, ends (and the next starts) at a
 * back edge or cut edge, ends at a return or throw, and is dropped when an exception lands in a
 * handler or leaves the method. Path counts are then counts of block sequences, and k-path counts
 * are brute-force n-gram counts over each activation's sequence of paths.
 */
public final class BlockTraceOracle {

    /** Per method signature ({@code class.name+desc}): each activation's completed paths, in order. */
    private final Map<String, List<List<List<Integer>>>> activations = new TreeMap<>();
    /** Per method signature: how often each block ran, every execution in the trace counted. */
    private final Map<String, Map<Integer, Long>> blockRuns = new TreeMap<>();

    private BlockTraceOracle() {
    }

    /** Reads a trace written with {@code profile=blocktrace} together with its profile (for the metadata). */
    public static BlockTraceOracle read(Path trace, Profile profile) throws IOException {
        BlockTraceOracle o = new BlockTraceOracle();
        Map<Integer, Rules> rules = new HashMap<>();
        Map<Integer, Activation> live = new HashMap<>();
        for (String line : Files.readAllLines(trace)) {
            String[] f = line.split(" ");
            switch (f[0]) {
                case "T" -> {
                    o.finish(live);
                    live.clear();
                }
                case "A" -> {
                    int mid = Integer.parseInt(f[2]);
                    MethodMeta m = profile.methods().get(mid);
                    live.put(Integer.parseInt(f[1]), new Activation(signature(m), rules.computeIfAbsent(mid, x -> new Rules(m))));
                }
                case "B" -> {
                    Activation a = live.get(Integer.parseInt(f[1]));
                    int block = Integer.parseInt(f[2]);
                    a.block(block);
                    o.blockRuns.computeIfAbsent(a.method, x -> new HashMap<>()).merge(block, 1L, Long::sum);
                }
                case "L" -> live.get(Integer.parseInt(f[1])).leave();
                default -> throw new IllegalStateException("bad trace line: " + line);
            }
        }
        o.finish(live);
        return o;
    }

    private void finish(Map<Integer, Activation> live) {
        for (Activation a : live.values()) {
            activations.computeIfAbsent(a.method, x -> new ArrayList<>()).add(a.completed);
        }
    }

    public static String signature(MethodMeta m) {
        return m.className() + "." + m.name() + m.desc();
    }

    /** Methods seen in the trace. */
    public Set<String> methods() {
        return activations.keySet();
    }

    /** Acyclic path counts of a method: block sequence → count. */
    public Map<List<Integer>, Long> pathCounts(String method) {
        Map<List<Integer>, Long> counts = new HashMap<>();
        for (List<List<Integer>> act : activations.getOrDefault(method, List.of())) {
            for (List<Integer> path : act) {
                counts.merge(path, 1L, Long::sum);
            }
        }
        return counts;
    }

    /**
     * How often each block of a method ran, by block: every execution the trace holds, those of
     * paths an exception cut and of activations still open at exit included.
     */
    public Map<Integer, Long> blockRuns(String method) {
        return blockRuns.getOrDefault(method, Map.of());
    }

    /** Brute-force counts of every n-gram of paths, n ≤ k, within each activation. */
    public Map<List<List<Integer>>, Long> nGramCounts(String method, int k) {
        Map<List<List<Integer>>, Long> counts = new HashMap<>();
        for (List<List<Integer>> act : activations.getOrDefault(method, List.of())) {
            for (int i = 0; i < act.size(); i++) {
                for (int n = 1; n <= k && i + n <= act.size(); n++) {
                    counts.merge(List.copyOf(act.subList(i, i + n)), 1L, Long::sum);
                }
            }
        }
        return counts;
    }

    /** Which block transitions continue a path, and which blocks are handlers. */
    private static final class Rules {
        final Set<Long> forward = new HashSet<>();
        final boolean[] handler;

        Rules(MethodMeta m) {
            for (DagEdge e : m.edges()) {
                if (e.kind() == EdgeKind.NORMAL) {
                    forward.add(((long) e.from() << 32) | e.to());
                }
            }
            handler = new boolean[m.blocks().size()];
            for (int b = 0; b < handler.length; b++) {
                handler[b] = m.blocks().get(b).handler();
            }
        }
    }

    private static final class Activation {
        final String method;
        final Rules rules;
        final List<List<Integer>> completed = new ArrayList<>();
        List<Integer> current = new ArrayList<>();

        Activation(String method, Rules rules) {
            this.method = method;
            this.rules = rules;
        }

        void block(int b) {
            if (rules.handler[b]) {
                current = new ArrayList<>();   // an exception landed here: the cut path is dropped
            } else if (!current.isEmpty() && !rules.forward.contains(((long) current.get(current.size() - 1) << 32) | b)) {
                completed.add(current);        // a back edge or a cut edge ends the path
                current = new ArrayList<>();
            }
            current.add(b);
        }

        void leave() {
            completed.add(current);
            current = new ArrayList<>();
        }
    }
}
