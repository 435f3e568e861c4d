package io.loupe.runtime.dump;

import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.AbsintProfile;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteProfile;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The baseline of live dumps with reset: whatever a series of dumps read — each counter read at
 * or below its true value, a part left out now and then (read as less than before) — the profiles
 * since each reset, and the one at exit (read whole), add up counter by counter to the whole run.
 */
class BaselineProperties {

    /** Counters of the model run: path counts of 2 methods, 2 dependences, 2 loops, 2 value sites, 1 stat. */
    private static final int COUNTERS = 11;

    @Property(tries = 300)
    void profilesSinceEachResetAddUpToTheWholeRun(@ForAll @Size(min = 1, max = 8) List<@IntRange(max = 1000) Integer> steps,
                                                  @ForAll long seed) {
        Random random = new Random(seed);
        long[] truth = new long[COUNTERS];
        long[] sum = new long[COUNTERS];
        Baseline baseline = null;
        for (int dump = 0; dump <= steps.size(); dump++) {
            boolean atExit = dump == steps.size();
            if (!atExit) {
                for (int c = 0; c < COUNTERS; c++) {
                    truth[c] += random.nextInt(steps.get(dump) + 1);
                }
            }
            long[] read = truth.clone();
            if (!atExit) {   // a live dump may read a part short: left out, or copied before its latest counts
                for (int c = 0; c < COUNTERS; c++) {
                    if (random.nextInt(4) == 0) {
                        read[c] = random.nextInt((int) read[c] + 1);
                    }
                }
            }
            Profile now = profile(read);
            Profile since = baseline == null ? now : baseline.since(now, new int[0], !atExit);
            long[] got = counters(since);
            for (int c = 0; c < COUNTERS; c++) {
                assertTrue(got[c] >= 0);
                sum[c] += got[c];
            }
            if (baseline == null) {
                baseline = new Baseline();
                baseline.since(now, new int[0], true);
            }
        }
        assertEquals(Arrays.toString(truth), Arrays.toString(sum));
    }

    @Property(tries = 200)
    void forestsSinceEachResetAddUpNodeByNode(@ForAll @Size(min = 1, max = 6) List<@IntRange(max = 50) Integer> steps,
                                              @ForAll long seed, @ForAll @IntRange(max = 7) int prunedFrom) {
        Random random = new Random(seed);
        // roots 7/1 and 7/2, children of the first 7/1/3 and 7/1/4, and a residual root 7/1 (pruned counts)
        int[] parent = {-1, 0, 0, -1, -1};
        int[] label = {1, 3, 4, 2, 1};
        long[] truth = new long[parent.length];
        long[] sum = new long[parent.length];
        Baseline baseline = new Baseline();
        for (int dump = 0; dump <= steps.size(); dump++) {
            boolean atExit = dump == steps.size();
            // the forest grows by a node a dump (the runtime appends), and is pruned from some dump on
            // (a count of pruned nodes: the baseline then matches nodes by their paths)
            int visible = Math.min(parent.length, 2 + dump);
            if (!atExit) {
                for (int i = 0; i < visible; i++) {
                    truth[i] += random.nextInt(steps.get(dump) + 1);
                }
            }
            boolean leftOut = !atExit && random.nextInt(3) == 0;   // the thread's forest kept changing
            int n = atExit ? parent.length : visible;
            List<SlabForest> forests = leftOut ? List.of()
                    : List.of(new SlabForest("t", 2, Arrays.copyOf(parent, n), Arrays.copyOf(new int[] {7, 7, 7, 7, 7}, n),
                            Arrays.copyOf(label, n), Arrays.copyOf(truth, n), dump >= prunedFrom ? 1 : 0, 0));
            Profile now = new Profile(null, List.of(), List.of(), forests, Map.of(), List.of());
            Profile since = baseline.since(now, leftOut ? new int[0] : new int[] {0}, !atExit);
            for (SlabForest f : since.forests()) {
                for (int i = 0; i < f.size(); i++) {
                    assertTrue(f.parent()[i] < i);
                    sum[node(f, i)] += f.count()[i];
                }
            }
        }
        // a profile since a reset may hold one of the two roots labelled 1 without the other: they
        // are told apart by their children only, and the k-IPF adds them up anyway
        truth[0] += truth[4];
        truth[4] = 0;
        assertEquals(Arrays.toString(truth), Arrays.toString(sum));
    }

    /** Which node of the model forest node {@code i} of {@code f} is (both roots labelled 1 are node 0). */
    private static int node(SlabForest f, int i) {
        if (f.parent()[i] >= 0) {
            return f.label()[i] == 3 ? 1 : 2;
        }
        return f.label()[i] == 2 ? 3 : 0;
    }

    private static Profile profile(long[] c) {
        List<PathCounts> counts = List.of(new PathCounts(0, new long[] {0, 5}, new long[] {c[0], c[1]}),
                new PathCounts(1, new long[] {2}, new long[] {c[2]}));
        List<Dependence> deps = List.of(
                new Dependence(DepType.RAW, 1, 0, 2, 0, c[3], false, new int[] {4}, new byte[] {Dependence.INTER}),
                new Dependence(DepType.WAR, 2, 0, 1, 0, c[4], true, new int[0], new byte[0]));
        List<LoopRecord> loops = List.of(new LoopRecord(4, 0, c[5], c[6]), new LoopRecord(5, 3, c[7], 0));
        List<ValueSiteProfile> values = List.of(
                new ValueSiteProfile(0, c[8], c[8], c[8], c[8], 0, new String[] {"1"}, new long[] {c[8]},
                        new long[] {c[8]}, 0, 0),
                new ValueSiteProfile(1, c[9], c[9], c[9], c[9], 0, new String[0], new long[0], new long[0], 0, 0));
        DepsProfile d = new DepsProfile("camp", List.of(), List.of(), List.of(), List.of(), loops, deps, AbsintProfile.NONE);
        return new Profile(null, List.of(), counts, List.of(), Map.of(StatKeys.DEPS_ACCESSES, c[10]), List.of(),
                List.of(), values, d);
    }

    /** The model's counters as {@code p} holds them (absent: 0). */
    private static long[] counters(Profile p) {
        long[] c = new long[COUNTERS];
        for (PathCounts pc : p.counts()) {
            for (int i = 0; i < pc.ids().length; i++) {
                c[pc.methodId() == 1 ? 2 : pc.ids()[i] == 0 ? 0 : 1] += pc.counts()[i];
            }
        }
        for (Dependence d : p.deps().dependences()) {
            c[d.type() == DepType.RAW ? 3 : 4] += d.count();
        }
        for (LoopRecord r : p.deps().loopRecords()) {
            if (r.loop() == 4) {
                c[5] += r.invocations();
                c[6] += r.iterations();
            } else {
                c[7] += r.invocations();
            }
        }
        for (ValueSiteProfile v : p.values()) {
            c[v.siteId() == 0 ? 8 : 9] += v.executed();
        }
        c[10] = p.stats().getOrDefault(StatKeys.DEPS_ACCESSES, 0L);
        return c;
    }
}
