package io.loupe.analysis.deps;

import java.util.List;

/**
 * How many more loops CAMP finds parallelizable than LAMP: CAMP's Figure 10 (docs/deps.md,
 * "Comparing LAMP with CAMP"). LAMP judges a loop over all its contexts, CAMP each loop context
 * on its own; LAMP's verdict on a loop is taken to hold for each of its contexts so that the two
 * are counted in the same unit.
 *
 * @param lampLoops                  loops that ran in the LAMP profile
 * @param lampParallelizable         of those, the ones LAMP finds parallelizable
 * @param campContexts               loop contexts that ran in the CAMP profile
 * @param campParallelizable         of those, the ones CAMP finds parallelizable
 * @param lampParallelizableContexts CAMP loop contexts whose loop LAMP finds parallelizable
 * @param gained                     loop contexts CAMP finds parallelizable whose loop LAMP does not
 * @param lost                       loop contexts CAMP finds not parallelizable whose loop LAMP finds
 *                                   parallelizable (none when both runs behaved alike)
 * @param unmatchedLamp              LAMP loops with no context in the CAMP profile
 * @param unmatchedCamp              CAMP loop contexts whose loop the LAMP profile does not have
 */
public record ParallelLoops(int lampLoops, int lampParallelizable, int campContexts, int campParallelizable,
                            int lampParallelizableContexts, List<LoopVerdict> gained, int lost, int unmatchedLamp,
                            int unmatchedCamp) {

    /**
     * How many more loop contexts are parallelizable with contexts known, over those parallelizable
     * by LAMP's verdicts: {@code (gained - lost) / lampParallelizableContexts}; NaN when LAMP finds
     * none.
     */
    public double increase() {
        return lampParallelizableContexts == 0 ? Double.NaN
                : (double) (gained.size() - lost) / lampParallelizableContexts;
    }
}
