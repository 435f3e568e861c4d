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

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What the profile held at the last reset of a live dump ({@code loupe dump --reset}), so that
 * later profiles hold only what happened since: {@link #since} subtracts it. Nothing in the
 * runtime is zeroed — its counters belong to threads that go on running, and a store racing
 * with theirs would lose counts — so a reset costs the program nothing and loses nothing.
 *
 * <p><b>Why the sums come out whole.</b> Every count the runtime keeps only grows, and a dump
 * reads each at some moment while it runs. The baseline keeps, per counter, the largest value any
 * reset dump read of it, and a profile reports {@code max(0, now - baseline)}. A reset dump that
 * could not read a part (a recorder that kept changing, {@code dump.leftOut}) reads less than
 * there is; the clamp then reports 0 for it and the baseline keeps the larger reading, so what it
 * missed comes in a later profile, once. The reset dumps and the profile written at exit
 * therefore add up to the whole run's counts, counter by counter: path counts, value site
 * executions, dependence counts, loop invocations and iterations, and the events counted in the
 * stats. Two exceptions, documented in docs/live-dumps.md: a k-slab forest pruned between two
 * dumps has moved cold counts into its pruned total, and a value's count in a TNV table is not
 * monotone (the table clears its bottom half), so a reset dump's value counts are lower bounds
 * (stat {@code dump.sinceReset}).
 *
 * <p>What does not add is kept as the latest dump read it: the metadata (ids are stable within
 * a JVM: registries only grow), a dependence's relation bits (seen at any time up to the dump),
 * settings and sizes.
 */
final class Baseline {

    /** Stats that count events, which a profile since a reset counts since it; the others describe the run or the profile. */
    static final Set<String> EVENTS = Set.of(StatKeys.PATHS_HASH_OPS, StatKeys.PATHS_STREAM_ITEMS,
            StatKeys.PATHS_PRUNED_NODES, StatKeys.PATHS_PRUNES, StatKeys.VALUES_EXECUTED,
            StatKeys.VALUES_ESTIMATED_EXECUTED, StatKeys.VALUES_PROFILED, StatKeys.VALUES_QUIET_METHOD_ACTIVATIONS,
            StatKeys.VALUES_QUIET_ACTIVATIONS, StatKeys.VALUES_QUIET_METHOD_ITERATIONS, StatKeys.VALUES_QUIET_ITERATIONS,
            StatKeys.VALUES_QUIET_PERIODS, StatKeys.VALUES_FROZEN_PERIODS, StatKeys.VALUES_THAW_BURSTS,
            StatKeys.DEPS_ACCESSES, StatKeys.DEPS_OBJECTS, StatKeys.DEPS_FIELD_SHADOWS, StatKeys.INSTRUMENT_CLASSES,
            StatKeys.INSTRUMENT_REWRITTEN, StatKeys.INSTRUMENT_MILLIS);

    private final Map<PathKey, Long> paths = new HashMap<>();
    private final Map<Integer, ForestBase> forests = new HashMap<>();
    private final Map<Integer, SiteBase> values = new HashMap<>();
    private final Map<DepKey, Long> dependences = new HashMap<>();
    private final Map<LoopKey, long[]> loops = new HashMap<>();
    private final Map<Integer, NestBase> nests = new HashMap<>();
    private final Map<String, Long> stats = new HashMap<>();

    private record PathKey(int method, long id) {
    }

    private record DepKey(DepType type, int srcSite, int srcContext, int dstSite, int dstContext, boolean cross) {
    }

    private record LoopKey(int loop, int context) {
    }

    /**
     * {@code now} less this baseline; when {@code advance} (a reset), the baseline then takes in
     * {@code now}. {@code forestThreads[i]} is the thread whose forest {@code now.forests().get(i)}
     * is: the threads' ordinals of registration, stable for the life of the JVM.
     */
    Profile since(Profile now, int[] forestThreads, boolean advance) {
        List<PathCounts> counts = pathCounts(now.counts(), advance);
        List<SlabForest> forestsSince = new ArrayList<>();
        long forestNodes = 0;
        for (int i = 0; i < now.forests().size(); i++) {
            SlabForest f = forests.computeIfAbsent(forestThreads[i], t -> new ForestBase()).since(now.forests().get(i), advance);
            if (f.size() > 0) {
                forestsSince.add(f);
                forestNodes += f.size();
            }
        }
        List<ValueSiteProfile> valuesSince = new ArrayList<>();
        int tableSize = tableSize(now);
        for (ValueSiteProfile v : now.values()) {
            ValueSiteProfile d = values.computeIfAbsent(v.siteId(), s -> new SiteBase()).since(v, advance, tableSize);
            if (d != null) {
                valuesSince.add(d);
            }
        }
        DepsProfile deps = deps(now.deps(), advance);
        Map<String, Long> statsSince = new LinkedHashMap<>();
        for (Map.Entry<String, Long> e : now.stats().entrySet()) {
            String key = e.getKey();
            statsSince.put(key, EVENTS.contains(key) ? grown(stats, key, e.getValue(), advance) : e.getValue());
        }
        if (statsSince.containsKey(StatKeys.PATHS_FOREST_NODES)) {
            statsSince.put(StatKeys.PATHS_FOREST_NODES, forestNodes);
        }
        if (statsSince.containsKey(StatKeys.VALUES_SITES_RUN)) {
            statsSince.put(StatKeys.VALUES_SITES_RUN, (long) valuesSince.size());
            recountValues(valuesSince, statsSince);
        }
        if (statsSince.containsKey(StatKeys.DEPS_DEPENDENCES)) {
            statsSince.put(StatKeys.DEPS_DEPENDENCES, (long) deps.dependences().size());
        }
        statsSince.put(StatKeys.DUMP_SINCE_RESET, 1L);
        return new Profile(now.header(), now.methods(), counts, forestsSince, statsSince, now.warnings(),
                now.valueSites(), valuesSince, deps);
    }

    /**
     * The value profile's totals of a profile since a reset, summed over its sites as
     * {@code ValueCollector.stats} sums them: under convergent profiling a site's figures are
     * clamped one by one (an estimate since at least what was counted since), so the totals'
     * own differences would not add up to the sites'.
     */
    private static void recountValues(List<ValueSiteProfile> values, Map<String, Long> stats) {
        long executed = 0;
        long counted = 0;
        long profiled = 0;
        for (ValueSiteProfile v : values) {
            executed += v.executed();
            counted += Math.max(0, v.counted());
            profiled += v.profiled();
        }
        boolean convergent = stats.getOrDefault(StatKeys.VALUES_CONVERGENT, 0L) != 0;
        stats.put(StatKeys.VALUES_EXECUTED, convergent ? counted : executed);
        if (stats.containsKey(StatKeys.VALUES_ESTIMATED_EXECUTED)) {
            stats.put(StatKeys.VALUES_ESTIMATED_EXECUTED, executed);
        }
        stats.put(StatKeys.VALUES_PROFILED, profiled);
    }

    /** The entries of a TNV table in the run that wrote {@code p}. */
    private static int tableSize(Profile p) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, p.stats().getOrDefault(StatKeys.VALUES_TABLE_SIZE, 64L)));
    }

    /**
     * {@code live} with each value site's values cut back to the table size, best first (a live
     * dump collects them all for the baseline, {@code ValueCollector}); a profile of another kind
     * is returned as it is.
     */
    static Profile tablesCut(Profile live) {
        int tableSize = tableSize(live);
        if (live.values().stream().noneMatch(v -> v.values().length > tableSize)) {
            return live;
        }
        List<ValueSiteProfile> cut = new ArrayList<>();
        for (ValueSiteProfile v : live.values()) {
            int n = Math.min(tableSize, v.values().length);   // already in the table's order
            cut.add(new ValueSiteProfile(v.siteId(), v.executed(), v.counted(), v.profiled(), v.weight(), v.mrvHits(),
                    Arrays.copyOf(v.values(), n), Arrays.copyOf(v.counts(), n),
                    v.profiledCounts() == null ? null : Arrays.copyOf(v.profiledCounts(), n), v.switchedOff(),
                    v.switchedOn(), v.timeline()));
        }
        return new Profile(live.header(), live.methods(), live.counts(), live.forests(), live.stats(), live.warnings(),
                live.valueSites(), cut, live.deps());
    }

    /** {@code now - had}, at least 0, with {@code had} raised to {@code now} when advancing. */
    private static <K> long grown(Map<K, Long> base, K key, long now, boolean advance) {
        long had = base.getOrDefault(key, 0L);
        if (advance && now > had) {
            base.put(key, now);
        }
        return Math.max(0, now - had);
    }

    private List<PathCounts> pathCounts(List<PathCounts> now, boolean advance) {
        List<PathCounts> out = new ArrayList<>();
        for (PathCounts pc : now) {
            long[] ids = new long[pc.ids().length];
            long[] counts = new long[ids.length];
            int n = 0;
            for (int i = 0; i < ids.length; i++) {
                long d = grown(paths, new PathKey(pc.methodId(), pc.ids()[i]), pc.counts()[i], advance);
                if (d > 0) {
                    ids[n] = pc.ids()[i];
                    counts[n++] = d;
                }
            }
            if (n > 0) {
                out.add(new PathCounts(pc.methodId(), Arrays.copyOf(ids, n), Arrays.copyOf(counts, n)));
            }
        }
        return out;
    }

    private DepsProfile deps(DepsProfile now, boolean advance) {
        if (now.mode() == null) {
            return now;
        }
        List<Dependence> deps = new ArrayList<>();
        for (Dependence d : now.dependences()) {
            DepKey key = new DepKey(d.type(), d.srcSite(), d.srcContext(), d.dstSite(), d.dstContext(), d.crossThread());
            long since = grown(dependences, key, d.count(), advance);
            if (since > 0) {
                deps.add(new Dependence(d.type(), d.srcSite(), d.srcContext(), d.dstSite(), d.dstContext(), since,
                        d.crossThread(), d.loops(), d.relations()));
            }
        }
        List<LoopRecord> records = new ArrayList<>();
        for (LoopRecord r : now.loopRecords()) {
            long[] had = loops.computeIfAbsent(new LoopKey(r.loop(), r.context()), k -> new long[3]);
            long[] at = {r.invocations(), r.iterations(), r.decidedInvocations()};
            long[] since = new long[3];
            for (int i = 0; i < 3; i++) {
                since[i] = Math.max(0, at[i] - had[i]);
                if (advance) {
                    had[i] = Math.max(had[i], at[i]);
                }
            }
            if (since[0] > 0 || since[1] > 0) {
                records.add(new LoopRecord(r.loop(), r.context(), since[0], since[1], since[2]));
            }
        }
        AbsintProfile absint = now.absint();
        if (absint.enabled()) {
            List<AbsintProfile.NestRecord> nestsSince = new ArrayList<>();
            for (AbsintProfile.NestRecord r : absint.nests()) {
                nestsSince.add(nests.computeIfAbsent(r.nest(), k -> new NestBase()).since(r, advance));
            }
            absint = new AbsintProfile(true, absint.ineligible(), nestsSince);
        }
        return new DepsProfile(now.mode(), now.sites(), now.loops(), now.calls(), now.contexts(), records, deps, absint);
    }

    /**
     * One thread's forest at the last reset. While the forest has never been pruned its nodes keep
     * their indices (the runtime only appends), so the baseline is the forest's arrays, node by
     * node: 20 bytes a node and one pass. Once a prune has renumbered them, it is a trie of the
     * nodes' paths (about 80 bytes a node), made from the arrays the first time.
     */
    private static final class ForestBase {

        /** A node: its parent's index here (-1 for a root), method and label, and which of equal siblings it is. */
        private record NodeKey(int parent, int method, int label, int twin) {
        }

        // node by node, until the forest is first seen pruned (then null)
        private int[] parentAt = new int[0];
        private int[] methodAt = new int[0];
        private int[] labelAt = new int[0];
        private long[] countAt = new long[0];
        private boolean indexed = true;

        private final Map<NodeKey, Integer> index = new HashMap<>();
        private long[] count = new long[16];
        private int size;
        private long pruned;
        private long prunedCount;

        /**
         * {@code now} less this baseline, nodes without counts since left out unless a descendant
         * has some.
         */
        SlabForest since(SlabForest now, boolean advance) {
            if (indexed && now.pruned() == 0 && prefixMatches(now)) {
                return sinceByIndex(now, advance);
            }
            if (indexed) {   // the first prune: the trie takes over from the arrays
                indexed = false;
                if (countAt.length > 0) {
                    byPath(new SlabForest(now.thread(), now.k(), parentAt, methodAt, labelAt, countAt, 0, 0), true);
                }
                parentAt = methodAt = labelAt = null;
                countAt = null;
            }
            return byPath(now, advance);
        }

        /** True if the baseline's nodes are the first nodes of {@code now}, in the same places. */
        private boolean prefixMatches(SlabForest now) {
            int n = countAt.length;
            if (now.size() < n) {
                return false;
            }
            for (int i = 0; i < n; i++) {
                if (now.parent()[i] != parentAt[i] || now.label()[i] != labelAt[i] || now.method()[i] != methodAt[i]) {
                    return false;
                }
            }
            return true;
        }

        private SlabForest sinceByIndex(SlabForest now, boolean advance) {
            int n = now.size();
            int had = countAt.length;
            long[] since = new long[n];
            for (int i = 0; i < n; i++) {
                since[i] = i < had ? Math.max(0, now.count()[i] - countAt[i]) : now.count()[i];
            }
            if (advance) {
                long[] counts = Arrays.copyOf(countAt, n);
                for (int i = 0; i < n; i++) {
                    counts[i] = Math.max(counts[i], now.count()[i]);
                }
                parentAt = now.parent().clone();
                methodAt = now.method().clone();
                labelAt = now.label().clone();
                countAt = counts;
            }
            return kept(now, since, 0, 0);
        }

        /**
         * {@link #since} by the nodes' paths. A snapshot may hold two roots of one label (a root and
         * the residual counter of its pruned nodes): they are told apart by their order ({@code twin}).
         */
        private SlabForest byPath(SlabForest now, boolean advance) {
            int n = now.size();
            int[] here = new int[n];   // the node's index in this baseline, -1 if absent
            long[] since = new long[n];
            Map<NodeKey, Integer> twins = new HashMap<>();
            for (int i = 0; i < n; i++) {
                int p = now.parent()[i];
                int parentHere = p < 0 ? -1 : here[p];
                if (p >= 0 && parentHere < 0) {
                    // a node under one the baseline lacks is new too, unless advancing adds them
                    here[i] = -1;
                    since[i] = now.count()[i];
                    continue;
                }
                // twins are roots (the children of a node differ in label): only roots are counted
                int twin = p >= 0 ? 0 : twins.merge(new NodeKey(-1, now.method()[i], now.label()[i], 0), 1, Integer::sum) - 1;
                NodeKey key = new NodeKey(parentHere, now.method()[i], now.label()[i], twin);
                Integer at = index.get(key);
                long had = at == null ? 0 : count[at];
                since[i] = Math.max(0, now.count()[i] - had);
                if (advance) {
                    if (at == null) {
                        at = add(key);
                    }
                    count[at] = Math.max(had, now.count()[i]);
                }
                here[i] = at == null ? -1 : at;
            }
            long prunedSince = Math.max(0, now.pruned() - pruned);
            long prunedCountSince = Math.max(0, now.prunedCount() - prunedCount);
            if (advance) {
                pruned = Math.max(pruned, now.pruned());
                prunedCount = Math.max(prunedCount, now.prunedCount());
            }
            return kept(now, since, prunedSince, prunedCountSince);
        }

        private int add(NodeKey key) {
            if (size == count.length) {
                count = Arrays.copyOf(count, size * 2);
            }
            index.put(key, size);
            return size++;
        }

        /** The nodes with counts since, and their ancestors, renumbered in the same order. */
        private static SlabForest kept(SlabForest now, long[] since, long pruned, long prunedCount) {
            int n = now.size();
            boolean[] keep = new boolean[n];
            for (int i = n - 1; i >= 0; i--) {
                keep[i] |= since[i] > 0;
                if (keep[i] && now.parent()[i] >= 0) {
                    keep[now.parent()[i]] = true;
                }
            }
            int[] renumbered = new int[n];
            int kept = 0;
            for (int i = 0; i < n; i++) {
                renumbered[i] = keep[i] ? kept++ : -1;
            }
            int[] parent = new int[kept];
            int[] method = new int[kept];
            int[] label = new int[kept];
            long[] count = new long[kept];
            for (int i = 0; i < n; i++) {
                int j = renumbered[i];
                if (j >= 0) {
                    parent[j] = now.parent()[i] < 0 ? -1 : renumbered[now.parent()[i]];
                    method[j] = now.method()[i];
                    label[j] = now.label()[i];
                    count[j] = since[i];
                }
            }
            return new SlabForest(now.thread(), now.k(), parent, method, label, count, pruned, prunedCount);
        }
    }

    /** One value site at the last reset: its counters and its values' counts, the largest read. */
    private static final class SiteBase {

        private final long[] counters = new long[7];
        private final Map<String, long[]> values = new HashMap<>();

        /**
         * {@code now} less this baseline, or null if the site did not run since. The values' counts
         * since are lower bounds: a value the table dropped and took again since restarted its
         * count. The values are ordered by their counts since, as a table orders them, and cut back
         * to {@code tableSize}; a value's profiled count is at most its count, and theirs add up to
         * at most the site's profiled executions (as in any profile: counters read apart could
         * otherwise say more). The on/off timeline, a record from the start of the run, is left out.
         */
        ValueSiteProfile since(ValueSiteProfile now, boolean advance, int tableSize) {
            long[] at = {now.executed(), now.counted(), now.profiled(), now.weight(), now.mrvHits(), now.switchedOff(),
                    now.switchedOn()};
            long[] since = new long[at.length];
            for (int i = 0; i < at.length; i++) {
                since[i] = Math.max(0, at[i] - counters[i]);
                if (advance) {
                    counters[i] = Math.max(counters[i], at[i]);
                }
            }
            int n = now.values().length;
            String[] vs = new String[n];
            long[] cs = new long[n];
            long[] ps = new long[n];
            Integer[] order = new Integer[n];
            if (now.counted() >= 0) {
                // convergent profiling's executions include an estimate of a quiet period under way,
                // which its credit at the period's end may undercut: the estimate since is at least
                // what the probe counted since, which is measured and adds up exactly
                since[0] = Math.max(since[0], since[1]);
            }
            long[] seen = now.profiledCounts();   // null: not known (a convergent profile of format 3)
            for (int i = 0; i < n; i++) {
                long[] had = values.computeIfAbsent(now.values()[i], v -> new long[2]);
                cs[i] = Math.max(0, now.counts()[i] - had[0]);
                ps[i] = seen == null ? 0 : Math.max(0, seen[i] - had[1]);
                if (advance) {
                    had[0] = Math.max(had[0], now.counts()[i]);
                    had[1] = seen == null ? had[1] : Math.max(had[1], seen[i]);
                }
                order[i] = i;
            }
            if (since[0] == 0 && since[2] == 0) {
                return null;
            }
            Arrays.sort(order, (a, b) -> cs[a] != cs[b] ? Long.compare(cs[b], cs[a])
                    : now.values()[a].compareTo(now.values()[b]));
            int kept = 0;
            for (int i = 0; i < n; i++) {
                kept += cs[order[i]] > 0 ? 1 : 0;
            }
            kept = Math.min(kept, tableSize);
            String[] values = new String[kept];
            long[] counts = new long[kept];
            long[] profiled = new long[kept];
            long profiledLeft = since[2];
            for (int i = 0; i < kept; i++) {
                values[i] = now.values()[order[i]];
                counts[i] = cs[order[i]];
                profiled[i] = Math.min(profiledLeft, Math.min(ps[order[i]], counts[i]));
                profiledLeft -= profiled[i];
            }
            return new ValueSiteProfile(now.siteId(), since[0], since[1], since[2], since[3], since[4], values, counts,
                    seen == null ? null : profiled, since[5], since[6], null);
        }
    }

    /** One nest's figures of abstract interpretation at the last reset. */
    private static final class NestBase {

        private long decided;
        private long untraced;
        private final Map<String, Long> fallbacks = new HashMap<>();

        AbsintProfile.NestRecord since(AbsintProfile.NestRecord now, boolean advance) {
            long decidedSince = Math.max(0, now.decided() - decided);
            long untracedSince = Math.max(0, now.untracedAccesses() - untraced);
            if (advance) {
                decided = Math.max(decided, now.decided());
                untraced = Math.max(untraced, now.untracedAccesses());
            }
            Map<String, Long> fallbacksSince = new TreeMap<>();
            for (Map.Entry<String, Long> e : now.fallbacks().entrySet()) {
                long since = grown(fallbacks, e.getKey(), e.getValue(), advance);
                if (since > 0) {
                    fallbacksSince.put(e.getKey(), since);
                }
            }
            return new AbsintProfile.NestRecord(now.nest(), now.loops(), decidedSince, untracedSince, fallbacksSince);
        }
    }
}
