package io.loupe.analysis.deps;

import io.loupe.data.deps.DepType;

import java.util.List;

/**
 * One memory dependence, with its ends and loop levels resolved.
 *
 * @param type        RAW, WAR or WAW
 * @param src         the earlier access
 * @param dst         the later access
 * @param count       how many executions of the destination had it
 * @param crossThread true if the two ends ran on different threads (never carried by a loop)
 * @param loops       the loop levels common to both ends, outermost first, with their relation
 */
public record DepEdge(DepType type, DepEnd src, DepEnd dst, long count, boolean crossThread,
                      List<LoopRelation> loops) {
}
