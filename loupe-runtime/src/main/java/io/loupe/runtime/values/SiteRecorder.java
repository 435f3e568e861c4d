package io.loupe.runtime.values;

import io.loupe.data.values.SwitchTimeline;
import io.loupe.runtime.seqlock.Seqlock;
import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;

import java.util.Arrays;

/**
 * One thread's state for one value site: its TNV table, the MRV and execution counters, and the
 * convergent profiling gate (Calder et al., §7). Public only so that instrumented code can hold an
 * array of them in a local; nothing of it is accessible outside this package.
 *
 * <p><b>The gate.</b> Instrumented code reaches a recorder with {@code if (--gate != 0) return;}
 * (in {@link Values}, which the JIT inlines into the site): one decrement and one compare per
 * execution. Under full profiling the gate is 1, so every execution is profiled. Under convergent
 * profiling a site is profiled in windows of {@code interval} executions; after each window the
 * convergence criterion is tested, and a converged site gets a gate of its off period plus one.
 * Executions are not counted separately: {@link #executed()} adds the gate periods up.
 *
 * <p><b>Back-off and weights.</b> The off period is {@code backoff} times the executions so far
 * (but at least {@link #MIN_OFF_INTERVALS} intervals) plus a random part below {@code interval} (so that sites do not switch on in lock step and
 * periodic values are not aliased). After it, profiling switches back on for a window of
 * {@code recheck} executions (by default a quarter of the others): if the site's values have changed phase
 * the test sees invariance move and profiling stays on, in windows of {@code interval}.
 * The executions skipped in an off period are credited to the table: half in the proportions of
 * the values of the window before it, half in those of the window after it (each window's values
 * are kept in a small second table). When the values did not change the halves agree; when they
 * changed phase somewhere in the off period, splitting it in the middle is the unbiased guess. The
 * collector credits an unfinished off period by the last window. Counts are then estimates in
 * executions (the weight is the executions; what a window saw of values it could not keep is in
 * the weight only, see {@link #credit}), and a phase seen only in a few late windows still gets
 * its share — the paper's convergent profile counts samples only, which under-weights every
 * phase after the first.
 *
 * <p><b>Full profiling counts runs.</b> Under full profiling every execution is profiled, and the
 * sites call {@code Values.full*} instead of the gate: an execution whose value equals the one
 * before ({@link #runValue}) only adds one to {@link #run}, inline; a different value ends the run
 * out of line ({@link #change}), which adds it to the table with its length as weight. That is
 * exact, not an estimate: consecutive executions of one value change a TNV table in the same way as
 * one addition of their count, as long as no clear falls between them, and
 * {@link TnvTable#addRun} splits a run where a clear falls. A run's MRV hits are its length less
 * one (the execution that starts a run differs from the one before, or is the first). These
 * programs repeat the previous value in 45–75% of their site executions (SciMark 8%), and each of
 * those costs what the gate costs.
 *
 * <p><b>Quiet methods.</b> Under convergent profiling a method with more than one probe, or a
 * loop, also carries a copy of its original code without probes, and at entry asks
 * {@code Values.quiet} which one to run (Arnold and Ryder's code duplication); a method whose
 * outermost loops qualify also switches versions at their headers ({@code Values.atLoop}), so that
 * an activation that runs long in a loop follows the quiet periods too. A method without a loop
 * that has no copy (one probe, or a constructor) is guarded instead: its probes skip their gates
 * while it is quiet ({@code Values.guarded}). The recorder of the method's first site keeps the
 * thread's counts: the activations that ran the probes ({@link #entries}), the loop iterations that
 * did ({@link #laps}), and the quiet ones credited to it. When one of the method's sites switches
 * off and every other is off too — or cold: run in fewer than one activation or iteration in
 * {@link #COLD}; or minor: run fewer than once per {@link #MINOR} executions of the method's busiest
 * site; or due, its off period ended by a quiet period, but not run in the {@link #COLD}
 * probed activations and iterations since — the method goes quiet ({@link QuietMethods#begin}) for
 * as many activations and iterations as the first of its off sites is expected to need to reach
 * the end of its off period. The countdown is shared by all threads: any thread's activations
 * count it down, without a thread lookup. At the end of the quiet period each site is credited
 * with the executions it is estimated to have run in it: a site in a switching loop at its
 * executions per iteration times the quiet iterations, any other at its executions per activation
 * times the quiet activations, each rate sampled in the probed activations (iterations) that
 * followed the quiet period before ({@link #sample}); a site in a loop that counts its own
 * iterations ({@link #loop}) at its executions per iteration of that loop, times its quiet
 * iterations. The executions credited are estimates, kept apart ({@link #quietCredited}), so that
 * what the probe counted is measured too. An off site's off period advances by them (and ends, if they reach
 * its end, so that its next execution is profiled), an on site's table gets them in the
 * proportions of its values. So a quiet period fast-forwards the sites' own schedules, and
 * {@code executed} is exact but for those estimates (exact when a site runs a fixed number of times
 * per activation, as a parameter does, or per iteration; when several threads run the method, the
 * quiet activations of all are credited at the rates of the thread whose sites converged).
 *
 * <p>It is its own sequence lock ({@link Seqlock}): its slow paths, {@link #profile} and
 * {@link #change}, which move table entries and end runs, hold it, so that a live dump copies a
 * state the recorder had ({@link #consistentReading}).
 */
