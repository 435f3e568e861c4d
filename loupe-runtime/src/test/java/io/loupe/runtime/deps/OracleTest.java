package io.loupe.runtime.deps;

import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.LoopRecord;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Random single-threaded programs (nested loops, calls among a few methods with recursion, caught
 * exceptions, loads and stores to a few locations) run through the engine and through
 * {@link Oracle}: the dependences must be the same, in both modes.
 */
class OracleTest {

    static final int METHODS = 4;
    static final int MAX_FRAMES = 5;
    /**
     * Events a run may have: calls in loops in calls can multiply without end (a few random programs
     * would run for minutes and fill the heap with the oracle's log), so a run stops executing
     * statements once it has spent this many — the same way for the engine and the oracle.
     */
    static final int MAX_EVENTS = 5_000;

    sealed interface Stmt permits Access, Loop, Call, Try, Throw {
    }

    record Access(int site, int location, boolean store) implements Stmt {
    }

    record Loop(int loop, int trips, List<Stmt> body) implements Stmt {
    }

    record Call(int site, int method) implements Stmt {
    }

    record Try(List<Stmt> body) implements Stmt {
    }

    record Throw(int percent) implements Stmt {
    }

    static final class Thrown extends RuntimeException {
        Thrown() {
            super(null, null, false, false);
        }
    }

    /** A random program: a body per method; method 0 is the entry. */
    static final class Program {
        final List<List<Stmt>> methods = new ArrayList<>();
        private final Random random;
        private final int storePercent;
        /** Whether a fourth location, a final field's, is sealed by a store before the entry method and then only read. */
        final boolean sealed;
        private int sites, loops, callSites;

        Program(long seed) {
            this(seed, 50, false);
        }

        /** With {@code storePercent} of the accesses stores: few stores make long load histories. */
        Program(long seed, int storePercent, boolean sealed) {
            random = new Random(seed);
            this.storePercent = storePercent;
            this.sealed = sealed;
            for (int m = 0; m < METHODS; m++) {
                methods.add(body(0));
            }
        }

        private List<Stmt> body(int nest) {
            List<Stmt> out = new ArrayList<>();
            int n = 1 + random.nextInt(4);
            for (int i = 0; i < n; i++) {
                int r = random.nextInt(100);
                if (r < 45) {
                    int location = random.nextInt(sealed ? 4 : 3);
                    out.add(new Access(++sites, location, location < 3 && random.nextInt(100) < storePercent));
                } else if (r < 65 && nest < 3) {
                    out.add(new Loop(++loops, random.nextInt(4), body(nest + 1)));
                } else if (r < 85) {
                    out.add(new Call(++callSites, random.nextInt(METHODS)));
                } else if (r < 92 && nest < 3) {
                    out.add(new Try(body(nest + 1)));
                } else {
                    out.add(new Throw(random.nextInt(40)));
                }
            }
            return out;
        }
    }

    /** Runs a program, sending every event to the engine and the oracle. */
    static final class Runner {
        final DepThread engine;
        final Oracle oracle;
        final LocationHistory[] locations = {new LocationHistory(), new LocationHistory(), new LocationHistory(),
                new LocationHistory()};
        final Random random;
        final Program program;
        int frames;
        int events;

        Runner(Program program, DepThread engine, Oracle oracle, long seed) {
            this.program = program;
            this.engine = engine;
            this.oracle = oracle;
            this.random = new Random(seed);
        }

        void method(int m) {
            long mark = engine.mark();
            int oracleFrames = oracle.frames();
            try {
                run(program.methods.get(m), mark, oracleFrames, 0);
            } catch (Thrown e) {
                // the catch-all handler around every method body restores its entry state and rethrows
                engine.restore(mark, 0);
                oracle.unwind(oracleFrames, 0);
                throw e;
            }
        }

        private void run(List<Stmt> body, long mark, int oracleFrames, int loops) {
            for (Stmt s : body) {
                if (++events > MAX_EVENTS) {
                    return;
                }
                if (s instanceof Access a) {
                    if (a.store()) {
                        engine.store(locations[a.location()], a.site());
                    } else {
                        engine.load(locations[a.location()], a.site());
                    }
                    oracle.access(0, a.location(), a.site(), a.store());
                } else if (s instanceof Loop l) {
                    engine.enterLoop(l.loop());
                    oracle.enterLoop(l.loop());
                    for (int i = 0; i < l.trips(); i++) {
                        run(l.body(), mark, oracleFrames, loops + 1);
                        if (i + 1 < l.trips()) {
                            engine.nextIteration();
                            oracle.nextIteration();
                        }
                    }
                    engine.exitLoop();
                    oracle.exitLoop();
                } else if (s instanceof Call c) {
                    if (frames >= MAX_FRAMES) {
                        continue;
                    }
                    engine.enterCall(c.site(), c.method());
                    oracle.enterCall(c.site(), c.method());
                    frames++;
                    try {
                        method(c.method());
                    } finally {
                        frames--;
                    }
                    engine.exitCall();
                    oracle.exitCall();
                } else if (s instanceof Try t) {
                    int savedFrames = frames;
                    try {
                        run(t.body(), mark, oracleFrames, loops);
                    } catch (Thrown e) {
                        frames = savedFrames;
                        engine.restore(mark, loops);
                        oracle.unwind(oracleFrames, loops);
                    }
                } else if (s instanceof Throw th) {
                    if (random.nextInt(100) < th.percent()) {
                        throw new Thrown();
                    }
                }
            }
        }
    }

