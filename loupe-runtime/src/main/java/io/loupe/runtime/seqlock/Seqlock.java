package io.loupe.runtime.seqlock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.function.Supplier;

/**
 * A sequence lock between one writer, the thread that owns a recorder, and readers that copy the
 * recorder while it runs: a live dump ({@code ProfileDumper#dumpLive}). The owner brackets every
 * change that is more than one counter's increment — a table that grows, an entry that moves, a
 * node linked — with {@link #beginWrite()} and {@link #endWrite()}; the version is odd meanwhile.
 * A reader copies between {@link #readBegin()} and {@link #readValid}, and keeps the copy only if
 * the version was even and did not change: then no change was under way or happened while it
 * copied, and what it holds is a state the recorder really had, but for counters incremented
 * meanwhile, each of which it read at some moment of the copy.
 *
 * <p>A recorder whose owner changes it all the time (a value site whose value changes at every
 * execution) may never be still for the length of a copy. The reader then asks the owner: it
 * posts its copy as a request, which the owner runs at the end of its next change
 * ({@link #endWrite()}), where the recorder is at rest by definition, and hands back. The owner
 * pays the copy once per dump, and one volatile load per change otherwise; it never waits. A
 * reader that neither copies nor is answered within its attempts gives up ({@link #read}).
 *
 * <p>The writer's fences cost nothing on x86 and little elsewhere: an opaque store, a store-store
 * fence and a release store, and only on the recorders' slow paths, never on a counter's increment.
 * Brackets nest (a slow path that calls another): only the outermost changes the version.
 *
 * <p>A recorder whose slow path runs very often extends this class rather than holding one, so
 * that the lock's fields lie in the recorder's own cache lines: a value site under full profiling
 * takes its slow path at every change of value, and the lock held apart cost SciMark a fifth more
 * time (docs/decisions.md, *Live dumps*).
 */
public class Seqlock {

    private static final VarHandle VERSION;

