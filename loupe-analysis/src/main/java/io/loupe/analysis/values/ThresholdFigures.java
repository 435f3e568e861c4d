package io.loupe.analysis.values;

/**
 * How well the estimate tells invariant sites from the others at one invariance threshold, the
 * paper's threshold columns of Table 4, weighted by executions over the non-load local sites.
 * An undefined estimate counts as below every threshold.
 *
 * @param threshold      an Inv-1 in (0, 1]
 * @param measuredShare  executions at sites whose measured Inv-1 ≥ threshold
 * @param estimatedShare executions at sites whose estimate ≥ threshold
 * @param found          of the executions measured at or above the threshold, the share the
 *                       estimate also puts there (NaN when none is measured there)
 * @param precision      of the executions estimated at or above the threshold, the share really
 *                       there (NaN when none is estimated there)
 */
public record ThresholdFigures(double threshold, double measuredShare, double estimatedShare, double found,
                               double precision) {
}