public final class SiteRecorder extends Seqlock {

    /**
     * The shortest off period, in convergence intervals: without it a site that has converged early
     * (after a few thousand executions, where {@code backoff} times the executions is less than a
     * window) would spend most of its time in windows.
     */
    static final int MIN_OFF_INTERVALS = 8;

    /** Executions left before the next profiled one; see the class comment. */
    int gate = 1;
    /** The gate's value when it was last set, plus quiet executions credited to it: the executions that period stands for. */
    private long gateSet = 1;
    /** Executions of completed gate periods. */
    private long accounted;

    /** The TNV table, created at the first profiled execution (a method's recorders are created together). */
    TnvTable table;
    private final ValueConfig config;
    private long profiled;
    private long weightTotal;
    private long mrvHits;
    private long last;
    private boolean hasLast;

    // convergent profiling: the values of the current (or, while off, the last) window
    TnvTable window;
    private int windowLeft;
    /** The executions profiled into {@link #window} since it was last emptied (its values kept or not). */
    private long windowProfiled;
    /** First site's {@link #entries} when a quiet period ended this site's off period (it is due since). */
    private long dueSince;
    /** Skipped executions still to be credited by the current window (the second half of an off period). */
    private long owed;
    private double lastInvariance = Double.NaN;
    private boolean off;
    private long switchedOff;
    private long switchedOn;
    /** The executions ({@link #accounted}) at the first switches, off, on, off, … (allocated at the first). */
    private long[] switches;
    private int switchesKept;
    private long random;

    // references: a class seen and its id, in front of the ClassValue lookup (the last class profiled;
    // under full profiling, the class of the run before the current one)
    private Class<?> lastClass;
    private long lastClassId;

    // full profiling: the current run of executions with one value, not yet in the table
    /** The value of the current run (for references, its class's id). */
    private long runValue;
    /** Executions of the current run; 0 before the first (whose value may equal the initial 0). */
    private long run;
    /**
     * Executions of the runs ended so far, and how many runs: every one of them profiled, with its
     * weight, and all but the first of each run an MRV hit. The getters add them in; two counters
     * per change of value instead of the four they stand for.
     */
    private long runExecutions;
    private long runs;
    /** References: the class of the current run's value ({@link NoClass} for null). */
    private Class<?> runClass;

    /**
     * A site on fewer than one activation (or switching-loop iteration) in this many does not keep
     * its method out of its quiet copy: a site on a rare branch, or run once per activation of a
     * long-running loop, would take a very long time to complete a window.
     */
    static final int COLD = 16;

    /**
     * A site run fewer than once per this many executions of its method's busiest site does not keep
     * the method out of its quiet copy either: its gate is a negligible share of the method's, while
     * the busiest site's gates run on for as long as it holds the method back. Commons Math's
     * {@code SingularValueDecomposition} constructor, one activation per decomposition, has sites
     * run 1,460 times in a whole run, less than the two windows convergence needs, which kept it out
     * of its quiet copy (where the JVM compiles huge methods, it has one) while its inner loops' 39
     * million executions per site ran their gates: commons-math with frozen quiet periods took 12.0 s
     * without this rule, 7.9 s with it (3.6 s uninstrumented).
     */
    static final int MINOR = 1000;

    /**
     * The probed activations (or iterations) after a quiet period whose executions give each site
     * its rate for the next one ({@link #sample}). Rates over the whole run lag behind a change of
     * phase: luaj's interpreter loop, whose sites run at rates that change with each Lua kernel,
     * came out with its per-site executions 27% off (summed over sites, weighted by executions).
     * Rates over the whole probed stretch before a period (at least 64 units) took that to 8.1%,
     * but credited rare branches that run in bursts 10 to 30 times over (see {@link #sample}); with
     * these samples luaj is 0.6% off.
     */
    static final int SAMPLE = 128;

