package io.loupe.runtime.deps;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A brute-force dependence profiler for tests, sharing nothing with the engine: it keeps loop
 * levels as objects with an invocation serial and an iteration number, contexts as path strings,
 * logs every access with its whole loop stack, and computes the dependences at the end from all
 * accesses per location, by the definition. Recursion follows docs/deps.md (a pseudo-loop per
 * recursion; every recursive call and every return into the recursion is a new iteration; the
 * loops of the recursing activations are not visible inside a deeper one).
 */
final class Oracle {

    static final class Level {
        final String key;
        final long serial;
        long iteration;

        Level(String key, long serial) {
            this.key = key;
            this.serial = serial;
        }
    }

    private static final class Activation {
        int method;
        int site;
        String entryContext;
        String context;
        List<Level> base;            // the levels its own loops sit on
        final List<Level> own = new ArrayList<>();
        final List<String> ownOuterContext = new ArrayList<>();
        Region stepOf;               // a recursive call that stepped this region
        Region started;              // a recursive call that started this region

        List<Level> visible() {
            List<Level> v = new ArrayList<>(base);
            v.addAll(own);
            return v;
        }
    }

    private static final class Region {
        int r, s;
        Level level;
        List<Level> base;
        String context;
    }

    record Access(int thread, int site, String context, boolean store, String[] keys, long[] serials, long[] iterations) {
    }

    private final boolean camp;
    private final java.util.function.IntUnaryOperator recursionLoop;
    private long serials;
    private final List<Activation> stack = new ArrayList<>();
    private final List<Region> regions = new ArrayList<>();
    private final Map<Object, List<Access>> log = new LinkedHashMap<>();
    final Map<String, long[]> loopRecords = new TreeMap<>();   // "loop|context" -> invocations, iterations

    Oracle(boolean camp, java.util.function.IntUnaryOperator recursionLoop) {
        this.camp = camp;
        this.recursionLoop = recursionLoop;
        Activation entry = new Activation();
        entry.method = -1;
        entry.context = "";
        entry.entryContext = "";
        entry.base = new ArrayList<>();
        stack.add(entry);
    }

    private Activation top() {
        return stack.get(stack.size() - 1);
    }

    private String ctx() {
        return camp ? top().context : "-";
    }

    private static String child(String path, String step) {
        return path.isEmpty() ? step : path + "/" + step;
    }

    private Level newLevel(int loopId, String path) {
        Level l = new Level(camp ? path : "L" + loopId, ++serials);
        long[] rec = loopRecords.computeIfAbsent(loopId + "|" + (camp ? path : "-"), k -> new long[2]);
        rec[0]++;
        rec[1]++;
        return l;
    }

    private void iterated(Level l) {
        String[] parts = recordKeyOf(l);
        loopRecords.get(parts[0] + "|" + parts[1])[1]++;
    }

    private final Map<Level, String[]> levelRecord = new HashMap<>();

    private String[] recordKeyOf(Level l) {
        return levelRecord.get(l);
    }

    void enterLoop(int loopId) {
        Activation a = top();
        String path = child(a.context, "L" + loopId);
        Level l = newLevel(loopId, path);
        levelRecord.put(l, new String[]{String.valueOf(loopId), camp ? path : "-"});
        a.ownOuterContext.add(a.context);
        a.own.add(l);
        a.context = path;
    }

    void nextIteration() {
        Activation a = top();
        Level l = a.own.get(a.own.size() - 1);
        l.iteration++;
        iterated(l);
    }

    void exitLoop() {
        Activation a = top();
        a.own.remove(a.own.size() - 1);
        a.context = a.ownOuterContext.remove(a.ownOuterContext.size() - 1);
    }

