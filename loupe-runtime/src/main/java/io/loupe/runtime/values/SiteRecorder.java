package io.loupe.runtime.values;

/**
 * One thread's state for one value site: its TNV table, the MRV and execution counters, and the
 * convergent profiling gate (Calder et al., §7).
 *
 * <p><b>The gate.</b> Instrumented code reaches a recorder with {@code if (--gate != 0) return;}
 * (in {@link Values}, which the JIT inlines into the site): one decrement and one compare per
 * execution. Under full profiling the gate is 1, so every execution is profiled. Under convergent
 * profiling a site is profiled in windows of {@code interval} executions; after each window the
 * convergence criterion is tested, and a converged site gets a gate of its off period plus one.
 * Executions are not counted separately: {@link #executed()} adds the gate periods up.
 *
 * <p><b>Back-off and weights.</b> The off period is {@code backoff} times the executions so far
 * plus a random part below {@code interval} (so that sites do not switch on in lock step and
 * periodic values are not aliased). After it, profiling switches back on for a window: if the
 * site's values have changed phase the test sees invariance move and profiling stays on. The
 * samples of a window that follows an off period stand for the skipped executions as well: each
 * carries weight {@code 1 + off / interval}. Counts are then estimates in executions, and a phase
 * seen only in a few late windows still gets its share — the paper's convergent profile counts
 * samples only, which under-weights every phase after the first.
 */
final class SiteRecorder {

    /** Executions left before the next profiled one; see the class comment. */
    int gate = 1;
    /** The gate's value when it was last set: the executions that period stands for. */
    private int gateSet = 1;
    /** Executions of completed gate periods. */
    private long accounted;

    final TnvTable table;
    private final ValueConfig config;
    private long profiled;
    private long weightTotal;
    private long mrvHits;
    private long last;
    private boolean hasLast;

    // convergent profiling
    private long weight = 1;
    private int windowLeft;
    private double lastInvariance = Double.NaN;
    private boolean off;
    private long switchedOff;
    private long switchedOn;
    private long random;

    // references: the last class seen and its id, in front of the ClassValue lookup
    Class<?> lastClass;
    long lastClassId;

    SiteRecorder(ValueConfig config, int site) {
        this.config = config;
        this.table = new TnvTable(config.tableSize(), config.clearInterval());
        this.windowLeft = config.interval();
        // A per-site seed keeps runs reproducible whatever order threads and sites start in.
        this.random = 0x9E3779B97F4A7C15L * (site + 1L) ^ 0xD1B54A32D192ED03L;
    }

    /** Profiles one execution; the caller has just found the gate at zero. */
    void profile(long value) {
        accounted += gateSet;
        if (off) {
            off = false;
            switchedOn++;
        }
        profiled++;
        long w = weight;
        weightTotal += w;
        if (hasLast && value == last) {
            mrvHits++;
        }
        last = value;
        hasLast = true;
        table.add(value, w);
        gate = 1;
        gateSet = 1;
        if (config.convergent() && --windowLeft == 0) {
            testConvergence();
        }
    }

    private void testConvergence() {
        windowLeft = config.interval();
        weight = 1;   // the next window (if any) follows this one without a gap
        double inv = (double) table.topHalf() / weightTotal;
        double before = lastInvariance;
        lastInvariance = inv;
        boolean keepOn;
        if (Double.isNaN(before)) {
            keepOn = true;   // one window gives no change to judge
        } else if (config.stopsWhenNotIncreasing()) {
            keepOn = inv > before;
        } else {
            keepOn = inv - before > config.increaseBound() || before - inv > config.decreaseBound();
        }
        if (keepOn) {
            return;
        }
        long executions = accounted;
        long offPeriod = (long) (executions * config.backoff()) + nextRandom(config.interval());
        offPeriod = Math.max(1, Math.min(offPeriod, Integer.MAX_VALUE - 1));
        gate = (int) offPeriod + 1;
        gateSet = gate;
        weight = 1 + offPeriod / config.interval();
        off = true;
        switchedOff++;
    }

    /** A xorshift draw in [0, bound). */
    private long nextRandom(int bound) {
        long x = random;
        x ^= x << 13;
        x ^= x >>> 7;
        x ^= x << 17;
        random = x;
        return Math.floorMod(x, (long) bound);
    }

    /** How often the site ran in this thread. */
    long executed() {
        return accounted + (gateSet - gate);
    }

    long profiled() {
        return profiled;
    }

    long weightTotal() {
        return weightTotal;
    }

    long mrvHits() {
        return mrvHits;
    }

    long switchedOff() {
        return switchedOff;
    }

    long switchedOn() {
        return switchedOn;
    }
}