    /**
     * How many executions the samples before the last keep the weight of in a site's rate
     * ({@link #sample}): a site run often is credited at its last sample, which follows the
     * program's phases at once; a rare one (a few executions per sample) at its samples together,
     * until they hold this many executions, so that its rate is not one or two executions' worth.
     */
    static final double MEMORY = 32;

    /**
     * The most units a probed stretch is lengthened by to wait for a block that woke its method
     * ({@link #endQuiet}): a block that ran once in a longer stretch than half this is rare enough
     * to wait for the next period's wake.
     */
    static final long MAX_AWAIT = 1 << 16;

    // quiet methods: every recorder knows its method's first one, which keeps the method's counts
    /** This site's id. */
    private final int site;
    /**
     * Held over the credit of a quiet period to this site, which the thread that ends the period
     * applies to every site of the method ({@link #endQuiet}): perhaps not the owner.
     */
    private final Seqlock credits = new Seqlock();
    /** The recorder of the first site of this site's method, in this thread. */
    private SiteRecorder method = this;
    /** First site only: the recorders of the method's sites (null: not yet linked). */
    private SiteRecorder[] sites;
    /**
     * First site only: activations of the method in this thread that ran its probes (counted in
     * quiet methods only, by {@code Values.probed}).
     */
    long entries;
    /**
     * First site only: iterations of the method's outermost loops in this thread that ran the
     * probes, in a method whose loops switch versions at their headers ({@code Values.atLoop}).
     */
    long laps;
    /** Executions credited to this site by its method's quiet periods: estimates, which {@link #executed()} includes. */
    private long quietCredited;
    /** This site's executions when the method's last quiet period ended (estimates included). */
    private long executedMark;
    /**
     * First site only: the {@link #entries} (and {@link #laps}) at which the sites' rates are next
     * sampled ({@link #sample}): {@link #SAMPLE} after the last quiet period ended. {@code Values}
     * compares each count with it as it counts.
     */
    long sampleEntriesAt = SAMPLE + 1;
    long sampleLapsAt = SAMPLE + 1;
    /** First site only: the units of the next sample, {@link #SAMPLE} unless a block woke the last period ({@link #endQuiet}). */
    private long sampleSpan = SAMPLE;
    /**
     * This site's sampled rate, as executions over units (activations, or iterations of a
     * switching loop): what a quiet period is credited at ({@link #sample}). {@code rateUnits} is
     * 0 until the first sample.
     */
    private double rateExecutions;
    private double rateUnits;
    /** First site only: quiet activations and loop iterations credited to this thread's sites; quiet periods begun. */
    private long quietEntries;
    private long quietLaps;
    private long quietPeriods;
    /** First site only: the method's loops switch versions at their headers ({@link QuietMethods#switchesInLoops}). */
    private boolean switching;
    /** This site runs per iteration of such a loop, so quiet iterations, not quiet activations, are credited to it. */
    private boolean iterated;
    /**
     * An iterated site whose loop counts its own iterations ({@link QuietMethods#LAPS}): the
     * recorder of the loop's first site, which keeps them; null for a site credited for the
     * iterations of all the method's switching loops together.
     */
    private SiteRecorder loop;
    /** Loop's first site only: the loop's iterations in this thread that ran the probes ({@code Values.atLoopOf}). */
    long loopLaps;
    /** Loop's first site only: {@link #loopLaps} when the last quiet period ended. */
    private long loopLapsMark;
    /** Loop's first site only: the loop's quiet iterations ({@link QuietMethods#LAPS}) when the current period began. */
    private int loopQuietMark;

    /** The class a run of nulls is kept under: never instantiated, so no value has it. */
    static final class NoClass {
        private NoClass() {
        }
    }

    SiteRecorder(ValueConfig config, int site) {
        this.config = config;
        this.site = site;
        this.windowLeft = config.interval();
        this.random = seed(site, config.seed());
    }

    /**
     * The seed of site {@code site}'s random part of its off periods: one per site, so that runs
     * are reproducible whatever order threads and sites start in, and the configured {@code seed}
     * mixed in (seed 0 gives each site the seed it had before there was one). Never 0, which
     * the xorshift would keep.
     */
    static long seed(int site, long seed) {
        long s = 0x9E3779B97F4A7C15L * (site + 1L) ^ 0xD1B54A32D192ED03L ^ 0xBF58476D1CE4E5B9L * seed;
        return s != 0 ? s : 0xD1B54A32D192ED03L;
    }