    void enterCall(int site, int method) {
        Activation caller = top();
        Activation c = new Activation();
        c.method = method;
        c.site = site;
        int k = -1;
        for (int i = 1; i < stack.size(); i++) {
            if (stack.get(i).method == method) {
                k = i;
                break;
            }
        }
        int f = stack.size();
        if (k < 0) {
            c.context = child(caller.context, "C" + site);
            c.base = caller.visible();
        } else {
            Region match = null;
            for (int i = regions.size() - 1; i >= 0; i--) {
                if (regions.get(i).r <= k) {
                    match = regions.get(i);
                    break;
                }
            }
            if (match != null && k < match.s) {
                match.level.iteration++;
                iterated(match.level);
                c.stepOf = match;
                c.context = match.context;
                c.base = new ArrayList<>(match.base);
                c.base.add(match.level);
            } else {
                Activation outer = stack.get(k);
                int loopId = recursionLoop.applyAsInt(outer.site);
                Region g = new Region();
                g.r = k;
                g.s = f;
                g.context = child(outer.entryContext, "L" + loopId);
                g.level = newLevel(loopId, g.context);
                levelRecord.put(g.level, new String[]{String.valueOf(loopId), camp ? g.context : "-"});
                g.base = caller.visible();   // the recursion runs inside the loops active when it began
                regions.add(g);
                c.started = g;
                c.context = g.context;
                c.base = new ArrayList<>(g.base);
                c.base.add(g.level);
            }
        }
        c.entryContext = c.context;
        stack.add(c);
    }

    void exitCall() {
        Activation c = stack.remove(stack.size() - 1);
        if (c.started != null) {
            regions.remove(c.started);
        } else if (c.stepOf != null) {
            c.stepOf.level.iteration++;
        }
    }

    /** Unwinds to the activation at stack index {@code frames} with {@code loops} of its own loops left. */
    void unwind(int frames, int loops) {
        while (stack.size() - 1 > frames) {
            exitCall();
        }
        Activation a = top();
        while (a.own.size() > loops) {
            exitLoop();
        }
    }

    int frames() {
        return stack.size() - 1;
    }

    int ownLoops() {
        return top().own.size();
    }

    void access(int thread, Object location, int site, boolean store) {
        List<Level> v = top().visible();
        String[] keys = new String[v.size()];
        long[] ser = new long[v.size()];
        long[] it = new long[v.size()];
        for (int i = 0; i < v.size(); i++) {
            keys[i] = v.get(i).key;
            ser[i] = v.get(i).serial;
            it[i] = v.get(i).iteration;
        }
        log.computeIfAbsent(location, x -> new ArrayList<>()).add(new Access(thread, site, ctx(), store, keys, ser, it));
    }

    /** "type src@ctx -> dst@ctx [cross]" -> count and per loop key relation bits. */
    Map<String, Object[]> dependences() {
        Map<String, Object[]> out = new TreeMap<>();
        for (List<Access> accesses : log.values()) {
            for (int d = 0; d < accesses.size(); d++) {
                Access dst = accesses.get(d);
                int lastStore = -1;
                for (int s = d - 1; s >= 0; s--) {
                    if (accesses.get(s).store()) {
                        lastStore = s;
                        break;
                    }
                }
                Map<String, Boolean> seen = new HashMap<>();
                if (!dst.store()) {
                    if (lastStore >= 0) {
                        add(out, seen, "RAW", accesses.get(lastStore), dst);
                    }
                } else {
                    for (int s = lastStore + 1; s < d; s++) {
                        add(out, seen, "WAR", accesses.get(s), dst);
                    }
                    if (lastStore >= 0) {
                        add(out, seen, "WAW", accesses.get(lastStore), dst);
                    }
                }
            }
        }
        return out;
    }

    @SuppressWarnings("unchecked")
    private static void add(Map<String, Object[]> out, Map<String, Boolean> seen, String type, Access src, Access dst) {
        boolean cross = src.thread() != dst.thread();
        String key = type + " " + src.site() + "@" + src.context() + " -> " + dst.site() + "@" + dst.context()
                + (cross ? " cross" : "");
        Object[] v = out.computeIfAbsent(key, k -> new Object[]{0L, new TreeMap<String, Integer>()});
        if (seen.put(key, true) == null) {
            v[0] = (Long) v[0] + 1;
        }
        if (cross) {
            return;
        }
        Map<String, Integer> rel = (Map<String, Integer>) v[1];
        int n = Math.min(src.keys().length, dst.keys().length);
        for (int l = 0; l < n; l++) {
            if (!src.keys()[l].equals(dst.keys()[l]) || src.serials()[l] != dst.serials()[l]) {
                return;   // not in the same invocation of this level's loop
            }
            if (src.iterations()[l] == dst.iterations()[l]) {
                rel.merge(dst.keys()[l], 1, (a, b) -> a | b);
            } else {
                // across iterations; at distance 1 when the source ran in the iteration just before
                int near = dst.iterations()[l] - src.iterations()[l] == 1 ? 4 : 0;
                rel.merge(dst.keys()[l], 2 | near, (a, b) -> a | b);
                return;
            }
        }
    }
}
