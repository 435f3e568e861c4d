package io.loupe.runtime.values;

import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;

/**
 * The entry points that value sites call. A method with value sites fetches its thread's recorder
 * array once, at entry ({@link #recorders}), and keeps it in a local; each site then passes the
 * value (duplicated from the stack), that array and its site id. Sub-int primitives come as
 * {@code int}; {@code float} and {@code double} are recorded by their raw bits; references by their
 * runtime class.
 *
 * <p>The hot path is an array load and the site's gate ({@code --gate == 0}, see
 * {@link SiteRecorder}): under convergent profiling almost every execution stops there. Under
 * full profiling the sites call the {@code full*} methods instead, whose hot path is the same
 * array load, a compare with the site's previous value and a count: the value is added to the
 * table only when it changes ({@link SiteRecorder}, <i>Full profiling counts runs</i>). It has no
 * null check (the recorders of a method's sites are created together, before its first
 * activation in a thread uses them) and one call, to the slow path: what a probe adds to the
 * compiled code of its method stays small, so the JIT keeps inlining the instrumented method into
 * its callers as it did the original. The array is the thread's own, so no thread lookup happens
 * per site; an array that has grown since an activation fetched it holds the same recorders.
 *
 * <p><b>Inlined everywhere.</b> A probe that the JIT does not inline is a real call per execution,
 * and HotSpot's inlining heuristics turn many down: a callee over 35 bytes of bytecode
 * ({@code MaxInlineSize}) is inlined only at call sites it has seen run often, and once a
 * compilation has inlined 8,000 bytes ({@code DesiredMethodLimit}) nothing more is — which a
 * method with a few hundred sites reaches with its probes alone (commons-math under convergent
 * profiling: about half of the probe calls in C2-compiled code were left as calls). So every
 * method on the hot path stays within 35 bytes ({@code ProbeSizeTest}), and those of the fetch
 * and of the convergent gate carry the JDK's {@code @ForceInline} (honoured, like
 * {@code @DontInline}, for classes on the boot class path, where the runtime lives). Full
 * profiling's run check does not: forced into every site, where SciMark's kernels take its out of
 * line path at 92% of executions, it ran SciMark 23% and jackson 30% slower than left to the
 * JIT's heuristics.
 *
 * <p><b>Except in methods with hundreds of probes.</b> Forced inline, a few hundred gates take a
 * large method past what either compiler can build: luaj's interpreter loop
 * ({@code LuaClosure.execute}, 3,873 bytes, 7,746 with its probes) made C1 run out of virtual
 * registers in every run and C2 run out of nodes in some, and a method neither compiler takes runs
 * interpreted for ever (luaj under convergent profiling: 105–110 s instead of 18–23 s, in two of
 * four runs). The instrumenter gives such methods the {@code callX} gates instead, the same gate
 * kept out of line, guarded methods' test included ({@code ValueProbeInserter.INLINE_GATES}).
 */
public final class Values {

    private static ValueThread last = ValueThread.NOBODY;

    private Values() {
    }

    /**
     * The current thread's recorders, with one ready for each site id in {@code [first, end)}: the
     * calling method's sites. Called once per activation of a method with value sites; after a
     * method's first activation in a thread it is a few loads and compares, split over this method
     * and {@link ValueThread#ready} so that each stays within the JIT's size for inlining anywhere.
     */
    @ForceInline
    public static SiteRecorder[] recorders(int first, int end) {
        ValueThread t = last;
        return t.owner == Thread.currentThread() ? t.ready(first, end) : switchThread(first, end);
    }

    /** {@link #recorders} on a thread other than the last one seen. */
    @DontInline
    private static SiteRecorder[] switchThread(int first, int end) {
        ValueThread t = ValueThread.current();
        last = t;
        return t.ready(first, end);
    }

    // ---- convergent profiling: the gate (see SiteRecorder) ----

    /**
     * At the entry of a quiet method: true to run its original code, without probes, because its
     * sites have converged (see {@link SiteRecorder}, <i>Quiet methods</i>). A load, a decrement and
     * a store on a constant address; no thread lookup.
     */
    @ForceInline
    public static boolean quiet(int first) {
        int n = QuietMethods.LEFT[first];
        return n != 0 && QuietMethods.countDown(first, n);
    }

