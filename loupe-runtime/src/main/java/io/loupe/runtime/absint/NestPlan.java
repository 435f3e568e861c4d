package io.loupe.runtime.absint;

/**
 * What the analysis of one invocation of a nest found ({@link NestAnalysis}): either why it cannot
 * be decided, or everything a summary of its accesses needs — the inputs' values, each site's
 * array when it is an input, and the sites grouped by the arrays they may share, with the loops
 * each group's accesses repeat identically in (its free loops).
 */
public final class NestPlan {

    /** Why the invocation is not decided, or null when it is. */
    public final String fallback;
    /** The variables' values: the inputs' (lengths for length inputs); induction variables are filled in by whoever walks the nest. */
    public final long[] values;
    /** Per site: its array, when the array is an input. */
    public final Object[] arrays;
    /** Per site: its group; sites in different groups never touch one location. */
    public final int[] group;
    /** The number of groups. */
    public final int groups;
    /** [group][loop]: every iteration of the loop makes the group's sites touch the same locations in the same order. */
    public final boolean[][] free;
    /** [group][site]: the site must be evaluated for the group: the group's own sites and the sites that load their rows. */
    public final boolean[][] needs;
    /** [group][loop]: the loop holds a site the group needs. */
    public final boolean[][] relevant;
    /** Per site: the arrays it may access (its input, or the rows its loader may load); what a reuse checks again. */
    final Object[][] objects;
    /** Per site: its index's interval. */
    final Interval[] index;

    private NestPlan(String fallback, long[] values, Object[] arrays, int[] group, int groups, boolean[][] free,
                     boolean[][] needs, boolean[][] relevant, Object[][] objects, Interval[] index) {
        this.fallback = fallback;
        this.values = values;
        this.arrays = arrays;
        this.group = group;
        this.groups = groups;
        this.free = free;
        this.needs = needs;
        this.relevant = relevant;
        this.objects = objects;
        this.index = index;
    }

    static NestPlan fallback(String reason) {
        return new NestPlan(reason, null, null, null, 0, null, null, null, null, null);
    }

    static NestPlan decided(long[] values, Object[] arrays, int[] group, int groups, boolean[][] free,
                            boolean[][] needs, boolean[][] relevant, Object[][] objects, Interval[] index) {
        return new NestPlan(null, values, arrays, group, groups, free, needs, relevant, objects, index);
    }

    /** Whether the invocation can be decided. */
    public boolean decided() {
        return fallback == null;
    }
}
