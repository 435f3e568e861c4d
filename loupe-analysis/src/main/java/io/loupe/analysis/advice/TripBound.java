package io.loupe.analysis.advice;

import io.loupe.analysis.values.SiteStats;

/**
 * A value profiled on a loop's header line, in the loop's method: likely what bounds its trip count
 * ({@code i < n}, {@code i < this.size}), with its most frequent value. Evidence, not proof: the
 * value profile is another run, and a header line may hold other values.
 *
 * @param site  the value site
 * @param name  what the value is: the parameter, field or local, as the value profile names it
 * @param value its most frequent value
 * @param share Inv-1: the share of the site's executions that had that value
 */
public record TripBound(SiteStats site, String name, String value, double share) {

    /** {@code bound `n` = 1024 in 99.0% of executions}. */
    public String text() {
        return "bound `" + name + "` = " + value + " in " + String.format(java.util.Locale.ROOT, "%.1f", 100 * share)
                + "% of executions";
    }
}