    /**
     * At the header of an outermost loop of a quiet method, on the way into its probed version:
     * {@code null} to run this iteration in the quiet copy instead, because the method is quiet
     * (the copy's header then counts it down, {@link #quiet}); otherwise the thread's recorders,
     * fetched if the activation ran quiet until now ({@code rs} is null), and the iteration
     * counted. So an activation that runs long in a loop switches between the versions at each
     * outermost iteration; quiet periods are credited to the sites in those loops at their
     * executions per iteration, to the others at their executions per activation.
     */
    @ForceInline
    public static SiteRecorder[] atLoop(SiteRecorder[] rs, int first, int end) {
        if (QuietMethods.LEFT[first] != 0) {
            return null;
        }
        return lap(rs != null ? rs : recorders(first, end), first);
    }

    /**
     * {@link #atLoop} at the header of a loop with value sites, {@code loopSite} the first of them:
     * a quiet activation that enters the loop before the loop has ever run its probes ends the
     * quiet period and runs this iteration probed. Why: a method goes quiet once the sites that ran
     * have converged, and a site that has not yet run counts as cold; a loop that starts only
     * after that (the second loop of a {@code main}) would then run quiet for the whole period, and
     * a quiet period credits each site at the rate it ran before — none — so the loop's sites
     * were never in the profile. A loop wakes its method once: {@link QuietMethods#SEEN} is set
     * the first time the loop runs probed, a load and a predictable branch on later iterations.
     */
    @ForceInline
    public static SiteRecorder[] atLoopOf(SiteRecorder[] rs, int first, int end, int loopSite) {
        if (QuietMethods.LEFT[first] != 0) {
            return QuietMethods.SEEN[loopSite] ? null : wake(rs, first, end, loopSite);
        }
        if (!QuietMethods.SEEN[loopSite]) {
            seen(loopSite);
        }
        return lapOf(rs != null ? rs : recorders(first, end), first, loopSite);
    }

    /**
     * The quiet copy's check at the header of an outermost loop with value sites, {@code loopSite}
     * its first: {@link #quiet}, and a quiet iteration counted for the loop too
     * ({@link QuietMethods#LAPS}), so that the loop's sites are credited for its own iterations.
     */
    @ForceInline
    public static boolean quietLap(int first, int loopSite) {
        int n = QuietMethods.LEFT[first];
        if (n == 0) {
            return false;
        }
        QuietMethods.LAPS[loopSite]++;
        return QuietMethods.countDown(first, n);
    }

    /**
     * The quiet copy's check at a block of value sites that not every activation runs,
     * {@code site} the block's first probed site: if that site has never run its probes, the
     * method's quiet period ends (at its next activation, or the next header of an outermost loop),
     * so that the block is profiled when it runs again. Why: a method goes quiet once the sites
     * that ran have converged, and a site on a branch not yet taken counts as cold; a quiet period
     * credits each site at the rate it ran before — none — so a branch first taken while the method
     * was quiet never appeared in the profile (h2's {@code TxDecisionMaker.decide}). After the
     * site's first probed execution this is a load and a predictable branch
     * ({@link QuietMethods#RECORDED}). Not under {@code values.freeze}, whose checks fold away.
     */
    @ForceInline
    public static void quietBlock(int site, int first) {
        if (!QuietMethods.RECORDED[site]) {
            unrecorded(first);
        }
    }

    /**
     * {@link #quietBlock} in a guarded method, before its probe: only while the method is quiet
     * ({@code rs} is null), when the probe does not run.
     */
    @ForceInline
    public static void guardedBlock(SiteRecorder[] rs, int site, int first) {
        if (rs == null && !QuietMethods.RECORDED[site]) {
            unrecorded(first);
        }
    }

