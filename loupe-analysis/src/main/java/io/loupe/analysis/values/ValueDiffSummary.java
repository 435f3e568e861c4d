package io.loupe.analysis.values;

/**
 * The cross-run metrics of Calder et al., §5 (Tables 3 and 4, "comparing data set A and data set
 * B") and §7 (a convergent against a full profile). A is the reference: every share is weighted
 * by A's executions. Means over nothing are NaN.
 *
 * @param threshold     the Inv-1 in A a site needs to count for Find-1 and Find-N
 * @param sitesA        sites that ran in A
 * @param sitesB        sites that ran in B
 * @param common        sites that ran in both
 * @param executedA     executions of all A's sites
 * @param overlap       the share of A's executions at sites that also ran in B
 * @param diffInv1      Diff-Inv1: mean |Inv-1 A − Inv-1 B| over the common sites, weighted by A's executions
 * @param diffInvN      Diff-InvN: the same for Inv-N
 * @param invariantShare the share of the common sites' executions (in A) at sites with Inv-1 in A ≥
 *                      threshold: the paper's number in parentheses
 * @param find1         of those executions, the share at sites whose top value in A is B's top value
 * @param find1WithTies {@code find1} with the near ties ({@link SiteComparison#nearTie}, within
 *                      {@link ValueDiff#NEAR_TIE}) counted as found: not the paper's metric, but what
 *                      is left of the misses once chance between two values of nearly equal share is
 *                      set aside
 * @param findN         of those executions, the share at sites whose top value in A is among B's top N
 * @param nA            the N of Inv-N in A (0: all values of a table)
 * @param nB            the N of Inv-N and Find-N in B
 * @param convergentA   true if A is a convergent profile: its executions, Inv-1 and shares are estimates
 * @param convergentB   the same for B
 */
public record ValueDiffSummary(double threshold, int sitesA, int sitesB, int common, long executedA, double overlap,
                               double diffInv1, double diffInvN, double invariantShare, double find1,
                               double find1WithTies, double findN,
                               int nA, int nB, boolean convergentA, boolean convergentB) {

    /** Sites that ran in A only. */
    public int onlyA() {
        return sitesA - common;
    }

    /** Sites that ran in B only. */
    public int onlyB() {
        return sitesB - common;
    }
}
