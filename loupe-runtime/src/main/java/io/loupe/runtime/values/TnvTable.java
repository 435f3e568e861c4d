package io.loupe.runtime.values;

/**
 * A Top-N-Value table (Calder et al., §3, Fig. 1): value/count pairs with least-frequently-used
 * replacement, and periodic clearing of the bottom half so that a new value that has become
 * frequent can still win a place in the top half against values that were frequent long ago.
 *
 * <p>Entries are kept sorted by count, highest first: a hit moves its entry up past those it now
 * outnumbers (usually no move at all: the hot value sits in slot 0, found by the first compare),
 * so the LFU entry is always the last one and clearing the bottom half is a truncation.
 *
 * <p>Clearing rule: after every clear interval (counted in executions, i.e. in weight) the bottom
 * half is cleared, and the next interval is twice the count of the middle entry — the last entry of
 * the top half, which a new value must outnumber to get there — but never less than the configured
 * minimum. Beyond the paper, a table in which no value has had to make room for another since the
 * last clear is left alone at the interval: clearing it would only lose counts, and a site with at
 * most {@code capacity} distinct values is therefore counted exactly.
 *
 * <p>Counts are weights: 1 per profiled execution, more under convergent profiling (see
 * {@link SiteRecorder}), where executions that were not profiled are credited to the values. Each
 * entry also keeps the part of its count that was profiled ({@link #profiledCount}): what the
 * table really saw of the value, which the profile gives beside the estimate. It moves, and is
 * cleared, with its entry. One thread owns a table; nothing here is synchronized.
 */
final class TnvTable implements SiteRecorder.Sink {

    private final long[] values;
    private final long[] counts;
    /** The profiled executions among each entry's count, parallel to {@link #counts}. */
    private final long[] seen;
    private final int minClearInterval;
    private int size;
    private long untilClear;
    /** True once a value had to replace another since the last clear. */
    private boolean contended;

    TnvTable(int capacity, int minClearInterval) {
        this.values = new long[capacity];
        this.counts = new long[capacity];
        this.seen = new long[capacity];
        this.minClearInterval = minClearInterval;
        this.untilClear = minClearInterval;
    }

    /** Counts {@code w} (≥ 1) profiled executions of {@code value}. */
    void add(long value, long w) {
        add(value, w, w);
    }

    /** Credits {@code value} with {@code w} (≥ 1) executions that were not profiled. */
    @Override
    public void credit(long value, long w) {
        add(value, w, 0);
    }

    /** Counts {@code value} with weight {@code w}, {@code profiled} of it profiled executions. */
    private void add(long value, long w, long profiled) {
        long[] vs = values;
        long[] cs = counts;
        long[] ps = seen;
        int n = size;
        int i = 0;
        while (i < n && vs[i] != value) {
            i++;
        }
        long c;
        long p;
        if (i < n) {
            c = cs[i] + w;   // a hit
            p = ps[i] + profiled;
        } else {
            c = w;
            p = profiled;
            if (n < vs.length) {
                size = n + 1;
            } else {
                i = n - 1;   // replace the least frequently used entry
                contended = true;
            }
        }
        while (i > 0 && cs[i - 1] < c) {   // keep the order: move up past entries it outnumbers
            vs[i] = vs[i - 1];
            cs[i] = cs[i - 1];
            ps[i] = ps[i - 1];
            i--;
        }
        vs[i] = value;
        cs[i] = c;
        ps[i] = p;
        untilClear -= w;
        if (untilClear <= 0) {
            clear();
        }
    }

    /**
     * Counts {@code w} executions of {@code value} in a row: the same as {@code w} calls of
     * {@code add(value, 1)}, because a clear that falls inside the run is made where it falls.
     */
    void addRun(long value, long w) {
        while (w > untilClear) {
            long upToClear = untilClear;   // at least 1: a clear sets it to at least the minimum
            add(value, upToClear);
            w -= upToClear;
        }
        add(value, w);
    }

    /** A copy of this table, state and all. */
    TnvTable copy() {
        TnvTable t = new TnvTable(values.length, minClearInterval);
        System.arraycopy(values, 0, t.values, 0, size);
        System.arraycopy(counts, 0, t.counts, 0, size);
        System.arraycopy(seen, 0, t.seen, 0, size);
        t.size = size;
        t.untilClear = untilClear;
        t.contended = contended;
        return t;
    }

    private void clear() {
        int half = values.length / 2;
        if (contended) {
            for (int i = half; i < size; i++) {
                counts[i] = 0;
                seen[i] = 0;
            }
            size = half;
            contended = false;
        }
        long middle = size >= half && half > 0 ? counts[half - 1] : 0;
        untilClear = Math.max(minClearInterval, 2 * middle);
    }

    /** Empties the table (a convergent profiling window starts). */
    void reset() {
        size = 0;
        contended = false;
        untilClear = minClearInterval;
    }

    int size() {
        return size;
    }

    long value(int i) {
        return values[i];
    }

    long count(int i) {
        return counts[i];
    }

    /** The profiled executions among entry {@code i}'s count. */
    long profiledCount(int i) {
        return seen[i];
    }

    /** Executions (weight) left before the next clear. */
    long untilClear() {
        return untilClear;
    }

    /** The total count of the top half of the table: the invariance convergence tests (§7). */
    long topHalf() {
        long sum = 0;
        for (int i = 0, n = Math.min(size, Math.max(1, values.length / 2)); i < n; i++) {
            sum += counts[i];
        }
        return sum;
    }
}
