package io.loupe.analysis.values;

import io.loupe.data.values.SiteKind;
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
 */
public final class SiteStats {

    /** How a null reference prints among a site's values. */
    public static final String NULL = "null";

    private final ValueSiteMeta meta;
    private final long executed;
    private final long profiled;
    private final long weight;
    private final long mrvHits;
    private final String[] values;
    private final long[] counts;
    private final long switchedOff;
    private final long switchedOn;
    private final int topN;

    private SiteStats(ValueSiteMeta meta, long executed, long profiled, long weight, long mrvHits, String[] values,
                      long[] counts, long switchedOff, long switchedOn, int topN) {
        this.meta = meta;
        this.executed = executed;
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
        Map<String, Long> table = new LinkedHashMap<>();
        for (int i = 0; i < p.values().length; i++) {
            String v = p.values()[i];
            table.merge(v == null ? NULL : v, p.counts()[i], Long::sum);
        }
        return withTable(meta, p.executed(), p.profiled(), p.weight(), p.mrvHits(), table, p.switchedOff(),
                p.switchedOn(), topN);
    }

    private static SiteStats withTable(ValueSiteMeta meta, long executed, long profiled, long weight, long mrvHits,
                                       Map<String, Long> table, long switchedOff, long switchedOn, int topN) {
        // best first; equal counts keep the order they were recorded in (a stable sort)
        List<Map.Entry<String, Long>> entries = new ArrayList<>(table.entrySet());
        entries.sort(Comparator.comparingLong((Map.Entry<String, Long> e) -> e.getValue()).reversed());
        String[] values = new String[entries.size()];
        long[] counts = new long[entries.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = entries.get(i).getKey();
            counts[i] = entries.get(i).getValue();
        }
        return new SiteStats(meta, executed, profiled, weight, mrvHits, values, counts, switchedOff, switchedOn,
                Math.max(0, topN));
    }

    /**
     * This site and another run of the same site (the same stable key: a class loaded by two
     * class loaders, or the two sides of a comparison), added up: counts, weights and tables; the
     * metadata and N are this site's.
     */
    public SiteStats plus(SiteStats other) {
        Map<String, Long> table = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            table.merge(values[i], counts[i], Long::sum);
        }
        for (int i = 0; i < other.values.length; i++) {
            table.merge(other.values[i], other.counts[i], Long::sum);
        }
        return withTable(meta, executed + other.executed, profiled + other.profiled, weight + other.weight,
                mrvHits + other.mrvHits, table, switchedOff + other.switchedOff, switchedOn + other.switchedOn, topN);
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
        return new TopValue(values[i], counts[i], share(counts[i], weight));
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