    static Map<String, String> engineView(DepProfiler p) {
        List<ContextNode> nodes = p.contexts();
        Map<String, String> out = new TreeMap<>();
        for (Dependence d : p.dependences()) {
            String key = d.type() + " " + d.srcSite() + "@" + path(nodes, d.srcContext()) + " -> " + d.dstSite() + "@"
                    + path(nodes, d.dstContext()) + (d.crossThread() ? " cross" : "");
            Map<String, Integer> rel = new TreeMap<>();
            for (int i = 0; i < d.loops().length; i++) {
                rel.put(p.mode() == DepMode.CAMP ? path(nodes, d.loops()[i]) : "L" + d.loops()[i], (int) d.relations()[i]);
            }
            out.put(key, d.count() + " " + rel);
        }
        return out;
    }

    static String path(List<ContextNode> nodes, int id) {
        if (id < 0) {
            return "-";
        }
        StringBuilder b = new StringBuilder();
        for (ContextNode n = nodes.get(id); n.parent() >= 0; n = nodes.get(n.parent())) {
            b.insert(0, (b.length() > 0 ? "/" : ""));
            b.insert(0, (n.kind() == ContextNode.Kind.CALL ? "C" : "L") + n.site());
        }
        return b.toString();
    }

    static Map<String, String> oracleView(Oracle o) {
        Map<String, String> out = new TreeMap<>();
        o.dependences().forEach((k, v) -> out.put(k, v[0] + " " + v[1]));
        return out;
    }

    /** The site of the store that seals location 3 (a constructor's, before the entry method runs). */
    static final int SEALING_SITE = 9_999;

    static void check(long seed, DepMode mode) {
        check(new Program(seed), seed, mode);
    }

    static void check(Program program, long seed, DepMode mode) {
        DepProfiler p = new DepProfiler(mode, cs -> 10_000 + cs);
        Oracle o = new Oracle(mode == DepMode.CAMP, cs -> 10_000 + cs);
        Runner r = new Runner(program, p.newThread(), o, seed * 31 + 7);
        if (program.sealed) {
            r.engine.sealingStore(r.locations[3], SEALING_SITE);
            o.access(0, 3, SEALING_SITE, true);
        }
        try {
            r.method(0);
        } catch (Thrown e) {
            // escaped the entry method: the thread ends
        }
        Map<String, String> want = oracleView(o);
        Map<String, String> got = engineView(p);
        if (!want.equals(got)) {
            StringBuilder diff = new StringBuilder("seed " + seed + " " + mode + ":");
            java.util.Set<String> keys = new java.util.TreeSet<>(want.keySet());
            keys.addAll(got.keySet());
            for (String k : keys) {
                if (!java.util.Objects.equals(want.get(k), got.get(k))) {
                    diff.append("\n  ").append(k).append("\n    oracle ").append(want.get(k)).append("\n    engine ").append(got.get(k));
                }
            }
            throw new AssertionError(diff.toString());
        }
        Map<String, String> loops = new TreeMap<>();
        List<ContextNode> nodes = p.contexts();
        for (LoopRecord l : p.loops()) {
            loops.put(l.loop() + "|" + (mode == DepMode.CAMP ? path(nodes, l.context()) : "-"), l.invocations() + "," + l.iterations());
        }
        Map<String, String> expected = new TreeMap<>();
        o.loopRecords.forEach((k, v) -> expected.put(k, v[0] + "," + v[1]));
        assertEquals(expected, loops, "loop records, seed " + seed + " " + mode);
    }

    @Property(tries = 100)
    void campMatchesTheOracle(@ForAll long seed) {
        check(seed, DepMode.CAMP);
    }

    @Property(tries = 100)
    void lampMatchesTheOracle(@ForAll long seed) {
        check(seed, DepMode.LAMP);
    }

    /**
     * Mostly loads: a location's history holds many (site, context) keys at once, so the history
     * finds a key's entries through its index and collapses long chains.
     */
    @Property(tries = 100)
    void readMostlyProgramsMatchTheOracle(@ForAll long seed) {
        check(new Program(seed, 8, false), seed, DepMode.CAMP);
        check(new Program(seed, 8, false), seed, DepMode.LAMP);
    }

    /**
     * A final field's location, sealed by its one store and then read from everywhere: its loads keep
     * no entry, and the dependences are still exactly the oracle's (which keeps every access).
     */
    @Property(tries = 100)
    void sealedLocationsMatchTheOracle(@ForAll long seed) {
        check(new Program(seed, 30, true), seed, DepMode.CAMP);
        check(new Program(seed, 30, true), seed, DepMode.LAMP);
    }

    @Test
    void someFixedSeeds() {
        for (long seed = 0; seed < 100; seed++) {
            check(seed, DepMode.CAMP);
            check(seed, DepMode.LAMP);
        }
    }
}
