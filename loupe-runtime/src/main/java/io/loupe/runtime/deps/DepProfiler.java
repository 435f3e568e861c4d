package io.loupe.runtime.deps;

import io.loupe.data.deps.AbsintProfile;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.LoopRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.IntUnaryOperator;

/**
 * One dependence profile: its mode, the context tree (camp mode) and every thread's state. The
 * collector merges the threads' tables into the profile's dependences and loop records.
 */
public final class DepProfiler {

    private final DepMode mode;
    private final boolean absint;
    private final boolean absintAlways;
    private final ContextTree tree;
    private final IntUnaryOperator recursionLoop;
    private final List<DepThread> threads = new ArrayList<>();
    private final StaticShadow statics = new StaticShadow();
    private final ShadowMap heap = new ShadowMap();

    /**
     * @param recursionLoop maps a call site to the loop id of the pseudo-loop that stands for a
     *                      recursion entered through it ({@code DepLoopMeta.recursion}); the
     *                      registry hands these out when a recursion is first seen
     */
    public DepProfiler(DepMode mode, IntUnaryOperator recursionLoop) {
        this(mode, recursionLoop, false, false);
    }

    /**
     * With abstract interpretation at loop entry on if {@code absint} (its counts are then part of
     * the profile), deciding every invocation it proves if {@code always}, else only those whose
     * summary is shorter than their trace ({@link NestMemo}).
     */
    public DepProfiler(DepMode mode, IntUnaryOperator recursionLoop, boolean absint, boolean always) {
        this.absint = absint;
        this.absintAlways = always;
        this.mode = mode;
        this.tree = mode == DepMode.CAMP ? new ContextTree() : null;
        this.recursionLoop = recursionLoop;
    }

    public DepMode mode() {
        return mode;
    }

    /** Whether every invocation the analysis proves is decided, whether its summary is shorter than its trace or not. */
    boolean absintAlways() {
        return absintAlways;
    }

    /** The context tree, or null in lamp mode. */
    public ContextTree tree() {
        return tree;
    }

    /** The histories of static fields, by global static field id. */
    public StaticShadow statics() {
        return statics;
    }

    /** The shadows of objects and arrays, by identity (each access site keeps a {@link ShadowCache} on it). */
    public ShadowMap heap() {
        return heap;
    }

    int recursionLoop(int callSite) {
        return recursionLoop.applyAsInt(callSite);
    }

    /**
     * A new thread's state (to be used by that thread only), registered so its data outlives it.
     * The second thread switches the profile to shared histories ({@link #shared()}) before it
     * gets its state, so it never touches a history without the history's lock.
     */
    public DepThread newThread() {
        synchronized (threads) {
            if (!shared && !threads.isEmpty()) {
                share();
            }
            DepThread t = new DepThread(this, threads.size());
            threads.add(t);
            return t;
        }
    }

    /**
     * Whether more than one thread has had a state: until then the one thread updates histories
     * without taking their locks (docs/deps.md, "History and deduplication", *One thread, no
     * lock*). Read on every access: a plain load on x86, never hoisted (volatile).
     */
    boolean shared() {
        return shared;
    }

    private volatile boolean shared;

    /**
     * Turns on the histories' locks for good. The threads that already have a state may be in the
     * middle of an update that began without the lock, having read {@link #shared} before it
     * changed; each is brought to a safepoint or handshake of the JVM (its stack trace taken),
     * which makes its stores — its {@link DepThread#busy} flag among them — visible here and makes
     * every later read of {@code shared} on that thread see the change, and then awaited until it
     * is out of that update (an update never blocks: it ends in a few instructions). A thread
     * that is not in an update then, or that is this one, has nothing to finish.
     */
    @SuppressWarnings("removal")   // doPrivileged: a program's security manager must not stop the profiler
    private void share() {
        shared = true;
        for (DepThread t : threads) {
            Thread owner = t.owner;
            if (owner == Thread.currentThread() || !owner.isAlive()) {
                continue;
            }
            java.security.AccessController.doPrivileged((java.security.PrivilegedAction<Object>) owner::getStackTrace);
            while (t.busy()) {
                Thread.onSpinWait();
            }
        }
    }

    private List<DepThread> threads() {
        synchronized (threads) {
            return new ArrayList<>(threads);
        }
    }

    /** The number of threads that have run instrumented code. */
    public int threadCount() {
        return threads().size();
    }

    /** Accesses recorded over all threads (a bulk operation counts one per element). */
    public long accesses() {
        long n = 0;
        for (DepThread t : threads()) {
            n += t.accesses();
        }
        return n;
    }

    /** Stores to sealed locations over all threads: 0 unless the instrumenter erred (final fields). */
    public long storesAfterSeal() {
        long n = 0;
        for (DepThread t : threads()) {
            n += t.storesAfterSeal();
        }
        return n;
    }

    /** The context tree's nodes (empty in lamp mode). */
    public List<ContextNode> contexts() {
        return tree == null ? List.of() : tree.snapshot();
    }

    /**
     * Every thread's dependences merged: counts add up, relation bits OR. A list computed while it
     * is read, never held ({@link MergedDependences}: the dump streams it to the file), in order of
     * first sight, threads taken in creation order; a dependence's loops keep the order first
     * seen, which for a destination whose stack does not vary (camp mode, outside recursion) is
     * outermost first. Read it when the threads are quiet (at exit); entries of a thread that keeps
     * changing them are left out ({@link #skippedThreads()}).
     */
    public List<Dependence> dependences() {
        return new MergedDependences(threads(), skipped, false);
    }

