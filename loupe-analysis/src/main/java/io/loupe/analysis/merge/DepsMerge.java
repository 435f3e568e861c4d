package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Dependence profiles merged (docs/deps.md). The mode must be the same (a camp context and lamp's
 * none do not add up; {@link ProfileMerge} refuses the mix). Access sites, loops and call sites
 * are renumbered by key ({@link MetadataIndex}), the context tree merges structurally
 * ({@link ContextTreeMerge}); then per (loop, context) the invocations, iterations and decided
 * invocations add, and dependences are united by type, ends (site and context), thread crossing
 * and loop levels, their counts added and their relations (intra, inter) at each level OR-ed: a
 * dependence seen across iterations in one run is loop-carried in the union of the runs.
 */
final class DepsMerge {

    private DepsMerge() {
    }

    static DepsProfile merge(List<Profile> inputs, String mode, MetadataIndex<AccessSiteMeta> sites,
                             MetadataIndex<DepLoopMeta> loops, MetadataIndex<CallSiteMeta> calls) {
        if (mode == null) {
            return DepsProfile.EMPTY;
        }
        boolean camp = mode.equals(DepsProfile.CAMP);
        List<ContextNode> contexts = List.of();
        int[][] contextMap = new int[inputs.size()][];
        if (camp) {
            ContextTreeMerge.Result tree = ContextTreeMerge.merge(inputs, calls, loops);
            contexts = tree.nodes();
            contextMap = tree.toMerged();
        }
        List<LoopRecord> records = loopRecords(inputs, loops, contextMap, camp);
        List<Dependence> dependences = dependences(inputs, sites, loops, contextMap, camp);
        return new DepsProfile(mode, sites.merged(), loops.merged(), calls.merged(), contexts, records, dependences,
                AbsintMerge.merge(inputs, loops));
    }

    /** A context id through {@code map}: -1 stays -1 (lamp), an unknown or left-out node is -1 too. */
    private static int context(int[] map, int id) {
        return map == null || id < 0 || id >= map.length ? -1 : map[id];
    }

    private static List<LoopRecord> loopRecords(List<Profile> inputs, MetadataIndex<DepLoopMeta> loops,
                                                int[][] contextMap, boolean camp) {
        Map<Long, long[]> byKey = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            for (LoopRecord r : inputs.get(i).deps().loopRecords()) {
                int loop = loops.map(i, r.loop());
                int ctx = camp ? context(contextMap[i], r.context()) : -1;
                if (loop < 0 || camp && ctx < 0) {
                    continue;   // a loop or context of a class whose metadata conflict
                }
                long[] sum = byKey.computeIfAbsent(LongIntTable.key(loop, ctx), k -> new long[3]);
                sum[0] += r.invocations();
                sum[1] += r.iterations();
                sum[2] += r.decidedInvocations();
            }
        }
        List<LoopRecord> out = new ArrayList<>(byKey.size());
        new TreeMap<>(byKey).forEach((key, sum) -> out.add(
                new LoopRecord((int) (key >> 32), (int) (long) key, sum[0], sum[1], sum[2])));
        return out;
    }

    private static List<Dependence> dependences(List<Profile> inputs, MetadataIndex<AccessSiteMeta> sites,
                                                MetadataIndex<DepLoopMeta> loops, int[][] contextMap, boolean camp) {
        Map<DependenceKey, Sum> byKey = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            int[] ctx = contextMap[i];
            for (Dependence d : inputs.get(i).deps().dependences()) {
                int src = sites.map(i, d.srcSite());
                int dst = sites.map(i, d.dstSite());
                int srcCtx = camp ? context(ctx, d.srcContext()) : -1;
                int dstCtx = camp ? context(ctx, d.dstContext()) : -1;
                int[] levels = new int[d.loops().length];
                boolean known = src >= 0 && dst >= 0 && (!camp || srcCtx >= 0 && dstCtx >= 0);
                for (int l = 0; l < levels.length && known; l++) {
                    levels[l] = camp ? context(ctx, d.loops()[l]) : loops.map(i, d.loops()[l]);
                    known = levels[l] >= 0;
                }
                if (!known) {
                    continue;   // an end or a level in a class whose metadata conflict
                }
                DependenceKey key = new DependenceKey(d.type(), src, srcCtx, dst, dstCtx, d.crossThread(), levels);
                byKey.computeIfAbsent(key, k -> new Sum(levels.length)).add(d);
            }
        }
        List<Dependence> out = new ArrayList<>(byKey.size());
        new TreeMap<>(byKey).forEach((k, s) -> out.add(new Dependence(k.type, k.srcSite, k.srcContext, k.dstSite,
                k.dstContext, s.count, k.crossThread, k.loops, s.relations)));
        return out;
    }

    /** A dependence's count and relations, being added up and OR-ed. */
    private static final class Sum {
        long count;
        final byte[] relations;

        Sum(int levels) {
            relations = new byte[levels];
        }

        void add(Dependence d) {
            count += d.count();
            for (int l = 0; l < relations.length; l++) {
                relations[l] |= d.relations()[l];
            }
        }
    }
}