    /**
     * A block whose sites never ran their probes runs in a quiet period: the period ends soon. A
     * test before the lock, as a long activation may pass the block many times before it switches.
     */
    @DontInline
    private static void unrecorded(int first) {
        if (QuietMethods.LEFT[first] > 1) {
            QuietMethods.endSoon(first, true);
        }
    }

    /** {@link #atLoopOf}'s first probed iteration of a loop: out of line, so the check inlined stays small. */
    @DontInline
    private static void seen(int loopSite) {
        QuietMethods.SEEN[loopSite] = true;
    }

    /** {@link #atLoopOf} of a loop that has never run its probes, entered while its method is quiet. */
    @DontInline
    private static SiteRecorder[] wake(SiteRecorder[] rs, int first, int end, int loopSite) {
        QuietMethods.SEEN[loopSite] = true;
        QuietMethods.endSoon(first, false);
        return lapOf(rs != null ? rs : recorders(first, end), first, loopSite);
    }

    /** {@link #lap}, and the iteration counted for loop {@code loopSite} too. */
    @ForceInline
    private static SiteRecorder[] lapOf(SiteRecorder[] rs, int first, int loopSite) {
        rs[first].lap();   // first: a sample it takes counts the iterations done, not this one
        rs[loopSite].loopLaps++;
        return rs;
    }

    /** {@link #atLoop}'s count of a probed iteration. */
    @ForceInline
    private static SiteRecorder[] lap(SiteRecorder[] rs, int first) {
        rs[first].lap();
        return rs;
    }

    /**
     * {@link #quiet} at the entry of a quiet method whose loops switch versions ({@link #atLoop}):
     * a quiet activation is also counted apart from the quiet iterations, which the same countdown
     * counts.
     */
    @ForceInline
    public static boolean quietEntry(int first) {
        int n = QuietMethods.LEFT[first];
        return n != 0 && QuietMethods.countEntry(first, n);
    }

    // ---- frozen quiet periods (FrozenMethods): the same checks, folded by the JIT while frozen ----

    /**
     * {@link #quiet} of a freezable method ({@link FrozenMethods}): while the method is frozen, the
     * JIT compiles this to the countdown alone and the method's probed version away. The countdown
     * is tested for {@code > 0}: after a thaw it may have gone below 0.
     */
    @ForceInline
    public static boolean quietFreezable(int first) {
        if (FrozenMethods.frozen(first)) {
            return FrozenMethods.countDown(first);
        }
        return thawedQuiet(first);
    }

    /**
     * {@link #quietFreezable} while the method is not frozen: {@link #quiet}, unless the countdown
     * is below 0, which a thawed method's only is when a late decrement overwrote the thaw
     * ({@link QuietMethods#thawed}).
     */
    @ForceInline
    private static boolean thawedQuiet(int first) {
        int n = QuietMethods.LEFT[first];
        if (n > 0) {
            return QuietMethods.countDown(first, n);
        }
        return n < 0 && QuietMethods.thawLost(first, false);
    }

    /** {@link #quietEntry} of a freezable method. */
    @ForceInline
    public static boolean quietEntryFreezable(int first) {
        if (FrozenMethods.frozen(first)) {
            QuietMethods.ENTERED[first]++;
            return FrozenMethods.countDown(first);
        }
        return thawedQuietEntry(first);
    }

    /** {@link #quietEntryFreezable} while the method is not frozen. */
    @ForceInline
    private static boolean thawedQuietEntry(int first) {
        int n = QuietMethods.LEFT[first];
        if (n > 0) {
            return QuietMethods.countEntry(first, n);
        }
        return n < 0 && QuietMethods.thawLost(first, true);
    }

    /** {@link #atLoop} of a freezable method: null, a constant, while it is frozen. */
    @ForceInline
    public static SiteRecorder[] atLoopFreezable(SiteRecorder[] rs, int first, int end) {
        if (FrozenMethods.frozen(first) || QuietMethods.LEFT[first] > 0) {
            return null;
        }
        return lap(rs != null ? rs : recorders(first, end), first);
    }

    /** {@link #guarded} of a freezable method: null, a constant, while it is frozen, so that every probe folds away. */
    @ForceInline
    public static SiteRecorder[] guardedFreezable(int first, int end) {
        return quietFreezable(first) ? null : probed(first, end);
    }

