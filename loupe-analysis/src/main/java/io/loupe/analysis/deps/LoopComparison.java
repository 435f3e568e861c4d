package io.loupe.analysis.deps;

import java.util.List;

/**
 * One loop of a LAMP profile against its contexts in a CAMP profile of the same program
 * (docs/deps.md, "Comparing LAMP with CAMP").
 *
 * @param lamp             the loop as LAMP saw it (all contexts merged)
 * @param contexts         its loop contexts in the CAMP profile, in CAMP's loop order (empty when
 *                         CAMP never ran it)
 * @param carried          the dependences LAMP reports carried at this loop (same thread)
 * @param unmatched        of those, the ones whose source or destination site CAMP never saw run
 *                         within any context of the loop: left out of the context pairs
 * @param notCarriedInCamp of the others, those no CAMP dependence of the same type and sites is
 *                         carried at for any context of the loop
 * @param contextPairs     what the carried LAMP dependences stand for once contexts are known: per
 *                         dependence and loop context, the contexts its source site ran in within
 *                         that loop context times those of its destination site
 * @param real             of those pairs, the ones CAMP saw as a dependence carried at that loop context
 */
public record LoopComparison(LoopVerdict lamp, List<LoopVerdict> contexts, int carried, int unmatched,
                             int notCarriedInCamp, long contextPairs, long real) {

    /** Context pairs LAMP's carried dependences stand for that CAMP did not see carried. */
    public long falsePositive() {
        return contextPairs - real;
    }

    /** The loop's contexts that CAMP finds parallelizable. */
    public List<LoopVerdict> parallelizableContexts() {
        return contexts.stream().filter(LoopVerdict::parallelizable).toList();
    }

    /** Contexts CAMP finds parallelizable although LAMP does not find the loop so. */
    public List<LoopVerdict> gained() {
        return lamp.parallelizable() ? List.of() : parallelizableContexts();
    }

    /** Contexts CAMP finds not parallelizable although LAMP finds the loop so (none for one run's behaviour). */
    public List<LoopVerdict> lost() {
        return lamp.parallelizable() ? contexts.stream().filter(l -> !l.parallelizable()).toList() : List.of();
    }
}
