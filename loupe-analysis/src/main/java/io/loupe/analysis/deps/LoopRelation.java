package io.loupe.analysis.deps;

import java.util.Locale;

/**
 * How a dependence was seen at one loop level common to its two ends.
 *
 * @param loop        the loop (in its context, in camp mode)
 * @param relation    within one iteration, across iterations, or both
 * @param distanceOne across iterations: true when seen at distance 1 (the earlier access in the
 *                    iteration just before), false when only at distance 2 or more; null when not
 *                    across iterations, or when the profile does not say (before format 7)
 */
public record LoopRelation(LoopVerdict loop, Relation relation, Boolean distanceOne) {

    /** A relation whose distance is not known. */
    public LoopRelation(LoopVerdict loop, Relation relation) {
        this(loop, relation, null);
    }

    /** Intra-iteration, inter-iteration, or both. */
    public enum Relation {
        INTRA, INTER, BOTH;

        /** {@code intra}, {@code inter} or {@code both}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** True when seen across iterations: the loop carries the dependence. */
        public boolean carried() {
            return this != INTRA;
        }
    }
}
