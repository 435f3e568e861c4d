package io.loupe.runtime.values;

import io.loupe.data.values.QuietIds;
import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The state that quiet methods share between threads, by the id of the method's first value site
 * (see {@link SiteRecorder}, <i>Quiet methods</i>): the quiet activations left in the current quiet
 * period, its length, and the recorder (of the first site, in the thread whose sites converged)
 * that its activations are credited to.
 *
 * <p>The countdown ({@link #LEFT}) is what a quiet method reads at every activation, so it is a
 * {@code static final} array that the JIT folds to a constant address; every thread decrements
 * it without a lock. A lost decrement only makes a period longer, and a period cannot be skipped:
 * the thread whose decrement reaches 0 ends it ({@link #end}), under a lock, once. Methods whose
 * first site id is {@link #CAPACITY} or more are not made quiet.
 */
public final class QuietMethods {

    /** Site ids below this can be the first site of a quiet method. */
    public static final int CAPACITY = QuietIds.CAPACITY;

    /** Quiet activations left, by first site id; 0 while the method runs its probes. */
    static final int[] LEFT = new int[CAPACITY];

    /**
     * Quiet activations of the current period, by first site id, for the methods whose loops switch
     * versions at their headers ({@link #switchesInLoops}): their countdown counts iterations of
     * those loops too, and the two are credited apart. Counted without a lock, as {@link #LEFT} is.
     */
    static final int[] ENTERED = new int[CAPACITY];

    /**
     * Loops of quiet methods that have run their probes at least once, by the id of their first
     * site ({@code Values.atLoopOf}). Written without a lock: a lost write only wakes the method
     * once more.
     */
    static final boolean[] SEEN = new boolean[CAPACITY];

    /**
     * Sites that have run their probes at least once, in any thread, by site id: set when a site's
     * recorder makes its table ({@code SiteRecorder.profile}), read by the checks a quiet copy and
     * a guarded method have at each block of sites that not every activation runs
     * ({@code Values.quietBlock}, {@code Values.guardedBlock}). Written without a lock: a lost
     * write only wakes the method once more. {@code @Stable}: an element once true is a constant
     * to code the JIT compiles after that, and the check folds away; read as a plain load in every
     * iteration, the checks inside SciMark's kernels took it from 1.8× to 2.3× of its time.
     */
    @Stable
    static final boolean[] RECORDED = new boolean[CAPACITY];

    /**
     * Quiet iterations of each outermost loop of a quiet method, by the id of the loop's first site
     * ({@code Values.quietLap}), counted on for the whole run (an int that wraps: a period is read
     * as the difference from its start, and no period is 2<sup>31</sup> iterations long). The
     * countdown counts all loops of a method together; this tells a period's iterations of one loop
     * from another's, so that a site is credited for the iterations of its own loop. Counted without
     * a lock, as {@link #LEFT} is.
     */
    static final int[] LAPS = new int[CAPACITY];

    private static int[] length = new int[0];
    /** The length each period began with: a frozen period's credit while its countdown is below 0. */
    private static int[] planned = new int[0];
    private static SiteRecorder[] owner = new SiteRecorder[0];
    /**
     * The units a period had run when a block of sites that never ran its probes woke it
     * ({@link #endSoon}), 0 if none did: the probed stretch after it lasts twice that, so that the
     * block, which ran once in so many units, is likely to run probed.
     */
    private static int[] awaited = new int[0];

    /** First site ids of the methods that switch versions in loops; the sites that run per iteration of those loops. */
    private static final BitSet SWITCHING = new BitSet();
    private static final BitSet ITERATED = new BitSet();
    /** The loop key ({@link #LAPS}) of each iterated site whose loop counts its quiet iterations, by site id; -1 for none. */
    private static int[] loopOf = new int[0];

    private QuietMethods() {
    }

    /**
     * Starts a quiet period of {@code activations} for the method whose first site is
     * {@code first}, credited to {@code holder}, unless one is under way; true if it did.
     */
    static synchronized boolean begin(int first, int activations, SiteRecorder holder) {
        if (first >= CAPACITY || LEFT[first] > 0 || activations <= 0) {
            return false;
        }
        if (first >= length.length) {
            int n = Math.max(first + 1, length.length * 2);
            length = Arrays.copyOf(length, n);
            planned = Arrays.copyOf(planned, n);
            owner = Arrays.copyOf(owner, n);
            awaited = Arrays.copyOf(awaited, n);
        }
        if (owner[first] != null) {
            return false;   // the last period's end is still being credited by another thread
        }
        length[first] = activations;
        planned[first] = activations;
        owner[first] = holder;
        ENTERED[first] = 0;
        LEFT[first] = activations;
        FrozenMethods.freezeAtBegin(first);
        return true;
    }

    /**
     * A quiet activation of the method whose first site is {@code first}, which found {@code n}
     * activations left: counts it, and ends the period at its last one. Always true.
     */
    @ForceInline
    static boolean countDown(int first, int n) {
        LEFT[first] = n - 1;
        return n != 1 || end(first);
    }

    /** {@link #countDown} of a quiet activation of a method whose loops switch versions, counted apart ({@link #ENTERED}). */
    @ForceInline
    static boolean countEntry(int first, int n) {
        ENTERED[first]++;
        return countDown(first, n);
    }

    /**
     * Ends the quiet period of the method whose first site is {@code first}: its last activation
     * has just counted it down to 0. Credits the period's activations to its owner, once however
     * many threads reach this. Returns true: the calling activation is the period's last, quiet.
     */
    @DontInline
    static boolean end(int first) {
        SiteRecorder holder;
        int units;
        int entered;
        int await;
        synchronized (QuietMethods.class) {
            holder = owner[first];
            units = length[first];
            entered = ENTERED[first];
            await = awaited[first];
            length[first] = 0;
            owner[first] = null;
            awaited[first] = 0;
        }
        if (holder != null && units > 0) {
            holder.endQuiet(units, Math.min(entered, units), await);
        }
        return true;
    }

    /**
     * Readies the frozen quiet period of the method whose first site is {@code first}, which has
     * just been thawed, to end at its next activation or iteration, in the thread that runs it: its
     * countdown went on below 0 while it waited for the thaw, and the period's length becomes what
     * it actually ran, plus that last one. The period is then ended and credited by
     * {@link #countDown} as any other, not by the thawing thread, which must not write another
     * thread's recorders. Under the lock.
     *
     * <p>The countdown is written without a lock, so an activation that read it just before the
     * thaw (interpreted, or in code the thaw has not yet deoptimized) may store its decrement over
     * the 1 written here. Then the countdown is below 0 again, which after a thaw nothing else
     * makes it, and it holds the period's own count as if the thaw had not reset it: the next
     * activation finds it so and readies the period again ({@link #thawLost}), from
     * {@link #planned}. Returns false, the countdown cleared, if no period is under way.
     */
    static boolean thawed(int first) {
        int left = LEFT[first];
        if (first >= length.length || owner[first] == null) {
            LEFT[first] = 0;
            return false;
        }
        length[first] = ranWith(first, left) + 1;
        LEFT[first] = 1;
        return true;
    }

    /**
     * Readies the quiet period under way of the method whose first site is {@code first} to end
     * at its next countdown, as {@link #thawed} does, its length what it has run plus that last one
     * (a quiet activation entered a loop, or a block of sites, that has never run its probes:
     * {@code Values.atLoopOf}, {@code Values.quietBlock});
     * nothing if no period is under way. A block ({@code block}) also makes the probed stretch
     * after the period longer ({@link #awaited}): a loop runs its sites again in its next
     * iteration, a block only when its branch is taken again, which the next {@code SAMPLE}
     * activations may never see (a branch taken once in 500 calls, whose wake is followed by the
     * 499 calls that do not take it).
     */
    static synchronized void endSoon(int first, boolean block) {
        if (first < length.length && owner[first] != null && LEFT[first] > 1) {
            int ran = ranWith(first, LEFT[first]);
            length[first] = ran + 1;
            LEFT[first] = 1;
            if (block) {
                awaited[first] = ran + 1;
            }
        }
    }

    /** The activations a frozen period has run when its countdown, below 0, reads {@code left}; under the lock. */
    private static int ranWith(int first, int left) {
        return (int) Math.min(Integer.MAX_VALUE - 2, (long) planned[first] - left);
    }

    /**
     * A thawed method's activation (or iteration) found its countdown below 0: the thaw's reset
     * was overwritten by a decrement that began before it. Readies the period again as the thaw
     * did ({@link #thawed}), to end at this activation, counts it, and so ends the period; if no
     * period is under way (it ended, and a late decrement came after), clears the countdown and
     * returns false: the activation runs its probes. {@code entry} counts it as an activation of a method whose loops
     * switch versions ({@link #ENTERED}).
     */
    @DontInline
    static boolean thawLost(int first, boolean entry) {
        synchronized (QuietMethods.class) {
            int left = LEFT[first];
            if (left >= 0) {
                return false;   // another thread readied or ended it meanwhile: probed, uncounted there
            }
            if (!thawed(first)) {
                return false;
            }
            if (entry) {
                ENTERED[first]++;
            }
        }
        return countDown(first, 1);
    }

    /**
     * Registers a quiet method whose first site is {@code first} as one whose outermost loops switch
     * versions at their headers, and {@code iterated} as the sites that run per iteration of those
     * loops (the others run per activation), with the key of each one's loop ({@code loops[i]} for
     * {@code iterated[i]}; -1 for a loop whose quiet iterations are not counted apart,
     * {@link #LAPS}): such a site is credited for the quiet iterations of its own loop, at its
     * executions per iteration of that loop. Called by the instrumenter, before the method runs.
     */
    public static synchronized void switchesInLoops(int first, int[] iterated, int[] loops) {
        SWITCHING.set(first);
        for (int i = 0; i < iterated.length; i++) {
            int site = iterated[i];
            ITERATED.set(site);
            int loop = loops[i] >= CAPACITY ? -1 : loops[i];
            if (loop >= 0) {
                if (site >= loopOf.length) {
                    int n = Math.max(site + 1, loopOf.length * 2);
                    int old = loopOf.length;
                    loopOf = Arrays.copyOf(loopOf, n);
                    Arrays.fill(loopOf, old, n, -1);
                }
                loopOf[site] = loop;
            }
        }
    }

    /** The key of the loop whose quiet iterations {@code site} is credited for ({@link #LAPS}), or -1. */
    static synchronized int loopOf(int site) {
        return site < loopOf.length ? loopOf[site] : -1;
    }

    /** True if {@code first} is the first site of a method registered by {@link #switchesInLoops}. */
    static synchronized boolean switchesInLoops(int first) {
        return SWITCHING.get(first);
    }

    /** True if {@code site} runs per iteration of a loop that switches versions ({@link #switchesInLoops}). */
    static synchronized boolean iterated(int site) {
        return ITERATED.get(site);
    }

    /**
     * The quiet activations and loop iterations so far of a period under way that {@code holder}
     * owns (0 if none).
     */
    static synchronized long under(int first, SiteRecorder holder) {
        if (first >= length.length || owner[first] != holder) {
            return 0;
        }
        int left = LEFT[first];
        return left < 0 ? ranWith(first, left) : Math.max(0, length[first] - left);
    }

    /** Of {@link #under}, the activations, for a method registered by {@link #switchesInLoops}. */
    static synchronized long enteredUnder(int first, SiteRecorder holder) {
        if (first >= length.length || owner[first] != holder) {
            return 0;
        }
        return Math.min(ENTERED[first], under(first, holder));
    }
}
