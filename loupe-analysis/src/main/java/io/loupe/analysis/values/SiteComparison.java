package io.loupe.analysis.values;

/**
 * One site in two runs, matched by stable key (class, method, kind and ordinal within the method;
 * ids are not stable, they depend on the order classes load). A side is null when the site did not
 * run there.
 *
 * @param key the site's {@link io.loupe.data.values.ValueSiteMeta#stableKey() stable key}
 * @param a   the site in the first (reference) run, or null
 * @param b   the site in the second run, or null
 */
public record SiteComparison(String key, SiteStats a, SiteStats b) {

    /** True when the site ran in both runs. */
    public boolean common() {
        return a != null && b != null;
    }

    /** |Inv-1 in A − Inv-1 in B|; NaN unless the site ran in both. */
    public double inv1Difference() {
        return common() ? Math.abs(a.inv1() - b.inv1()) : Double.NaN;
    }

    /** |Inv-N in A − Inv-N in B|; NaN unless the site ran in both. */
    public double invNDifference() {
        return common() ? Math.abs(a.invN() - b.invN()) : Double.NaN;
    }

    /** The Inv-1 difference weighted by A's executions: what it adds to Diff-Inv1 before normalising. */
    public double weightedInv1Difference() {
        return common() ? a.executed() * inv1Difference() : 0;
    }

    /**
     * Find-1 at this site: A's top value is B's top value. A value tied for top with another (the
     * same count) is as much the top value as the one listed first ({@link SiteStats#tiedForTop}),
     * so the site is found when a value tied for top in A is tied for top in B.
     */
    public boolean found1() {
        return common() && a.tiedForTop().stream().anyMatch(b.tiedForTop()::contains);
    }

    /**
     * A near tie: B's top value is not A's, but A's table holds it with a share at most
     * {@code margin} below A's top value's. Whichever of two values that share a site's executions
     * about equally comes out on top in a sample is chance, and Find-1 counts the site whole.
     */
    public boolean nearTie(double margin) {
        if (!common() || found1() || b.topValue() == null) {
            return false;
        }
        double share = a.shareOf(b.topValue());
        return share >= a.inv1() - margin;
    }

    /** Find-N at this site: A's top value (one tied for top, as in {@link #found1}) is among B's top N values (B's N). */
    public boolean foundN() {
        return common() && a.tiedForTop().stream().anyMatch(v -> b.amongTop(v, b.topN()));
    }

    /** True when the site counts for Find-1 and Find-N: it ran in both and its Inv-1 in A is at least {@code threshold}. */
    public boolean invariantInA(double threshold) {
        return common() && a.inv1() >= threshold;
    }

    /** A site's executions in A (0 when it did not run there). */
    public long executedA() {
        return a == null ? 0 : a.executed();
    }

    public long executedB() {
        return b == null ? 0 : b.executed();
    }
}
