package io.loupe.analysis.values;

import io.loupe.data.values.ValueSiteMeta;

/**
 * The invariance propagation estimate of one {@code local} site next to what was measured there.
 *
 * @param meta       the site
 * @param measured   its profile, or null when it never ran
 * @param estimate   the estimated Inv-1 in [0, 1], or NaN when undefined (an unknown input, an
 *                   unparsable or missing formula)
 * @param recurrence true when the site's formula reaches the site itself through an operation
 *                   that computes a new value (an induction variable such as {@code i = i + 1}),
 *                   estimated by the recurrence heuristic (docs/values.md)
 */
public record LocalEstimate(ValueSiteMeta meta, SiteStats measured, double estimate, boolean recurrence) {

    public boolean ran() {
        return measured != null && measured.executed() > 0;
    }

    public boolean defined() {
        return !Double.isNaN(estimate);
    }

    /** The measured Inv-1 (0 when the site never ran). */
    public double measuredInv1() {
        return measured == null ? 0 : measured.inv1();
    }

    public long executed() {
        return measured == null ? 0 : measured.executed();
    }

    /** True when the stored value was loaded (a field, an array element, a call's result). */
    public boolean fromLoad() {
        return ProducerCategories.isLoad(meta.producer());
    }
}
