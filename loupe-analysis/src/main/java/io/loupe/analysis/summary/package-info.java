/**
 * A profile analysed once for the reports: {@link ProfileSummary} holds each method's path counts
 * and k-IPF ({@link MethodProfile}), the hottest paths and multi-iteration paths, and the value and
 * dependence analyses; {@link ProfileComparison} pairs two profiles of one program for
 * {@code loupe diff}.
 */
package io.loupe.analysis.summary;
