package io.loupe.analysis.values;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Two runs' value profiles compared site by site (Calder et al., §5: how invariance carries over
 * from one input to another, and §7: how close a convergent profile comes to a full one). Sites
 * are matched by {@link io.loupe.data.values.ValueSiteMeta#stableKey() stable key}, never by id;
 * sites sharing a key within one run (a class loaded by two class loaders) are added up first.
 *
 * <p>The metrics ({@link ValueDiffSummary}) follow the paper's definitions, weighted by A's
 * executions where the paper weights by the first data set's execution frequency: Overlap,
 * Diff-Inv1 and Diff-InvN, Find-1 and Find-N over the sites whose Inv-1 in A reaches a threshold
 * (30% in the paper, "to avoid variant instructions", whose top values differ by chance).
 */
public final class ValueDiff {

    /** The paper's invariance filter for Find-1 and Find-N. */
    public static final double DEFAULT_THRESHOLD = 0.3;

    /**
     * How close (in A's share of the site's executions) B's top value must come to A's for a miss
     * to be a near tie ({@link SiteComparison#nearTie}). Two points: a convergent profile estimates a
     * share from windows of a few hundred executions each, some tens of windows over a run, which
     * leaves noise of the order of a point; the misses that took convergent profiles of
     * commons-compress below 95% were ties within a fraction of a point (docs/decisions.md,
     * the lines on {@code values.seed} and near ties).
     */
    public static final double NEAR_TIE = 0.02;

    private final ValueDiffSummary summary;
    private final List<SiteComparison> sites;

    private ValueDiff(ValueDiffSummary summary, List<SiteComparison> sites) {
        this.summary = summary;
        this.sites = sites;
    }

    /**
     * Compares run {@code b} with the reference run {@code a}.
     *
     * @param threshold the Inv-1 in A a site needs to count for Find-1 and Find-N, in [0, 1]
     */
    public static ValueDiff compare(ValueAnalysis a, ValueAnalysis b, double threshold) {
        if (!(threshold >= 0 && threshold <= 1)) {
            throw new IllegalArgumentException("threshold must be in [0, 1], got " + threshold);
        }
        Map<String, SiteStats> inA = byKey(a.sites());
        Map<String, SiteStats> inB = byKey(b.sites());
        List<SiteComparison> rows = new ArrayList<>();
        inA.forEach((key, s) -> rows.add(new SiteComparison(key, s, inB.get(key))));
        inB.forEach((key, s) -> {
            if (!inA.containsKey(key)) {
                rows.add(new SiteComparison(key, null, s));
            }
        });
        rows.sort(LARGEST_DIFFERENCE_FIRST);
        return new ValueDiff(summarise(rows, inA.size(), inB.size(), threshold, a.settings(), b.settings()),
                List.copyOf(rows));
    }

    /**
     * Common sites by weighted Inv-1 difference, largest first; then sites that ran in A only,
     * then in B only, each most executed first; ties by key.
     */
    static final Comparator<SiteComparison> LARGEST_DIFFERENCE_FIRST = Comparator
            .comparingInt((SiteComparison c) -> c.common() ? 0 : c.a() != null ? 1 : 2)
            .thenComparing(Comparator.comparingDouble(SiteComparison::weightedInv1Difference).reversed())
            .thenComparing(Comparator.comparingLong((SiteComparison c) -> c.executedA() + c.executedB()).reversed())
            .thenComparing(SiteComparison::key);

    private static Map<String, SiteStats> byKey(List<SiteStats> sites) {
        Map<String, SiteStats> byKey = new TreeMap<>();
        for (SiteStats s : sites) {
            byKey.merge(s.stableKey(), s, SiteStats::plus);
        }
        return byKey;
    }

    private static ValueDiffSummary summarise(List<SiteComparison> rows, int sitesA, int sitesB, double threshold,
                                              ValueRunSettings a, ValueRunSettings b) {
        long executedA = 0;
        long commonA = 0;
        double diff1 = 0;
        double diffN = 0;
        long invariant = 0;
        long found1 = 0;
        long tied = 0;
        long foundN = 0;
        int common = 0;
        for (SiteComparison c : rows) {
            long w = c.executedA();
            executedA += w;
            if (!c.common()) {
                continue;
            }
            common++;
            commonA += w;
            diff1 += w * c.inv1Difference();
            diffN += w * c.invNDifference();
            if (c.invariantInA(threshold)) {
                invariant += w;
                found1 += c.found1() ? w : 0;
                tied += c.nearTie(NEAR_TIE) ? w : 0;
                foundN += c.foundN() ? w : 0;
            }
        }
        return new ValueDiffSummary(threshold, sitesA, sitesB, common, executedA, ratio(commonA, executedA),
                ratio(diff1, commonA), ratio(diffN, commonA), ratio(invariant, commonA), ratio(found1, invariant),
                ratio(found1 + tied, invariant), ratio(foundN, invariant), a.topN(), b.topN(), a.convergent(),
                b.convergent());
    }

    private static double ratio(double part, long whole) {
        return whole == 0 ? Double.NaN : part / whole;
    }

    public ValueDiffSummary summary() {
        return summary;
    }

    /** Every site that ran in A or B: common sites by weighted Inv-1 difference, then A only, then B only. */
    public List<SiteComparison> sites() {
        return sites;
    }

    /**
     * The common sites with the largest weighted Inv-1 differences, at most {@code limit},
     * skipping those whose Inv-1 differs by less than {@code minDifference}.
     */
    public List<SiteComparison> largestDifferences(int limit, double minDifference) {
        return sites.stream().filter(c -> c.common() && c.inv1Difference() >= minDifference && c.inv1Difference() > 0)
                .limit(limit).toList();
    }
}
