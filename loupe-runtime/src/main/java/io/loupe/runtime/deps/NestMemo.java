package io.loupe.runtime.deps;

import io.loupe.runtime.absint.NestPlan;

/**
 * One thread's memory of one nest (docs/absint.md, "Reuse" and "When deciding does not pay"): the
 * inputs and plan of its last analysed invocation, reused when the next one has the same inputs
 * (and its rows are the same objects: {@code NestAnalysis.stillHolds}), and whether deciding it
 * pays.
 *
 * <p>A decided invocation replays each group's accesses on the histories, somewhat dearer per
 * access than a traced access (the runtime evaluates the index and replays the loop levels: about
 * 1.4 times on a one-level loop, measured); it pays where a replayed iteration stands for many (free loops)
 * and the analysis is small next to the accesses saved. So an invocation whose summary would
 * stand for fewer than {@link #GAIN} times the accesses it replays, or would save fewer than
 * {@link #MIN_SAVED}, is profiled instead; after {@link #TRIAL} such invocations in a row the nest
 * is not analysed again on this thread.
 */
final class NestMemo {

    static final int TRIAL = 4;
    static final double GAIN = 2;
    static final long MIN_SAVED = 64;
    static final String NO_GAIN = "summary no shorter than the trace";
    static final int NO_GAIN_ID = NestCounts.reason(NO_GAIN);
    private int losses;

    /** The last plan and the inputs it was made for. */
    private record Last(long[] ints, Object[] refs, NestPlan plan) {
    }

    /**
     * Softly held: the plan and inputs reach the program's arrays, which must not outlive the
     * program's use of them by more than the collector's patience (a soft reference is cleared
     * before the JVM runs out of memory).
     */
    private java.lang.ref.SoftReference<Last> last;
    /** Why the nest is no longer decided on this thread, as a reason number ({@link NestCounts#reason}), or -1. */
    int disabled = -1;

    /** The last plan, if it was made for these inputs; else null. */
    NestPlan planFor(long[] ints, Object[] refs, int n) {
        Last l = last == null ? null : last.get();
        if (l == null || n != l.ints.length) {
            return null;
        }
        for (int k = 0; k < n; k++) {
            if (l.ints[k] != ints[k] || l.refs[k] != refs[k]) {
                return null;
            }
        }
        return l.plan;
    }

    /** Remembers a decided plan and its inputs. */
    void remember(long[] ints, Object[] refs, int n, NestPlan plan) {
        last = new java.lang.ref.SoftReference<>(new Last(java.util.Arrays.copyOf(ints, n),
                java.util.Arrays.copyOf(refs, n), plan));
    }

    /**
     * Whether deciding an invocation whose summary stands for {@code untraced} accesses and replays
     * {@code replayed} pays; after {@link #TRIAL} that do not in a row, the nest is disabled.
     */
    boolean pays(long untraced, long replayed) {
        if (untraced >= GAIN * replayed && untraced - replayed >= MIN_SAVED) {
            losses = 0;
            return true;
        }
        if (++losses >= TRIAL) {
            disabled = NO_GAIN_ID;
            last = null;   // hold no object of the program's
        }
        return false;
    }
}
