package io.loupe.runtime.values;

import jdk.internal.vm.annotation.DontInline;
import jdk.internal.vm.annotation.ForceInline;
import jdk.internal.vm.annotation.Stable;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MutableCallSite;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Frozen quiet methods (agent option {@code values.freeze}; docs/values.md, <i>Frozen quiet
 * periods</i>): a quiet period in which the JIT compiles the quiet method without its probed
 * version at all.
 *
 * <p>A quiet method's check at entry picks its probed code or its quiet copy at every activation,
 * so its compiled code holds both: twice the method, with the probes' gates, which HotSpot then
 * declines to inline into its callers once compiled ("already compiled into a big method",
 * {@code InlineSmallCode}). Here each quiet method has a {@link MutableCallSite}, reached through a
 * {@link Stable} array at a constant index, whose target says whether the method is frozen: the
 * JIT folds the target to a constant and records that the compiled code depends on it, so a
 * frozen method's compiled code is its original code plus a countdown. Changing the target
 * deoptimizes the compiled code that depends on it, as class redefinition would, without
 * redefining anything.
 *
 * <p>A method freezes when a quiet period begins ({@link QuietMethods#begin}); frozen, it counts its
 * activations down as a quiet method does, and the activation that ends the period asks for a
 * thaw ({@link #due}). Thawing deoptimizes every compiled caller that inlined the method, which
 * then runs interpreted until compiled again, so thaws come in bursts, on a thread of their own:
 * the first no sooner than {@code thawAfter} milliseconds after profiling starts, each next no
 * sooner than twice the spacing before it (at most 64 times the first). A burst thaws every frozen
 * method whose period is over, and the method's next activation ends the period, in its own thread,
 * crediting it with the activations the method actually ran. So a phase change is seen later than
 * with quiet methods alone: when the next burst comes, not when the period ends.
 */
public final class FrozenMethods {

    @Stable
    private static final MutableCallSite[] SITES = new MutableCallSite[QuietMethods.CAPACITY];
    private static final MethodHandle FROZEN = MethodHandles.constant(boolean.class, true);
    private static final MethodHandle THAWED = MethodHandles.constant(boolean.class, false);
    private static final int MAX_SPACING_FACTOR = 64;

    /** First site ids of the freezable methods, in the order they were declared; guarded by QuietMethods.class. */
    private static int[] declared = new int[64];
    private static int declaredCount;
    private static long thawAfterNanos = TimeUnit.SECONDS.toNanos(1);
    private static long startNanos = System.nanoTime();
    private static Thread thawer;
    private static boolean stopped;
    private static long freezes;
    private static long bursts;

    private static volatile boolean due;

    private FrozenMethods() {
    }

    /** Sets the spacing of the first thaw burst; called by the agent before anything is instrumented. */
    public static void configure(long thawAfterMillis) {
        if (thawAfterMillis < 1) {
            throw new IllegalArgumentException("values.thawAfter must be at least 1 ms");
        }
        synchronized (QuietMethods.class) {
            thawAfterNanos = TimeUnit.MILLISECONDS.toNanos(thawAfterMillis);
            startNanos = System.nanoTime();
        }
        ValueCollector.frozenMethodsConfigured = true;
    }

    /**
     * Makes the quiet method whose first site is {@code first} freezable. Called by the
     * instrumenter before the method runs, so that the JIT finds its call site in place.
     */
    public static void declare(int first) {
        if (first >= QuietMethods.CAPACITY) {
            return;
        }
        synchronized (QuietMethods.class) {
            if (SITES[first] != null) {
                return;
            }
            SITES[first] = new MutableCallSite(THAWED);
            if (declaredCount == declared.length) {
                declared = Arrays.copyOf(declared, declaredCount * 2);
            }
            declared[declaredCount++] = first;
            if (thawer == null) {
                thawer = new Thread(FrozenMethods::thawBursts, "loupe-thaw");
                thawer.setDaemon(true);
                thawer.start();
            }
        }
    }

    /** True while the method whose first site is {@code first} is frozen: a constant to the JIT. */
    @ForceInline
    static boolean frozen(int first) {
        MutableCallSite s = SITES[first];
        return s != null && s.getTarget() == FROZEN;
    }

    /**
     * A frozen activation (or loop iteration): counts it down in its period, and asks for a thaw at
     * the period's end. Always true: the activation runs quiet. The count goes on below 0 until the
     * thaw, so that the period is credited with what actually ran.
     */
    @ForceInline
    static boolean countDown(int first) {
        int n = QuietMethods.LEFT[first];
        QuietMethods.LEFT[first] = n - 1;
        if (n == 1) {
            due();
        }
        return true;
    }

    @DontInline
    private static void due() {
        if (!due) {
            due = true;
            Thread t = thawer;
            if (t != null) {
                LockSupport.unpark(t);
            }
        }
    }

    /** Freezes {@code first} as its quiet period begins, if it is freezable; under QuietMethods.class. */
    static void freezeAtBegin(int first) {
        MutableCallSite s = SITES[first];
        if (s != null && !stopped && s.getTarget() != FROZEN) {   // targets change only under the lock
            freezes++;
            s.setTarget(FROZEN);
        }
    }

    private static void thawBursts() {
        long spacing;
        long last;
        synchronized (QuietMethods.class) {
            spacing = thawAfterNanos;
            last = startNanos;
        }
        long maxSpacing = spacing * MAX_SPACING_FACTOR;
        while (true) {
            while (!due) {
                LockSupport.park(FrozenMethods.class);
            }
            for (long wait = last + spacing - System.nanoTime(); wait > 0; wait = last + spacing - System.nanoTime()) {
                LockSupport.parkNanos(FrozenMethods.class, wait);
            }
            due = false;
            if (!burst()) {
                return;
            }
            last = System.nanoTime();
            spacing = Math.min(maxSpacing, spacing * 2);
        }
    }

    /**
     * Thaws every frozen method whose period is over; its next activation (or iteration) ends the
     * period and credits it ({@link QuietMethods#thawed}). False once stopped.
     */
    static boolean burst() {
        synchronized (QuietMethods.class) {
            if (stopped) {
                return false;
            }
            boolean any = false;
            for (int i = 0; i < declaredCount; i++) {
                int first = declared[i];
                MutableCallSite s = SITES[first];
                if (s.getTarget() == FROZEN && QuietMethods.LEFT[first] <= 0) {
                    s.setTarget(THAWED);
                    any = true;
                    QuietMethods.thawed(first);
                }
            }
            if (any) {
                bursts++;
            }
        }
        return true;
    }

    /** Stops freezing and thawing: the profile is being collected, and frozen periods are credited as they stand. */
    static void stop() {
        synchronized (QuietMethods.class) {
            stopped = true;
        }
    }

    /** Freezes and thaws again after {@link #stop} (the runtime's tests collect profiles more than once). */
    static void resume() {
        synchronized (QuietMethods.class) {
            stopped = false;
        }
    }

    /** Quiet periods frozen so far. */
    static long freezes() {
        synchronized (QuietMethods.class) {
            return freezes;
        }
    }

    /** Bursts that thawed at least one method. */
    static long bursts() {
        synchronized (QuietMethods.class) {
            return bursts;
        }
    }
}
