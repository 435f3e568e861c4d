/**
 * Offline analysis of value profiles, after Calder, Feller and Eustace, <i>Value Profiling</i>,
 * MICRO 1997: {@link ValueAnalysis} computes each site's Inv-1, Inv-N and MRV ({@link SiteStats})
 * and the paper's summary tables, {@link InvariancePropagation} estimates the invariance of local
 * variables from the other sites (§6), and {@link ValueDiff} compares two runs (§5, §7). See
 * docs/values.md.
 */
package io.loupe.analysis.values;
