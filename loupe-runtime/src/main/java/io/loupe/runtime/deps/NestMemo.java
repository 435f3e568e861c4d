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

    private long[] ints = new long[0];
    private Object[] refs = new Object[0];
    private int inputs = -1;
    NestPlan plan;
    /** Why the nest is no longer decided on this thread, as a reason number ({@link NestCounts#reason}), or -1. */
    int disabled = -1;

    /** Whether the last plan was made for these inputs. */
    boolean sameInputs(long[] ints, Object[] refs, int n) {
        if (plan == null || n != inputs) {
            return false;
        }
        for (int k = 0; k < n; k++) {
            if (this.ints[k] != ints[k] || this.refs[k] != refs[k]) {
                return false;
            }
        }
        return true;
    }

    /** Remembers a decided plan and its inputs. */
    void remember(long[] ints, Object[] refs, int n, NestPlan plan) {
        if (this.ints.length < n) {
            this.ints = new long[n];
            this.refs = new Object[n];
        }
        System.arraycopy(ints, 0, this.ints, 0, n);
        System.arraycopy(refs, 0, this.refs, 0, n);
        inputs = n;
        this.plan = plan;
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
            plan = null;
            refs = new Object[0];   // hold no object of the program's
            inputs = -1;
        }
        return false;
    }
}