    /**
     * Profiles one execution; the caller has just found the gate at zero. Never inlined: inlined
     * into every site, this slow path (with the table and the convergence test it calls) made each
     * instrumented method's compiled code many times larger and its compilation take hundreds of
     * milliseconds, which cost more than the call.
     */
    @DontInline
    void profile(long value) {
        beginChange();
        try {
            if (table == null) {
                table = new TnvTable(config.tableSize(), config.clearInterval());
                window = config.convergent() ? new TnvTable(config.tableSize(), Integer.MAX_VALUE) : null;
                if (site < QuietMethods.CAPACITY) {
                    QuietMethods.RECORDED[site] = true;   // the quiet copy's block checks stop waking the method
                }
            }
            accounted += gateSet;
            if (off) {
                off = false;
                switchedOn++;
                keepSwitch();
                long skipped = gateSet - 1L;
                long before = skipped / 2;
                weightTotal += before;
                credit(window, windowProfiled, before, table);
                owed = skipped - before;
                window.reset();
                windowProfiled = 0;
                windowLeft = config.recheck();
            }
            profiled++;
            weightTotal++;
            if (hasLast && value == last) {
                mrvHits++;
            }
            last = value;
            hasLast = true;
            table.add(value, 1);
            gate = 1;
            gateSet = 1;
            if (window != null) {
                window.add(value, 1);
                windowProfiled++;
                if (--windowLeft == 0) {
                    testConvergence();
                }
            }
        } finally {
            endChange();
        }
    }

    /** A reference site's profiled execution: {@link #profile} of the value's class id (0 for null). */
    @DontInline
    void profileRef(Object value) {
        profile(value == null ? 0 : classId(value.getClass()));
    }

    /** The id of class {@code c}, with the last class seen in front of the ClassValue lookup. */
    private long classId(Class<?> c) {
        if (c != lastClass) {
            lastClassId = ClassIds.of(c);
            lastClass = c;
        }
        return lastClassId;
    }

    /** A full-profiling execution with {@code value}: the current run goes on, or a new one starts. */
    void full(long value) {
        if (value == runValue) {
            run++;
        } else {
            change(value);
        }
    }

    /**
     * {@link #full} for a reference site, by the value's class. A null, whose class the inline
     * part does not look up, always goes out of line, where it may continue a run of nulls.
     */
    void fullRef(Object value) {
        if (value != null && value.getClass() == runClass) {
            run++;
        } else {
            changeRef(value);
        }
    }

    /**
     * Ends the current run and starts one of {@code value}: the full-profiling probe has just
     * found a value other than the run's. Out of line, like {@link #profile}.
     */
    @DontInline
    void change(long value) {
        beginChange();
        try {
            endRun();
            runValue = value;
            run = 1;
        } finally {
            endChange();
        }
    }

    /** {@link #change} for a reference site (or a null continuing a run of nulls). */
    @DontInline
    void changeRef(Object value) {
        beginChange();
        try {
            Class<?> c = value == null ? NoClass.class : value.getClass();
            if (c == runClass) {
                run++;
                return;
            }
            endRun();
            long id = c == NoClass.class ? 0 : c == lastClass ? lastClassId : ClassIds.of(c);
            if (runClass != null && runClass != NoClass.class) {
                // the run just ended: a site whose values alternate between two classes finds the
                // other one here, in front of the ClassValue lookup
                lastClass = runClass;
                lastClassId = runValue;
            }
            runClass = c;
            runValue = id;
            run = 1;
        } finally {
            endChange();
        }
    }

    /** Adds the current run, if any, to the table and the counters. */
    private void endRun() {
        long n = run;
        if (n == 0) {
            return;
        }
        if (table == null) {
            table = new TnvTable(config.tableSize(), config.clearInterval());
        }
        runExecutions += n;
        runs++;
        table.addRun(runValue, n);
        run = 0;
    }

    /**
     * What the collector reads of this recorder in one thread: its counters, its table with the
     * current run added, and what its pending skipped executions are credited by.
     */
    record Reading(TnvTable table, long quietPending, long executed, long quietCredited, long profiled,
                   long pendingSkipped, long weightTotal, long mrvHits, long switchedOff, long switchedOn,
                   SwitchTimeline timeline, TnvTable creditSource, long creditTotal) {
    }

