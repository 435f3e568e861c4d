package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.NestModel;
import io.loupe.data.deps.NestModel.Affine;
import io.loupe.runtime.absint.NestAnalysis;
import io.loupe.runtime.absint.NestProgram;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The summary of a decided nest against the same invocation traced, on random nests: one to four
 * loops, nested or side by side, counted up or down by 1 or 2, starts and bounds constant or
 * linear in an enclosing loop's variable (triangular nests); sites loading and storing elements at
 * random linear indices, in two arrays that are sometimes one (aliased arguments), and in the rows
 * of a jagged array loaded in the nest, one row of which is sometimes another's. Both profiles —
 * every dependence with its count and loop relations, every loop record, the access count — must
 * be equal in camp and lamp mode, the nest invoked twice in a driver loop. The accesses a summary
 * says, before it runs, that its replay will make are the ones it makes.
 */
class NestSummaryProperties {

    /** A random nest and its inputs. */
    record Case(NestModel model, long[] ints, Object[] refs, String shape) {
        @Override
        public String toString() {
            return shape;
        }
    }

    @Provide
    Arbitrary<Case> nests() {
        return Arbitraries.longs().map(seed -> build(new Random(seed)));
    }

    @Property(tries = 400)
    void aDecidedNestProfilesAsTraced(@ForAll("nests") Case c) {
        NestProgram p = new NestProgram(c.model());
        boolean decided = NestAnalysis.analyze(p, c.ints(), c.refs()).decided();
        Statistics.collect(decided ? "decided" : "fallback");
        Assume.that(decided);
        for (DepMode mode : DepMode.values()) {
            NestReplay.Profile traced = NestReplay.run(c.model(), c.ints(), c.refs(), mode, false, 2);
            NestReplay.replayed = 0;
            NestReplay.actual = 0;
            NestReplay.Profile summary = NestReplay.run(c.model(), c.ints(), c.refs(), mode, true, 2);
            assertEquals(NestReplay.actual, NestReplay.replayed, "the replay's accesses as measured before it");
            assertEquals(String.join("\n", traced.dependences()), String.join("\n", summary.dependences()),
                    mode.id() + " " + c.shape());
            assertEquals(traced.loops(), summary.loops(), mode.id() + " " + c.shape());
            assertEquals(traced.accesses(), summary.accesses(), mode.id() + " " + c.shape());
        }
    }

    // inputs: 0 = A, 1 = B (A itself when aliased), 2 = S (a spine of rows)
    private static final int INPUTS = 3;

