package io.loupe.analysis.values;

/**
 * The estimate against the profile for a group of {@code local} sites, as in Calder et al.'s
 * Table 4 ("Prof", "Est", "Diff"): execution-weighted means over the sites that ran and have a
 * defined estimate. A mean over no executions is NaN.
 *
 * @param category      {@code non-load}, or a producer category
 * @param sites         sites of the group that ran
 * @param executed      their executions
 * @param covered       the share of {@code executed} at sites with a defined estimate
 * @param measured      mean measured Inv-1 over the covered sites
 * @param estimated     mean estimated Inv-1 over the covered sites
 * @param meanAbsDiff   mean |measured − estimated| over the covered sites, each weighted by its
 *                      executions: the paper's "weighted difference … instruction by instruction"
 * @param measuredAll   mean measured Inv-1 over all sites of the group, covered or not
 */
public record PropagationFigures(String category, int sites, long executed, double covered, double measured,
                                 double estimated, double meanAbsDiff, double measuredAll) {
}