    static {
        try {
            VERSION = MethodHandles.lookup().findVarHandle(Seqlock.class, "version", int.class);   // the field of every subclass
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Attempts spent copying while the owner runs before a reader also asks the owner. */
    private static final int BEFORE_ASKING = 16;
    /** {@link #endChange()} looks for a request once in so many changes (a power of two). */
    static final int ANSWER_EVERY = 32;

    /** Even while the recorder is at rest, odd while its owner changes it. */
    @SuppressWarnings("unused")   // through VERSION
    private int version;
    /** Nesting of the owner's brackets (the owner's alone). */
    private int depth;
    /** A copy a reader asks the owner to make at the end of its next change; null if none. */
    private volatile Request request;
    /** The owner's answer to a request. */
    private volatile Answer answer;

    /** A reader's request: a new object each time, so that an answer to an earlier one is never taken for it. */
    private record Request(Supplier<?> copy) {
    }

    /** What the owner made of {@code request}: its copy, or null if the copy failed. */
    private record Answer(Request request, Object copy) {
    }

    /** The owner: a change begins. */
    public void beginWrite() {
        if (depth++ == 0) {
            VERSION.setOpaque(this, (int) VERSION.getOpaque(this) + 1);
            VarHandle.storeStoreFence();   // the odd version is seen no later than what the change writes
        }
    }

    /**
     * The owner, on a slow path that runs very often and never inside another bracket of this
     * lock: {@link #beginWrite()} without the nesting count.
     */
    public final void beginChange() {
        VERSION.setOpaque(this, (int) VERSION.getOpaque(this) + 1);
        VarHandle.storeStoreFence();
    }

    /**
     * The end of a {@link #beginChange()}: {@link #endWrite()} without the nesting count, which
     * looks for a reader's request at one change in {@link #ANSWER_EVERY} only: a reader asks an
     * owner that changes all the time, and waits that many changes at most.
     */
    public final void endChange() {
        int v = (int) VERSION.getOpaque(this) + 1;
        VERSION.setRelease(this, v);
        if ((v & (2 * ANSWER_EVERY - 1)) == 0 && request != null) {
            answer();
        }
    }

    /** The owner: the change is complete; a copy a reader asked for is made now. */
    public void endWrite() {
        if (--depth == 0) {
            VERSION.setRelease(this, (int) VERSION.getOpaque(this) + 1);   // after all it wrote
            if (request != null) {
                answer();
            }
        }
    }

    /** Makes the copy asked for; a copy that fails is answered with null, never thrown into the program. */
    private void answer() {
        Request asked = request;
        request = null;
        if (asked == null) {
            return;
        }
        Object copy;
        try {
            copy = asked.copy().get();
        } catch (Throwable t) {
            copy = null;
        }
        answer = new Answer(asked, copy);
    }

    /** A reader: the version before it copies. */
    public int readBegin() {
        return (int) VERSION.getAcquire(this);
    }

    /** A reader, after copying: true if the copy begun at {@code version} is a state the recorder had. */
    public boolean readValid(int version) {
        VarHandle.loadLoadFence();   // the copy's loads come before the check
        return (version & 1) == 0 && (int) VERSION.getOpaque(this) == version;
    }

    /**
     * Between attempts: spin at first, then yield, then sleep a little: an owner descheduled in the
     * middle of a change leaves the version odd until it runs again.
     */
    private static void pause(int attempt) {
        if (attempt < 16) {
            Thread.onSpinWait();
        } else if (attempt < 64) {
            Thread.yield();
        } else {
            java.util.concurrent.locks.LockSupport.parkNanos(100_000);
        }
    }

    /**
     * {@code copy}, made again until it is valid, at most {@code attempts} times; null if every
     * attempt met a change and the owner did not answer. A copy that fails with an exception while
     * a change was under way (an index past an array that had just been replaced), or that returns
     * null, counts as one that met the change.
     */
    public <T> T read(Supplier<T> copy, int attempts) {
        return read(copy, attempts, this);
    }

    /**
     * {@link #read(Supplier, int)} of a copy that must be valid under each of {@code locks}; the
     * first is the owner's, which is asked for the copy when the reader keeps losing. (Another
     * lock is one a thread other than the owner may hold: its version must not change between the
     * request and the answer.)
     */
    @SuppressWarnings("unchecked")
    public static <T> T read(Supplier<T> copy, int attempts, Seqlock... locks) {
        int[] versions = new int[locks.length];
        Seqlock owner = locks[0];
        owner.answer = null;   // an answer to a request given up on: nobody's
        Request asked = null;
        int[] others = null;
        for (int attempt = 0; attempt < attempts; attempt++) {
            if (asked != null) {
                Answer a = owner.answer;
                if (a != null && a.request() == asked) {
                    owner.answer = null;
                    if (a.copy() != null && valid(locks, others, 1)) {
                        return (T) a.copy();
                    }
                    asked = null;   // the answer came across another writer's change: ask again
                }
            }
            if (begin(locks, versions)) {
                T t;
                try {
                    t = copy.get();
                } catch (RuntimeException torn) {
                    if (valid(locks, versions, 0)) {
                        throw torn;   // no change explains it: a bug, not a race
                    }
                    t = null;
                }
                if (t != null && valid(locks, versions, 0)) {
                    owner.request = null;   // not needed any more, if not yet taken
                    return t;
                }
            }
            if (asked == null && attempt >= BEFORE_ASKING && (others = othersAtRest(locks)) != null) {
                asked = new Request(copy);
                owner.request = asked;
            }
            pause(attempt);
        }
        owner.request = null;
        return null;
    }

    /**
     * The versions of the locks other than the owner's (the first), which an answer must find
     * unchanged; null if one of them is odd (another writer's change under way).
     */
    private static int[] othersAtRest(Seqlock[] locks) {
        int[] versions = new int[locks.length];
        for (int i = 1; i < locks.length; i++) {
            versions[i] = locks[i].readBegin();
            if ((versions[i] & 1) != 0) {
                return null;
            }
        }
        return versions;
    }

    /** Reads each lock's version into {@code versions}; false if a change is under way. */
    private static boolean begin(Seqlock[] locks, int[] versions) {
        for (int i = 0; i < locks.length; i++) {
            versions[i] = locks[i].readBegin();
            if ((versions[i] & 1) != 0) {
                return false;
            }
        }
        return true;
    }

    /** True if locks {@code from} on still have the even {@code versions} read before. */
    private static boolean valid(Seqlock[] locks, int[] versions, int from) {
        for (int i = from; i < locks.length; i++) {
            if (!locks[i].readValid(versions[i])) {
                return false;
            }
        }
        return true;
    }
}