    static Case build(Random r) {
        StringBuilder shape = new StringBuilder();
        int loopCount = 1 + r.nextInt(4);
        List<Integer> parents = new ArrayList<>();
        parents.add(-1);
        for (int l = 1; l < loopCount; l++) {
            parents.add(r.nextInt(l));   // any earlier loop: chains and siblings
        }
        // bodies: items in order; sites are placed below
        List<List<Integer>> bodies = new ArrayList<>();
        for (int l = 0; l < loopCount; l++) {
            bodies.add(new ArrayList<>());
        }
        for (int l = 1; l < loopCount; l++) {
            bodies.get(parents.get(l)).add(-1 - l);
        }
        List<NestModel.Site> sites = new ArrayList<>();
        TreeMap<Integer, int[]> placed = new TreeMap<>();   // site -> loop, position
        boolean rows = r.nextInt(3) == 0;
        int rowLoader = -1;
        if (rows) {
            int l = r.nextInt(loopCount);
            rowLoader = sites.size();
            sites.add(new NestModel.Site(rowLoader, false, NestModel.RefKind.INPUT, 2,
                    index(r, l, parents, 2, 3), true));
            bodies.get(l).add(0, rowLoader);
            placed.put(rowLoader, new int[] {l});
        }
        int siteCount = 1 + r.nextInt(5);
        for (int k = 0; k < siteCount; k++) {
            int l;
            boolean inRow = rowLoader >= 0 && r.nextBoolean();
            if (inRow) {
                // the loader's loop or one inside it, after the loader
                int loaderLoop = placed.get(rowLoader)[0];
                List<Integer> inside = new ArrayList<>();
                for (int x = 0; x < loopCount; x++) {
                    for (int y = x; y >= 0; y = parents.get(y)) {
                        if (y == loaderLoop) {
                            inside.add(x);
                            break;
                        }
                    }
                }
                l = inside.get(r.nextInt(inside.size()));
            } else {
                l = r.nextInt(loopCount);
            }
            int id = sites.size();
            boolean store = r.nextBoolean();
            NestModel.RefKind kind = inRow ? NestModel.RefKind.LOADED : NestModel.RefKind.INPUT;
            int ref = inRow ? rowLoader : r.nextInt(2);
            sites.add(new NestModel.Site(id, store, kind, ref, index(r, l, parents, 30, 2), false));
            List<Integer> body = bodies.get(l);
            int from = inRow && l == placed.get(rowLoader)[0] ? body.indexOf(rowLoader) + 1 : 0;
            body.add(from + r.nextInt(body.size() - from + 1), id);
        }
        List<NestModel.Loop> loops = new ArrayList<>();
        for (int l = 0; l < loopCount; l++) {
            int parent = parents.get(l);
            boolean down = r.nextInt(4) == 0;
            int step = (down ? -1 : 1) * (r.nextInt(3) == 0 ? 2 : 1);
            Affine init;
            Affine bound;
            boolean triangular = parent >= 0 && r.nextInt(3) == 0;
            if (!down) {
                init = parent < 0 ? new Affine(new int[] {3}, new int[] {1}, 0) : triangular && r.nextBoolean()
                        ? new Affine(new int[] {INPUTS + 1 + parent}, new int[] {1}, 0) : constant(r.nextInt(3));
                bound = triangular ? new Affine(new int[] {INPUTS + 1 + parent}, new int[] {1}, r.nextInt(3))
                        : constant(r.nextInt(7));
            } else {
                init = parent < 0 ? new Affine(new int[] {3}, new int[] {1}, 0) : constant(3 + r.nextInt(5));
                bound = triangular ? new Affine(new int[] {INPUTS + 1 + parent}, new int[] {1}, -r.nextInt(2))
                        : constant(-1 + r.nextInt(3));
            }
            NestModel.Stay stay = down ? (r.nextBoolean() ? NestModel.Stay.GT : NestModel.Stay.GE)
                    : (r.nextBoolean() ? NestModel.Stay.LT : NestModel.Stay.LE);
            loops.add(new NestModel.Loop(1000 + l, parent, 10 + l, init, step, stay, bound,
                    bodies.get(l).stream().mapToInt(Integer::intValue).toArray()));
        }
        boolean aliased = r.nextInt(3) == 0;
        double[] a = new double[80];
        double[] b = aliased ? a : new double[80];
        Object[] spine = new Object[8];
        for (int i = 0; i < spine.length; i++) {
            spine[i] = new double[80];
        }
        boolean aliasedRow = rows && r.nextBoolean();
        if (aliasedRow) {
            spine[5] = spine[3];
        }
        List<NestModel.Input> inputs = List.of(new NestModel.Input(0, NestModel.InputKind.REFERENCE, "a"),
                new NestModel.Input(1, NestModel.InputKind.REFERENCE, "b"),
                new NestModel.Input(2, NestModel.InputKind.REFERENCE, "s"),
                new NestModel.Input(3, NestModel.InputKind.INT, "i0"));
        long start = loops.get(0).step() > 0 ? r.nextInt(3) : 3 + r.nextInt(5);
        // the root's start is input 3; the loops' variables follow the four inputs
        NestModel model = new NestModel(0, inputs, loops, sites);
        shape.append(loops).append(' ').append(sites).append(aliased ? " aliased" : "").append(aliasedRow ? " aliased-row" : "")
                .append(" start ").append(start);
        return new Case(model, new long[] {0, 0, 0, start}, new Object[] {a, b, spine, null}, shape.toString());
    }

    private static Affine constant(int c) {
        return new Affine(new int[0], new int[0], c);
    }

    /** A random linear form of the variables of loop {@code l} and the loops around it, plus {@code offset}. */
    private static Affine index(Random r, int l, List<Integer> parents, int offset, int maxCoef) {
        TreeMap<Integer, Integer> terms = new TreeMap<>();
        for (int x = l; x >= 0; x = parents.get(x)) {
            int c = r.nextInt(maxCoef + 2) - 1;   // -1 .. maxCoef
            if (c != 0) {
                terms.put(INPUTS + 1 + x, c);
            }
        }
        int[] vars = terms.keySet().stream().mapToInt(Integer::intValue).toArray();
        int[] coefs = terms.values().stream().mapToInt(Integer::intValue).toArray();
        return new Affine(vars, coefs, offset + r.nextInt(5) - 2);
    }
}
