package io.loupe.analysis.deps;

import io.loupe.data.deps.AbsintProfile;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What abstract interpretation at loop entry did, over the loops that ran (docs/absint.md,
 * "Report"). Loops are counted by loop, not by context: a loop with invocations in two contexts is
 * one loop.
 *
 * @param eligibleLoops      loops that ran and are in an eligible nest
 * @param decidedLoops       loops with at least one invocation decided
 * @param fallbacks          loops with at least one invocation profiled (traced)
 * @param fallbackReasons    per reason, how many of those loops it is for: a loop in no nest counts
 *                           under the reason it is in none, a loop of a nest under the reason its
 *                           nest's invocations were profiled for most often
 * @param decidedInvocations invocations of nests decided
 * @param untracedAccesses   accesses the decided invocations accounted for without tracing them
 */
public record AbsintSummary(int eligibleLoops, int decidedLoops, int fallbacks, Map<String, Integer> fallbackReasons,
                            long decidedInvocations, long untracedAccesses) {

    /** The summary of {@code absint} over {@code loops} (the verdicts of the same profile). */
    static AbsintSummary of(AbsintProfile absint, List<LoopVerdict> loops) {
        Map<Integer, AbsintProfile.NestRecord> nestOf = new HashMap<>();
        long decidedInvocations = 0;
        long untraced = 0;
        for (AbsintProfile.NestRecord n : absint.nests()) {
            for (int loop : n.loops()) {
                nestOf.put(loop, n);
            }
            decidedInvocations += n.decided();
            untraced += n.untracedAccesses();
        }
        Map<Integer, long[]> byLoop = new TreeMap<>();   // loop id -> invocations, decided
        for (LoopVerdict l : loops) {
            long[] c = byLoop.computeIfAbsent(l.meta().id(), k -> new long[2]);
            c[0] += l.invocations();
            c[1] += l.decidedInvocations();
        }
        Set<Integer> eligible = new HashSet<>();
        int decided = 0;
        int fallbacks = 0;
        Map<String, Integer> reasons = new TreeMap<>();
        for (Map.Entry<Integer, long[]> e : byLoop.entrySet()) {
            int loop = e.getKey();
            AbsintProfile.NestRecord nest = nestOf.get(loop);
            if (nest != null) {
                eligible.add(loop);
            }
            if (e.getValue()[1] > 0) {
                decided++;
            }
            if (e.getValue()[0] > e.getValue()[1]) {
                fallbacks++;
                reasons.merge(reason(loop, nest, absint), 1, Integer::sum);
            }
        }
        return new AbsintSummary(eligible.size(), decided, fallbacks, reasons, decidedInvocations, untraced);
    }

    private static String reason(int loop, AbsintProfile.NestRecord nest, AbsintProfile absint) {
        if (nest == null) {
            return absint.ineligible().getOrDefault(loop, "recursion or uninstrumented");
        }
        return nest.fallbacks().entrySet().stream().max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey).orElse("not decided");
    }
}