    /**
     * {@link #recorders} for an activation of a quiet method that runs its probes (not its quiet
     * copy): the activation is counted, for the estimate of what its quiet ones execute.
     */
    @ForceInline
    public static SiteRecorder[] probed(int first, int end) {
        SiteRecorder[] rs = recorders(first, end);
        rs[first].enter();
        return rs;
    }

    /**
     * At the entry of a guarded method (a method with quiet periods but no quiet copy, see
     * {@link SiteRecorder}, <i>Quiet methods</i>): {@code null} while the method is quiet, so that
     * its probes ({@code guardedX}) do nothing; otherwise {@link #probed}.
     */
    @ForceInline
    public static SiteRecorder[] guarded(int first, int end) {
        return quiet(first) ? null : probed(first, end);
    }

    /** A probe of a guarded method: the gate, unless the method is quiet ({@code rs} is null). */
    @ForceInline
    public static void guardedInt(int value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            onInt(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedLong(long value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            onLong(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedFloat(float value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            onFloat(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedDouble(double value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            onDouble(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedRef(Object value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            onRef(value, rs, site);
        }
    }

    @ForceInline
    public static void onInt(int value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    @ForceInline
    public static void onLong(long value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(value);
        }
    }

    @ForceInline
    public static void onFloat(float value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(Float.floatToRawIntBits(value));
        }
    }

    @ForceInline
    public static void onDouble(double value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profile(Double.doubleToRawLongBits(value));
        }
    }

    /** References are profiled by runtime class (looked up only when the gate lets the value in). */
    @ForceInline
    public static void onRef(Object value, SiteRecorder[] rs, int site) {
        SiteRecorder r = rs[site];
        if (--r.gate == 0) {
            r.profileRef(value);
        }
    }

    // ---- the gate as a call: methods with more probes than the compilers take inline ----

    /**
     * {@link #guardedInt}, kept out of line (see the class comment): the gate, unless the method
     * is a guarded one that is quiet ({@code rs} is null).
     */
    @DontInline
    public static void callInt(int value, SiteRecorder[] rs, int site) {
        guardedInt(value, rs, site);
    }

    @DontInline
    public static void callLong(long value, SiteRecorder[] rs, int site) {
        guardedLong(value, rs, site);
    }

    @DontInline
    public static void callFloat(float value, SiteRecorder[] rs, int site) {
        guardedFloat(value, rs, site);
    }

    @DontInline
    public static void callDouble(double value, SiteRecorder[] rs, int site) {
        guardedDouble(value, rs, site);
    }

    @DontInline
    public static void callRef(Object value, SiteRecorder[] rs, int site) {
        guardedRef(value, rs, site);
    }

    /**
     * The call gate of a freezable guarded method ({@link FrozenMethods}): the test of the array
     * inline, so that while the method is frozen (the array a constant null) the call folds away.
     */
    @ForceInline
    public static void guardedCallInt(int value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            callInt(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedCallLong(long value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            callLong(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedCallFloat(float value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            callFloat(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedCallDouble(double value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            callDouble(value, rs, site);
        }
    }

    @ForceInline
    public static void guardedCallRef(Object value, SiteRecorder[] rs, int site) {
        if (rs != null) {
            callRef(value, rs, site);
        }
    }

    // ---- full profiling: run counting (see SiteRecorder) ----

    public static void fullInt(int value, SiteRecorder[] rs, int site) {
        rs[site].full(value);
    }

    public static void fullLong(long value, SiteRecorder[] rs, int site) {
        rs[site].full(value);
    }

    public static void fullFloat(float value, SiteRecorder[] rs, int site) {
        rs[site].full(Float.floatToRawIntBits(value));
    }

    public static void fullDouble(double value, SiteRecorder[] rs, int site) {
        rs[site].full(Double.doubleToRawLongBits(value));
    }

    public static void fullRef(Object value, SiteRecorder[] rs, int site) {
        rs[site].fullRef(value);
    }
}
