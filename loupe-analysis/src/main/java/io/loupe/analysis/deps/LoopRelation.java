package io.loupe.analysis.deps;

import java.util.Locale;

/**
 * How a dependence was seen at one loop level common to its two ends.
 *
 * @param loop     the loop (in its context, in camp mode)
 * @param relation within one iteration, across iterations, or both
 */
public record LoopRelation(LoopVerdict loop, Relation relation) {

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