    /**
     * {@link #dependences()} for a live dump: each entry read in a state the tables had while
     * their threads run ({@code MergedDependences}); the serials of threads an entry of which had
     * to be left out go to {@code leftOut}.
     */
    public List<Dependence> liveDependences(java.util.Set<Integer> leftOut) {
        return new MergedDependences(threads(), leftOut, true);
    }

    /** Copies of a thread's loop records a live dump makes before it leaves them for the next. */
    private static final int LIVE_ATTEMPTS = 100;

    /** Threads whose table could not be read, in whole or in part, at exit ({@link MergedDependences}, {@link #loops}). */
    private final java.util.Set<Integer> skipped = new java.util.TreeSet<>();

    /**
     * The serials of threads whose data {@link #dependences()} or {@link #loops()} had to leave
     * out, in whole or in part: still running and growing their tables while the dump read them,
     * three times in a row. Complete only once the dependences have been read through.
     */
    public java.util.Set<Integer> skippedThreads() {
        return java.util.Collections.unmodifiableSet(skipped);
    }

    /**
     * What the profile must warn of, read after {@link #dependences()} has been read through and
     * after {@link #loops()}:
     * threads left out of them ({@link #skippedThreads()}), and stores to sealed locations
     * ({@link #storesAfterSeal()}).
     */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        long afterSeal = storesAfterSeal();
        if (afterSeal > 0) {
            out.add(afterSeal + " store(s) to a final field's location after the store taken to be its only one:"
                    + " WAR dependences from the loads between them may be missing");
        }
        if (!skipped.isEmpty()) {
            out.add("dependences of threads " + skipped + " left out, in whole or in part: they were still running and"
                    + " changing them at exit");
        }
        return out;
    }

    /**
     * Runs {@code read}, which first clears what it fills, until it gets through. A thread still
     * running at exit (a daemon, a thread the program did not wait for) may grow its tables while
     * they are read: the read is tried three times, and a thread whose tables kept changing is left
     * out rather than the whole profile lost.
     */
    private static boolean settled(Runnable read) {
        for (int attempt = 0; attempt < 3; attempt++) {
            try {
                read.run();
                return true;
            } catch (RuntimeException changing) {
                Thread.onSpinWait();
            }
        }
        return false;
    }

    /**
     * What abstract interpretation at loop entry did, over all threads ({@link AbsintProfile#NONE}
     * when it is off): the registry's ineligible loops and nests, with the threads' counts. Read
     * when the threads are quiet; a thread whose counts keep changing is left out, as for
     * {@link #loops()}.
     */
    public AbsintProfile absint() {
        return absint(null);
    }

    /** {@link #absint()}, the serials of threads left out going to {@code leftOut} (a live dump's) rather than the exit's. */
    public AbsintProfile absint(java.util.Set<Integer> leftOut) {
        if (!absint) {
            return AbsintProfile.NONE;
        }
        NestCounts merged = new NestCounts();
        for (DepThread t : threads()) {
            NestCounts mine = new NestCounts();
            if (settled(() -> t.nests.addTo(mine))) {
                mine.addTo(merged);
            } else {
                (leftOut == null ? skipped : leftOut).add(t.id);
            }
        }
        List<AbsintProfile.NestRecord> nests = new ArrayList<>();
        List<io.loupe.runtime.absint.NestProgram> programs = DepRegistry.nests();
        for (int id = 0; id < programs.size(); id++) {
            io.loupe.runtime.absint.NestProgram p = programs.get(id);
            if (p == null) {
                continue;   // reserved by a class whose planning failed
            }
            List<Integer> loops = new ArrayList<>();
            for (int l = 0; l < p.loops(); l++) {
                loops.add(p.loopId(l));
            }
            nests.add(new AbsintProfile.NestRecord(id, loops, merged.decided(id), merged.untraced(id), merged.fallbacks(id)));
        }
        return new AbsintProfile(true, DepRegistry.ineligibleLoops(), nests);
    }

    /** Every loop's record over all threads, sorted by loop id then context. */
    public List<LoopRecord> loops() {
        return loops(null);
    }

    /**
     * {@link #loops()} for a live dump: each thread's records copied in a state they had
     * ({@code Seqlock}); the serials of threads left out go to {@code leftOut}. Null: at exit.
     */
    public List<LoopRecord> loops(java.util.Set<Integer> leftOut) {
        // Merged in a primitive table: a key (a loop context node in camp mode, a loop id in lamp
        // mode) stands for one loop in every thread, so the key alone identifies a record.
        LoopCounts merged = new LoopCounts();
        for (DepThread t : threads()) {
            LoopCounts mine = new LoopCounts();
            Runnable copy = () -> {
                mine.clear();
                t.loops.forEach(mine::add);
            };
            boolean read = leftOut == null ? settled(copy)
                    : t.loops.changes().read(() -> {
                        copy.run();
                        return Boolean.TRUE;
                    }, LIVE_ATTEMPTS) != null;
            if (!read) {
                (leftOut == null ? skipped : leftOut).add(t.id);
                continue;
            }
            mine.forEach(merged::add);
        }
        List<LoopRecord> out = new ArrayList<>();
        merged.forEach((key, loop, inv, it, decided) ->
                out.add(new LoopRecord(loop, mode == DepMode.CAMP ? key : -1, inv, it, decided)));
        out.sort(Comparator.comparingInt(LoopRecord::loop).thenComparingInt(LoopRecord::context));
        return out;
    }
}
