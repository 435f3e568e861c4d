package io.loupe.analysis.advice;

import io.loupe.analysis.deps.DepEdge;

import java.util.List;

/**
 * What a loop's advice rests on.
 *
 * @param invocations how often the loop was entered
 * @param iterations  its iterations over all invocations (header executions: one more per
 *                    invocation than the body ran, for a loop tested at its top)
 * @param carried     the dependences it carries at its level, in the analysis' order
 * @param inductionVariables its induction variables
 * @param bounds      values profiled on its header line (only with a value profile; else empty)
 */
public record Evidence(long invocations, long iterations, List<DepEdge> carried, List<String> inductionVariables,
                       List<TripBound> bounds) {

    public Evidence {
        carried = List.copyOf(carried);
        inductionVariables = List.copyOf(inductionVariables);
        bounds = List.copyOf(bounds);
    }

    /** Iterations per invocation, a mean over all invocations (0 when it never ran). */
    public double meanIterations() {
        return invocations == 0 ? 0 : (double) iterations / invocations;
    }
}
