package io.loupe.analysis.values;

/**
 * One entry of a site's final TNV table.
 *
 * @param value as printed by the runtime: a number, a character, a class name or {@code null}
 * @param count how often it was seen, in (weighted) executions
 * @param share {@code count} over the site's weight, in [0, 1]
 */
public record TopValue(String value, long count, double share) {
}
