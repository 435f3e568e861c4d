package io.loupe.analysis.values;

/**
 * One entry of a site's final TNV table.
 *
 * @param value as printed by the runtime: a number, a character, a class name or {@code null}
 * @param count how often it was seen, in (weighted) executions: an estimate under convergent profiling
 * @param share {@code count} over the site's weight, in [0, 1]
 * @param profiledCount how many of its profiled executions the table counted (measured; -1 when
 *                      not known), {@code count} under full profiling
 * @param shareProfiled {@code profiledCount} over the site's profiled executions (0 when not known)
 */
public record TopValue(String value, long count, double share, long profiledCount, double shareProfiled) {
}
