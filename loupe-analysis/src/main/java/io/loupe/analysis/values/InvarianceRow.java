package io.loupe.analysis.values;

/**
 * One row of a paper-style invariance table (Calder et al., Table 2 and the load tables): a
 * category of sites, its share of the executions, and its invariance as execution-weighted means.
 *
 * @param category the site kind ({@code param}, …), the producer category, or {@code all}
 * @param sites    sites of the category that ran
 * @param executed their executions together
 * @param share    {@code executed} over the executions of the whole table
 * @param inv1     mean Inv-1, each site weighted by its executions
 * @param invN     mean Inv-N, likewise
 * @param mrv      mean MRV, likewise
 */
public record InvarianceRow(String category, int sites, long executed, double share, double inv1, double invN,
                            double mrv) {
}
