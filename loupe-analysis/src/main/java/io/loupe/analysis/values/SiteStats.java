package io.loupe.analysis.values;

import io.loupe.data.values.SiteKind;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One site's value profile with the metrics of Calder et al., §3 ("Metrics"):
 * <ul>
 * <li><b>Inv-1</b>: the count of the final TNV table's top value over the executions the profiled
 *     ones stand for ({@link ValueSiteProfile#weight()});
 * <li><b>Inv-N</b>: the counts of the top N values together, over the same weight;
 * <li><b>MRV</b>: how often a profiled value equalled the previous profiled one, over the
 *     executions really profiled. It measures temporal reuse, not invariance: a site writing
 *     {@code x y x y …} has MRV 0 and Inv-1 50%.
 * </ul>
 * All three are clamped to [0, 1] (weights are estimates under convergent profiling) and are 0
 * when nothing was profiled. The table is kept best first whatever order it was written in.
 *
 * <p>Under convergent profiling Inv-1, Inv-N, the counts and the executions are estimates; beside
 * them the site keeps what was measured: the executions its probe counted ({@link #counted}) and,
 * for each value, the profiled executions the table counted, which give {@link #inv1Profiled} and
 * {@link #invNProfiled} over the executions profiled. A convergent profile written before format 4
 * has no measured figures ({@link #hasMeasured} false).
 */
public final class SiteStats {

    /** How a null reference prints among a site's values. */
    public static final String NULL = "null";

    private final ValueSiteMeta meta;
    private final long executed;
    private final long counted;
    private final long profiled;
    private final long weight;
    private final long mrvHits;
    private final String[] values;
    private final long[] counts;
    /** The profiled executions among each count, parallel to {@link #counts}; null when not known. */
    private final long[] profiledCounts;
    private final long switchedOff;
    private final long switchedOn;
    private final int topN;
    /** When convergent profiling switched it off and on, in the thread that ran it most; null if never. */
    private SwitchTimeline timeline;

    private SiteStats(ValueSiteMeta meta, long executed, long counted, long profiled, long weight, long mrvHits,
                      String[] values, long[] counts, long[] profiledCounts, long switchedOff, long switchedOn,
                      int topN) {
        this.meta = meta;
        this.executed = executed;
        this.counted = counted;
        this.profiledCounts = profiledCounts;
        this.profiled = profiled;
        this.weight = weight;
        this.mrvHits = mrvHits;
        this.values = values;
        this.counts = counts;
        this.switchedOff = switchedOff;
        this.switchedOn = switchedOn;
        this.topN = topN;
    }

    /**
     * The metrics of one site.
     *
     * @param topN the N of Inv-N (0: every value of the final table)
     */
    public static SiteStats of(ValueSiteMeta meta, ValueSiteProfile p, int topN) {
        Map<String, long[]> table = new LinkedHashMap<>();
        boolean measured = p.hasMeasured();
        for (int i = 0; i < p.values().length; i++) {
            String v = p.values()[i];
            long[] e = table.computeIfAbsent(v == null ? NULL : v, k -> new long[2]);
            e[0] += p.counts()[i];
            e[1] += measured ? p.profiledCounts()[i] : 0;
        }
        SiteStats stats = withTable(meta, p.executed(), measured ? p.counted() : -1, p.profiled(), p.weight(),
                p.mrvHits(), table, measured, p.switchedOff(), p.switchedOn(), topN);
        stats.timeline = p.timeline();
        return stats;
    }

    /** {@code table}: value to {count, profiled count}. */
    private static SiteStats withTable(ValueSiteMeta meta, long executed, long counted, long profiled, long weight,
                                       long mrvHits, Map<String, long[]> table, boolean measured, long switchedOff,
                                       long switchedOn, int topN) {
        // best first; equal counts keep the order they were recorded in (a stable sort)
        List<Map.Entry<String, long[]>> entries = new ArrayList<>(table.entrySet());
        entries.sort(Comparator.comparingLong((Map.Entry<String, long[]> e) -> e.getValue()[0]).reversed());
        String[] values = new String[entries.size()];
        long[] counts = new long[entries.size()];
        long[] profiledCounts = measured ? new long[entries.size()] : null;
        for (int i = 0; i < values.length; i++) {
            values[i] = entries.get(i).getKey();
            counts[i] = entries.get(i).getValue()[0];
            if (measured) {
                profiledCounts[i] = entries.get(i).getValue()[1];
            }
        }
        return new SiteStats(meta, executed, measured ? counted : -1, profiled, weight, mrvHits, values, counts,
                profiledCounts, switchedOff, switchedOn, Math.max(0, topN));
    }

    /**
     * This site and another run of the same site (the same stable key: a class loaded by two
     * class loaders, or the two sides of a comparison), added up: counts, weights and tables; the
     * metadata and N are this site's.
     */
    public SiteStats plus(SiteStats other) {
        Map<String, long[]> table = new LinkedHashMap<>();
        boolean measured = hasMeasured() && other.hasMeasured();
        for (SiteStats s : List.of(this, other)) {
            for (int i = 0; i < s.values.length; i++) {
                long[] e = table.computeIfAbsent(s.values[i], k -> new long[2]);
                e[0] += s.counts[i];
                e[1] += measured ? s.profiledCounts[i] : 0;
            }
        }
        SiteStats sum = withTable(meta, executed + other.executed, counted + other.counted, profiled + other.profiled,
                weight + other.weight, mrvHits + other.mrvHits, table, measured, switchedOff + other.switchedOff,
                switchedOn + other.switchedOn, topN);
        sum.timeline = other.timeline != null && (timeline == null
                || other.timeline.executions() > timeline.executions()) ? other.timeline : timeline;
        return sum;
    }

    /**
     * When convergent profiling switched the site off and on, in the thread that ran it most (of the
     * two, for a sum of two runs); null when it never switched or the profile does not say.
     */
    public SwitchTimeline timeline() {
        return timeline;
    }

    /**
     * Whether the timeline's positions are estimates: they count the executions its method ran
     * quiet, credited, not counted (docs/values.md, *Quiet methods*), unless every execution was
     * counted by the probe.
     */
    public boolean timelineEstimated() {
        return counted < 0 || counted != executed;
    }

    public ValueSiteMeta meta() {
        return meta;
    }

    public int id() {
        return meta.id();
    }

    public SiteKind kind() {
        return meta.kind();
    }

    public String stableKey() {
        return meta.stableKey();
    }

    public long executed() {
        return executed;
    }

    /**
     * The executions the site's probe counted: measured, and equal to {@link #executed} unless
     * its method ran quiet (convergent profiling); -1 when not known ({@link #hasMeasured}).
     */
    public long counted() {
        return counted;
    }

    /** True when the measured figures ({@link #counted}, the profiled counts) are known. */
    public boolean hasMeasured() {
        return profiledCounts != null;
    }

    public long profiled() {
        return profiled;
    }

    public long weight() {
        return weight;
    }

    public long mrvHits() {
        return mrvHits;
    }

    public long switchedOff() {
        return switchedOff;
    }

    public long switchedOn() {
        return switchedOn;
    }

    /** The N of Inv-N this site was measured with (0: every value of the final table). */
    public int topN() {
        return topN;
    }

    /** How many values Inv-N adds up here: N, or fewer when the table holds fewer. */
    public int valuesCounted() {
        return topN == 0 ? values.length : Math.min(topN, values.length);
    }

    /** Number of values in the final TNV table. */
    public int tableEntries() {
        return values.length;
    }

    /** The {@code i}-th best value. */
    public TopValue top(int i) {
        long seen = profiledCounts == null ? -1 : profiledCounts[i];
        return new TopValue(values[i], counts[i], share(counts[i], weight), seen, share(seen, profiled));
    }

    /** The best {@code limit} values, best first. */
    public List<TopValue> topValues(int limit) {
        List<TopValue> top = new ArrayList<>();
        for (int i = 0; i < Math.min(limit, values.length); i++) {
            top.add(top(i));
        }
        return top;
    }

    /** The top value, or null when the table is empty. */
    public String topValue() {
        return values.length == 0 ? null : values[0];
    }

    /**
     * The values tied for top: the top value and every other whose count equals its own, in table
     * order (empty when the table is). Which of them a table lists first is arbitrary, so each is
     * the site's top value as much as the first is.
     */
    public List<String> tiedForTop() {
        int n = 0;
        while (n < values.length && counts[n] == counts[0]) {
            n++;
        }
        return List.of(Arrays.copyOf(values, n));
    }

    /** The share of the site's weight that {@code value} has in its table; NaN when the table does not hold it. */
    public double shareOf(String value) {
        for (int i = 0; i < values.length; i++) {
            if (values[i].equals(value)) {
                return share(counts[i], weight);
            }
        }
        return Double.NaN;
    }

    /** True when {@code value} is among the top {@code n} values (n = 0: among all). */
    public boolean amongTop(String value, int n) {
        int limit = n == 0 ? values.length : Math.min(n, values.length);
        for (int i = 0; i < limit; i++) {
            if (values[i].equals(value)) {
                return true;
            }
        }
        return false;
    }

    /** Inv-1: the top value's count over the weight. */
    public double inv1() {
        return values.length == 0 ? 0 : share(counts[0], weight);
    }

    /** Inv-N: the top N values' counts together over the weight. */
    public double invN() {
        long sum = 0;
        for (int i = 0; i < valuesCounted(); i++) {
            sum += counts[i];
        }
        return share(sum, weight);
    }

    /**
     * Inv-1 over the executions profiled: the largest profiled count over {@link #profiled}
     * (measured; under full profiling, {@link #inv1}). NaN when not known.
     */
    public double inv1Profiled() {
        if (profiledCounts == null) {
            return Double.NaN;
        }
        return share(Arrays.stream(profiledCounts).max().orElse(0), profiled);
    }

    /** Inv-N over the executions profiled: the N largest profiled counts over {@link #profiled}; NaN when not known. */
    public double invNProfiled() {
        if (profiledCounts == null) {
            return Double.NaN;
        }
        long[] sorted = profiledCounts.clone();
        Arrays.sort(sorted);
        long sum = 0;
        for (int i = 0; i < valuesCounted(); i++) {
            sum += sorted[sorted.length - 1 - i];
        }
        return share(sum, profiled);
    }

    /** MRV: profiled executions that repeated the previous profiled value, over the executions profiled. */
    public double mrv() {
        return share(mrvHits, profiled);
    }

    /** The share of the site's executions that were profiled (1 under full profiling). */
    public double profiledShare() {
        return share(profiled, executed);
    }

    /** True for sites of reference type, whose values are class names and {@code null}. */
    public boolean isReference() {
        return meta.type() == ValueType.REFERENCE;
    }

    /** The counts of the final table together over the weight: how much of the run the table still covers. */
    double tableCoverage() {
        return share(Arrays.stream(counts).sum(), weight);
    }

    /** {@code part / whole}, clamped to [0, 1]; 0 when the whole is not positive. */
    static double share(long part, long whole) {
        if (whole <= 0 || part <= 0) {
            return 0;
        }
        return Math.min(1.0, (double) part / whole);
    }

    @Override
    public String toString() {
        return meta.stableKey() + " executed=" + executed + " inv1=" + inv1();
    }
}