    /** A reading of a recorder whose site never ran in its thread. */
    static final Reading NEVER_RAN = new Reading(null, 0, 0, 0, 0, 0, 0, 0, 0, 0, null, null, 0);

    /**
     * The reading as it stands, for the dump at exit (threads still running are read as they are),
     * the tables copied when {@code copy} (a live dump: the owner goes on changing its own).
     */
    Reading reading(boolean copy) {
        // The fast paths go on counting while a live dump reads (run++, gate--): each is read once,
        // so that the table and the counters agree on it.
        long pending = run;
        int gateNow = gate;
        TnvTable t = tableWithRun(copy, pending);
        if (t == null) {
            return NEVER_RAN;
        }
        TnvTable source = creditSource();
        long ran = accounted + (gateSet - gateNow) + runExecutions + pending;
        return new Reading(t, quietPending(), ran, quietCredited(), profiled + runExecutions + pending,
                off ? gateSet - gateNow : owed, weightTotal(), mrvHits(), switchedOff(), switchedOn(), timeline(),
                copy && source != null ? source.copy() : source, creditTotal());
    }

    /**
     * A reading copied while the owner (and a thread that ends a quiet period) may be changing
     * the recorder: a state it had, each counter read at some moment of the copy; null if the
     * recorder kept changing for {@code attempts} copies ({@link Seqlock#read}).
     */
    Reading consistentReading(int attempts) {
        return Seqlock.read(() -> reading(true), attempts, this, credits);
    }

    /**
     * The table as it stands with the current run added, for the collector: a copy when a run is
     * pending (the owning thread may still be running) or {@code copy} asks for one, {@code null}
     * if the site never ran here.
     */
    TnvTable tableWithRun(boolean copy) {
        return tableWithRun(copy, run);
    }

    /** {@link #tableWithRun(boolean)} with the current run {@code pending} executions long. */
    private TnvTable tableWithRun(boolean copy, long pending) {
        if (pending == 0) {
            return copy && table != null ? table.copy() : table;
        }
        TnvTable t = table == null ? new TnvTable(config.tableSize(), config.clearInterval()) : table.copy();
        t.addRun(runValue, pending);
        return t;
    }

    /** Where {@link #credit} puts each share: a table, or the collector's merge. */
    interface Sink {
        void credit(long value, long count);
    }

    /**
     * Adds {@code executions} to {@code into} in the proportions the values of {@code from} had
     * among the {@code fromTotal} executions it was filled from: a value seen in a tenth of a
     * window's executions gets a tenth of the credit. The executions of values the table could not
     * keep (more distinct values than entries) are credited to no value: they count in the weight
     * only, as values seen too rarely to be kept. (Shares taken among the kept values alone gave a
     * value seen once in a window of distinct values an eighth of the off period, and a site 90%
     * one value 97%.) The remainder of the division goes to the top value.
     */
    static void credit(TnvTable from, long fromTotal, long executions, Sink into) {
        long kept = 0;
        for (int i = 0; i < from.size(); i++) {
            kept += from.count(i);
        }
        long total = Math.max(kept, fromTotal);
        if (executions <= 0 || total == 0) {
            return;
        }
        long toKept = (long) ((double) executions * kept / total);
        long given = 0;
        for (int i = from.size() - 1; i >= 1; i--) {
            long share = (long) ((double) executions * from.count(i) / total);
            if (share > 0) {
                into.credit(from.value(i), share);
                given += share;
            }
        }
        if (toKept > given) {
            into.credit(from.value(0), toKept - given);
        }
    }

    /**
     * Skipped executions not yet credited to the table: those of the current off period that have
     * run so far, or the half of the last one owed to the current, unfinished window. The
     * collector credits them by {@link #window}.
     */
    long pendingSkipped() {
        return off ? gateSet - gate : owed;
    }

    private void testConvergence() {
        windowLeft = config.interval();
        if (owed > 0) {
            weightTotal += owed;
            credit(window, windowProfiled, owed, table);
            owed = 0;
        }
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
            window.reset();   // the next window follows this one without a gap
            windowProfiled = 0;
            return;
        }
        long executions = accounted;
        long offPeriod = Math.max((long) (executions * config.backoff()), MIN_OFF_INTERVALS * (long) config.interval())
                + nextRandom(config.interval());
        offPeriod = Math.max(1, Math.min(offPeriod, Integer.MAX_VALUE - 1));
        gate = (int) offPeriod + 1;
        gateSet = gate;
        off = true;
        switchedOff++;
        keepSwitch();
        method.maybeQuiet();
    }

    /**
     * Keeps the execution of a switch, among the first {@link SwitchTimeline#KEPT}: off the hot path,
     * as switches come once per convergence window at most.
     */
    private void keepSwitch() {
        if (switches == null) {
            switches = new long[SwitchTimeline.KEPT];
        }
        if (switchesKept < switches.length) {
            switches[switchesKept++] = accounted;
        }
    }

    /** When the site switched off and on in this thread (the first {@link SwitchTimeline#KEPT}), or null if never. */
    SwitchTimeline timeline() {
        return switchesKept == 0 ? null : new SwitchTimeline(executed(), Arrays.copyOf(switches, switchesKept));
    }

    /**
     * Links the recorders of one method's sites (in one thread, created together): each to the
     * first, which keeps the method's counts for quiet periods.
     */
    static void link(SiteRecorder[] methodSites) {
        SiteRecorder first = methodSites[0];
        first.sites = methodSites;
        first.switching = QuietMethods.switchesInLoops(first.site);
        for (SiteRecorder r : methodSites) {
            r.method = first;
            r.iterated = first.switching && QuietMethods.iterated(r.site);
            int key = r.iterated ? QuietMethods.loopOf(r.site) : -1;
            int index = key - first.site;
            r.loop = index >= 0 && index < methodSites.length ? methodSites[index] : null;
        }
    }

    /**
     * First site only, after one of the method's sites switched off: goes quiet if it is a quiet
     * method and every site is off or cold, for the activations the first off site is expected to
     * take to reach the end of its off period.
     */
    private void maybeQuiet() {
        if (!isQuietMethod()) {
            return;   // Values.probed never ran: no quiet copy
        }
        long activations = activations();
        long iterations = iterations();
        long units = activations + iterations;   // what a quiet period counts down
        long busiest = 0;
        for (SiteRecorder s : sites) {
            busiest = Math.max(busiest, s.executed());
        }
        double period = Double.MAX_VALUE;
        for (SiteRecorder s : sites) {
            long executed = s.executed();
            if (s.off && s.gate > 1) {
                period = Math.min(period, offUnitsLeft(s));
            } else if (s.off && entries + laps - s.dueSince >= COLD) {
                // Due (its off period ended in a quiet period, its next execution is profiled) but not
                // run in the COLD probed activations and iterations since: its branch may never be
                // taken again, and it must not hold its method's quiet periods back for ever.
                continue;
            } else if (executed * COLD >= units && executed * MINOR >= busiest) {
                // a site still profiled, or due, and not a rare one (a site run once per activation of
                // a long-running loop is rare: it would take many activations to fill a window)
                return;
            }
        }
        if (period == Double.MAX_VALUE || Double.isInfinite(period)) {
            // no off site is expected to run again: back off as a site does, for a share of the
            // method's activations and iterations so far
            period = Math.max(units * config.backoff(), MIN_OFF_INTERVALS * (double) config.interval());
        }
        for (SiteRecorder s : sites) {   // where each loop's quiet iterations start from, should the period begin
            if (s.loop != null) {
                s.loop.loopQuietMark = QuietMethods.LAPS[s.loop.site];
            }
        }
        if (period >= 1 && QuietMethods.begin(site, (int) Math.min(period, Integer.MAX_VALUE - 1), this)) {
            quietPeriods++;
            sampleEntriesAt = Long.MAX_VALUE;   // no sample while quiet: the next stretch takes one
            sampleLapsAt = Long.MAX_VALUE;
        }
    }

    /**
     * First site only, at the end of a quiet period this thread's sites began: credits each site
     * with the executions it is estimated to have run in the period's {@code units} quiet
     * activations and loop iterations, {@code entered} of them activations in a method whose loops
     * switch versions (see the class comment). Called by the thread that ran the period's last
     * activation or iteration. {@code awaited} is not 0 if a block of sites that had never run its
     * probes ended the period after that many units ({@code QuietMethods.endSoon}): the next
     * sample, and so the probed stretch, then lasts twice as many units more, up to
     * {@link #MAX_AWAIT}, so that the block is likely to run in it.
     */
    void endQuiet(long units, long entered, long awaited) {
        long q = switching ? entered : units;
        long qLaps = units - q;
        quietEntries += q;
        quietLaps += qLaps;
        for (SiteRecorder s : sites) {   // each estimate reads its own site and the method's counts only
            long credit = s.estimate(q, s.loop != null ? s.loop.quietLoopLaps() : qLaps);
            s.credits.beginWrite();   // a live dump must not copy the site's table half credited
            try {
                s.skipQuiet(credit);
            } finally {
                s.credits.endWrite();
            }
            s.executedMark = s.executed();
        }
        for (SiteRecorder s : sites) {
            if (s.loop != null) {
                s.loop.loopLapsMark = s.loop.loopLaps;
            }
        }
        sampleSpan = SAMPLE + Math.min(2 * awaited, MAX_AWAIT);
        sampleEntriesAt = entries + sampleSpan + 1;   // counted at entry: the sampleSpan before it are done
        sampleLapsAt = laps + sampleSpan + 1;
    }

    /** First site only: counts a probed activation of the method (and samples the rates at the {@link #SAMPLE}th). */
    @ForceInline
    void enter() {
        if (++entries == sampleEntriesAt) {
            sample(false);   // out of line: once per quiet period
        }
    }

    /** First site only: counts a probed iteration of a switching loop (and samples the rates at the {@link #SAMPLE}th). */
    @ForceInline
    void lap() {
        if (++laps == sampleLapsAt) {
            sample(true);
        }
    }

    /**
     * First site only: the method has run {@link #SAMPLE} probed activations ({@code laps} false)
     * or switching-loop iterations ({@code laps} true) since its last quiet period ended (or since
     * it started): each site counted in those units takes its executions in them as its rate,
     * which the next quiet period is credited at. Why these units and no others: where a quiet
     * period ends is set by its countdown when it begins, not by what the program does then, so
     * the first units after it are a fair sample of the program. The probed stretch as a whole is
     * not: it lasts until the sites converge again, longer while their values are on the move,
     * which in a program that works in bursts (luaj's table inserts) is while a rare branch runs;
     * its rate credited the quiet periods after it 10 to 30 times over.
     */
    @DontInline
    void sample(boolean laps) {
        sample(laps, sampleSpan);
        if (laps) {
            sampleLapsAt = Long.MAX_VALUE;
        } else {
            sampleEntriesAt = Long.MAX_VALUE;
        }
        // Every site may still be off: a period is reckoned at estimated rates and can end before
        // the off period it was meant to wait for. The method would then run its gates, profiling
        // nothing, until a site came back on and converged again (luaj's interpreter loop ran 20%
        // of its iterations so). With its rates sampled afresh, it goes quiet again at once.
        maybeQuiet();
    }

    /** Each site counted in {@code laps} (or activations) takes its executions in the last {@code units} as its rate. */
    private void sample(boolean laps, long units) {
        SiteRecorder[] all = sites;
        if (all == null || units <= 0) {
            return;
        }
        for (SiteRecorder s : all) {
            if (s.iterated == laps) {
                long n = s.loop != null ? s.loop.loopLaps - s.loop.loopLapsMark : units;   // its own loop's iterations
                if (n <= 0) {
                    continue;   // its loop did not run in the sample: nothing learnt of its rate
                }
                if (s.rateExecutions > MEMORY) {   // the old samples keep the weight of MEMORY executions
                    s.rateUnits *= MEMORY / s.rateExecutions;
                    s.rateExecutions = MEMORY;
                }
                long ran = s.executed() - s.executedMark;
                if (ran < 0) {
                    // the mark was taken by the thread that ended the quiet period while this one ran
                    // the site (their counts raced): nothing learnt of the rate, and a negative one
                    // would make every later estimate negative
                    continue;
                }
                s.rateExecutions += ran;
                s.rateUnits += n;
            }
        }
    }

    /** Credits {@code n} executions run in the method's original code, without probes. */
    private void skipQuiet(long n) {
        if (n <= 0) {
            return;
        }
        quietCredited += n;
        if (off) {
            if (n >= gate - 1L) {
                gateSet = gateSet - gate + n + 1;   // the off period is over: profile the next execution
                if (gate > 1) {
                    dueSince = method.entries + method.laps;
                }
                gate = 1;
            } else {
                gate -= (int) n;
            }
            return;
        }
        accounted += n;
        weightTotal += n;
        credit(creditSource(), creditTotal(), n, table);
    }

    /** The values skipped executions are credited by: the current (or last) window's, or the table's before any. */
    TnvTable creditSource() {
        return window != null && window.size() > 0 ? window : table;
    }

    /** The executions {@link #creditSource()}'s counts were drawn from: the window's, or the table's weight. */
    long creditTotal() {
        return window != null && window.size() > 0 ? windowProfiled : weightTotal();
    }

    /**
     * The executions this site is estimated to have run so far in its method's current quiet
     * period (0 if the method is not quiet): the collector credits them by {@link #creditSource}.
     */
    long quietPending() {
        SiteRecorder m = method;
        long done = m.entries == 0 ? 0 : QuietMethods.under(m.site, m);
        if (done <= 0) {
            return 0;
        }
        // read apart from done, while the method's threads go on (a live dump), the activations may
        // have moved past it: never more of them than done, or the iterations (done - q) go negative
        long q = m.switching ? Math.min(done, QuietMethods.enteredUnder(m.site, m)) : done;
        return estimate(q, loop != null ? loop.quietLoopLaps() : done - q);
    }

    /** Loop's first site only: the loop's quiet iterations since the current (or last) period began. */
    private long quietLoopLaps() {
        return Math.max(0, QuietMethods.LAPS[site] - loopQuietMark);   // int arithmetic: the count wraps
    }

    /**
     * The executions of this site in {@code q} quiet activations and {@code qLaps} quiet loop
     * iterations: at its rate per iteration if it runs in a loop that switches versions, else at
     * its rate per activation ({@link #rate}).
     */
    private long estimate(long q, long qLaps) {
        return Math.round((iterated ? qLaps : q) * rate());
    }

    /**
     * This site's executions per activation (per iteration, for a site in a switching loop): the
     * sampled rate ({@link #sample}); before the first sample, the rate measured over the whole run
     * so far, the executions the probe counted over the probed activations (iterations). Estimates
     * never feed a rate: a rate that counted them made an estimate too high feed the next one.
     */
    private double rate() {
        if (rateUnits > 0) {
            return rateExecutions / rateUnits;
        }
        SiteRecorder m = method;
        long probedUnits = loop != null ? loop.loopLaps : iterated ? m.laps : m.entries;
        return probedUnits == 0 ? 0 : (double) (executed() - quietCredited) / probedUnits;
    }

    /**
     * First site only: the activations and iterations an off site is expected to take to reach
     * the end of its off period, at the rate its estimates take; infinite for a site that did not
     * run at that rate (its branch no longer taken), which then bounds no quiet period.
     */
    private double offUnitsLeft(SiteRecorder s) {
        double rate = s.rate();
        if (rate <= 0) {
            return Double.POSITIVE_INFINITY;
        }
        // the rate is per unit of the site's own (activations, or iterations of its loop); the
        // countdown counts the method's activations and all its switching loops' iterations
        long own = s.loop != null ? s.loop.loopLaps : s.iterated ? laps : entries;
        double perOwn = own == 0 ? 1 : (double) (entries + laps) / own;
        return (s.gate - 1.0) / rate * perOwn;
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
        return accounted + (gateSet - gate) + runExecutions + run;
    }

    /** The executions of {@link #executed()} that were estimated for quiet periods, not counted. */
    long quietCredited() {
        return quietCredited;
    }

    long profiled() {
        return profiled + runExecutions + run;
    }

    long weightTotal() {
        return weightTotal + runExecutions + run;
    }

    long mrvHits() {
        return mrvHits + runExecutions - runs + Math.max(0, run - 1);
    }

    long switchedOff() {
        return switchedOff;
    }

    long switchedOn() {
        return switchedOn;
    }

    /** True for the first site of a quiet method that has run its probes in this thread. */
    boolean isQuietMethod() {
        return sites != null && entries > 0;
    }

    /** First site only: the method's activations credited to this thread, with probes or quiet. */
    long activations() {
        return entries + quietEntries();
    }

    /** First site only: the quiet activations credited to this thread's sites, and how many quiet periods they began. */
    long quietEntries() {
        if (entries == 0) {
            return quietEntries;
        }
        return quietEntries + (switching ? QuietMethods.enteredUnder(site, this) : QuietMethods.under(site, this));
    }

    /** First site only: iterations of the method's switching loops credited to this thread, probed or quiet. */
    long iterations() {
        return laps + quietIterations();
    }

    /** First site only: the quiet iterations of the method's switching loops credited to this thread's sites. */
    long quietIterations() {
        if (entries == 0 || !switching) {
            return quietLaps;
        }
        return quietLaps + QuietMethods.under(site, this) - QuietMethods.enteredUnder(site, this);
    }

    long quietPeriods() {
        return quietPeriods;
    }
}
