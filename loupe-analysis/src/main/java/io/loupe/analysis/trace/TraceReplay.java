package io.loupe.analysis.trace;

import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.paths.PathDecoder;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceEvent;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Rebuilds what one thread ran from its trace: each activation and the blocks of its paths, in the
 * order they ran, callees placed at the call they came from (docs/trace.md, <i>Recovery</i>).
 *
 * <p>A path's events come after its callees' (a path ends after the calls it makes), so an
 * activation's callees wait, each with the call site its enter event names, until its path
 * ends; then the path's blocks are handed out in order, each followed by the callees whose site
 * is in it. The bottom activation of the stack hands its blocks straight to the listener, and so
 * does a callee whose caller does and could hand out its blocks up to the call, the path there
 * being the only one ({@link Activation#advanceTo}); the others keep theirs until they end and
 * join their caller's waiting callees.
 *
 * <p>An exception leaves a path unfinished: the catch and unwind events carry the path register,
 * the sum of the edge values taken so far, which names the path's prefix up to a stretch of blocks
 * joined by edges of value 0 ({@link PathDecoder#stopsFrom}). The mark the activation made last
 * (a call site, or a block that marks itself because it shares such a stretch with another block
 * that may throw) picks the block when it lies in the stretch; else it is the stretch's one block
 * that may throw. Should neither tell, the replay takes the first and counts the exception as
 * {@linkplain #imprecise() placed imprecisely}.
 */
public final class TraceReplay {

    private static final long BLOCK = 1L << 32;
    private static final long LEAVE = 2L << 32;
    private static final long ENTER = 3L << 32;   // low bits: method; the next op holds the site and the activation's number
    private static final long END = 4L << 32;     // low bits: 1 if returned
    private static final long CUT = 5L << 32;
    private static final long CALLEE = 6L << 32;  // low bits: the index of a callee among its caller's callees
    /** A callee's ops its caller copies rather than refers to, at most. */
    private static final int COPIED = 64;

    private final Trace trace;
    private final ReplayListener out;
    private final Map<Integer, Method> methods = new HashMap<>();
    private final Deque<Activation> stack = new ArrayDeque<>();
    /**
     * The data of the activations entered and not handed out yet, in the order they were entered:
     * the order the listener gets them in, as the replay hands out what ran in the order it ran.
     */
    private final ArrayDeque<DataQueue> queues = new ArrayDeque<>();
    private long entered;   // activations entered, the number of the next one
    private long played;    // activations handed out
    private long pendingCatch;   // a CATCH or UNWIND event waiting for its AT event, or 0
    private int silentSite = Integer.MIN_VALUE;   // see top()
    private long imprecise;
    private long unplaced;
    private long anomalies;
    private long held;   // ops kept for activations that do not stream, not handed out yet
    private long peakHeld;

    private TraceReplay(Trace trace, ReplayListener out) {
        this.trace = trace;
        this.out = out;
    }

    /** Replays {@code thread} of {@code trace} into {@code out}; returns the replay, for its counts. */
    public static TraceReplay replay(Trace trace, ThreadTrace thread, ReplayListener out) {
        TraceReplay r = new TraceReplay(trace, out);
        thread.forEachEvent(r::event);
        r.finish();
        return r;
    }

    /** Exceptions whose throwing block was one of several the trace allows (the first was taken). */
    public long imprecise() {
        return imprecise;
    }

    /** Callees whose call site was not on their caller's path when it ended (placed after it). */
    public long unplaced() {
        return unplaced;
    }

    /**
     * The most ops the replay kept at once for activations whose place in their caller's path was
     * not known yet: what its memory grew to, beyond the stack itself.
     */
    public long peakHeld() {
        return peakHeld;
    }

    /** Events the replay could not fit to the activation stack (ignored). */
    public long anomalies() {
        return anomalies;
    }

    private void event(long e) {
        int kind = TraceEvent.kind(e);
        if (pendingCatch != 0) {
            long c = pendingCatch;
            pendingCatch = 0;
            if (kind == TraceEvent.AT) {
                exception(c, TraceEvent.value(e));
                return;
            }
            anomalies++;
            exception(c, -1);
        }
        switch (kind) {
            case TraceEvent.ENTER -> enter(TraceEvent.method(e), TraceEvent.value(e));
            case TraceEvent.PATH, TraceEvent.THROW -> path(TraceEvent.method(e), TraceEvent.value(e), kind == TraceEvent.THROW);
            case TraceEvent.CATCH, TraceEvent.UNWIND -> pendingCatch = e;
            case TraceEvent.OBJECT, TraceEvent.INDEX, TraceEvent.GEN, TraceEvent.RUN -> data(e);
            default -> anomalies++;
        }
    }

    /** A data event: the running activation's. */
    private void data(long e) {
        if (stack.isEmpty()) {
            anomalies++;
        } else {
            stack.peek().data.add(e);
        }
    }

    private void enter(int methodId, int site) {
        Method m = method(methodId);
        if (m == null) {
            anomalies++;
            return;
        }
        Activation caller = stack.peek();
        boolean streams = caller == null || caller.advanceTo(caller.method.blockOf(site));
        Activation a = new Activation(m, site, streams ? null : new LongList());
        stack.push(a);
        queues.add(a.data);
        a.emit(ENTER | methodId, (site & 0xffffffffL) | (entered++ << 32));
    }

    private void path(int methodId, int id, boolean throwing) {
        Activation a = top(methodId);
        if (a == null) {
            return;
        }
        DecodedPath p;
        try {
            p = a.method.decoder.decode(id & 0xffffffffL);
        } catch (IllegalArgumentException ex) {
            anomalies++;
            return;
        }
        a.blocks(p.blocks(), p.blocks().length);
        a.start = p.end() == EdgeKind.LOOP_EXIT ? p.loopHeader() : -1;
        if (throwing) {
            a.emit(LEAVE, 0);
            a.thrown = true;
        } else if (p.end() == EdgeKind.METHOD_EXIT) {
            a.emit(LEAVE, 0);
            pop(true);
        }
    }

    /** A CATCH or UNWIND event {@code c}, with the site the activation marked last. */
    private void exception(long c, int site) {
        int silentBefore = silentSite;
        silentSite = Integer.MIN_VALUE;
        Activation a = top(TraceEvent.method(c));
        if (a == null) {
            return;
        }
        if (silentSite != Integer.MIN_VALUE) {
            // A callee left without an unwind event: the exception came from its call, and the
            // mark on the thread is the callee's, not this activation's.
            site = silentSite;
        }
        silentSite = silentBefore;
        if (a.thrown) {
            a.thrown = false;   // its own athrow: the path ended there
        } else {
            a.data.add(DataQueue.BOUNDARY);   // the data before it are the cut path's
            partialPath(a, TraceEvent.value(c) & 0xffffffffL, site);
            a.emit(CUT, 0);
        }
        a.start = -1;   // a handler's path: which handler, the next path end tells
        a.emitted = 0;
        a.lastCallee = null;
        if (TraceEvent.kind(c) == TraceEvent.UNWIND) {
            pop(false);
        }
    }

    private void partialPath(Activation a, long register, int site) {
        PathDecoder decoder = a.method.decoder;
        int[] blocks;
        int from;
        try {
            blocks = decoder.decode(register).blocks();
            from = decoder.stopsFrom(register);
        } catch (IllegalArgumentException ex) {
            anomalies++;
            return;
        }
        // The mark the activation made last: a call site (≥ 0) or a block that marks itself (≤ -2).
        int marked = site >= 0 ? a.method.blockOf(site) : site <= -2 ? -2 - site : -1;
        int stop = -1;
        for (int i = from; i < blocks.length && stop < 0; i++) {
            if (blocks[i] == marked) {
                stop = i;
            }
        }
        if (stop < 0) {   // no mark in the stretch: its one block that may throw
            int throwers = 0;
            for (int i = from; i < blocks.length; i++) {
                if (a.method.throwing.get(blocks[i])) {
                    if (throwers++ == 0) {
                        stop = i;
                    }
                }
            }
            if (throwers != 1) {
                imprecise++;
                stop = Math.max(stop, from);
            }
        }
        a.blocks(blocks, Math.min(stop + 1, blocks.length));
    }

    /**
     * The activation of {@code methodId} on top, after popping those an exception left silently
     * (constructors, whose code before their {@code super(…)} call no handler can cover): each
     * ran its current path up to the call whose callee the exception left, if one did and the
     * path there is one ({@link Method#walk}); {@link #silentSite} is the call site of the last popped.
     */
    private Activation top(int methodId) {
        while (!stack.isEmpty() && stack.peek().method.id != methodId) {
            Activation a = stack.peek();
            Activation child = a.lastCallee;
            if (child != null && !child.returned && a.start >= 0) {
                int[] prefix = a.method.walk(a.start, a.method.blockOf(child.site));
                if (prefix != null) {
                    a.blocks(prefix, prefix.length);
                } else {
                    imprecise++;
                }
            } else {
                imprecise++;
            }
            a.emit(CUT, 0);   // its data end where the exception left it
            silentSite = a.site;
            pop(false);
        }
        if (stack.isEmpty()) {
            anomalies++;
            return null;
        }
        return stack.peek();
    }

    private void pop(boolean returned) {
        Activation a = stack.pop();
        a.returned = returned;
        a.emit(END | (returned ? 1 : 0), 0);
        a.flushWaiting();
        if (!stack.isEmpty()) {
            stack.peek().ended(a);
        }
    }

    /** At the end of the trace: activations still open hand out what they hold. */
    private void finish() {
        if (pendingCatch != 0) {
            long c = pendingCatch;
            pendingCatch = 0;
            exception(c, -1);
        }
        while (!stack.isEmpty()) {
            Activation a = stack.pop();
            a.flushWaiting();
            if (!stack.isEmpty()) {
                stack.peek().ended(a);
            }
        }
    }

    private Method method(int id) {
        return methods.computeIfAbsent(id, x -> {
            MethodMeta meta = trace.method(x);
            return meta == null || meta.edges().isEmpty() ? null : new Method(x, meta, trace.throwingBlocks(x));
        });
    }

    /** A method's decoder and the block of each instruction. */
    private static final class Method {
        final int id;
        final PathDecoder decoder;
        final int[] firstInsns;
        final java.util.BitSet throwing = new java.util.BitSet();
        private final Map<Long, int[]> walks = new HashMap<>();
        private int[][] successors;

        Method(int id, MethodMeta meta, int[] throwingBlocks) {
            this.id = id;
            this.decoder = new PathDecoder(meta);
            for (int b : throwingBlocks) {
                throwing.set(b);
            }
            List<BlockMeta> blocks = meta.blocks();
            firstInsns = new int[blocks.size()];
            for (int b = 0; b < firstInsns.length; b++) {
                firstInsns[b] = blocks.get(b).firstInsn();
            }
        }

        /**
         * The blocks from {@code from} to {@code target} over forward edges, both included, if
         * exactly one such walk exists; else null. Cached: a loop's body asks the same at every
         * iteration.
         */
        int[] walk(int from, int target) {
            if (from < 0 || target < 0 || from >= firstInsns.length || target >= firstInsns.length) {
                return null;
            }
            if (successors == null) {
                successors = successors(decoder.method(), firstInsns.length);
            }
            long key = ((long) from << 32) | target;
            int[] w = walks.get(key);
            if (w == null) {
                w = uniqueWalk(successors, from, target);
                walks.put(key, w == null ? NO_WALK : w);
            }
            return w == NO_WALK ? null : w;
        }

        /** The block of instruction {@code insn}: blocks are in bytecode order. */
        int blockOf(int insn) {
            int lo = 0;
            int hi = firstInsns.length - 1;
            int found = -1;
            while (lo <= hi) {
                int mid = (lo + hi) >>> 1;
                if (firstInsns[mid] <= insn) {
                    found = mid;
                    lo = mid + 1;
                } else {
                    hi = mid - 1;
                }
            }
            return found;
        }
    }

    private static final int[] NO_WALK = new int[0];

    /** Each block's successors over the DAG's real (forward) edges. */
    private static int[][] successors(MethodMeta meta, int n) {
        int[] count = new int[n];
        for (DagEdge e : meta.edges()) {
            if (e.kind() == EdgeKind.NORMAL && e.from() < n && e.to() < n) {
                count[e.from()]++;
            }
        }
        int[][] succ = new int[n][];
        for (int b = 0; b < n; b++) {
            succ[b] = new int[count[b]];
            count[b] = 0;
        }
        for (DagEdge e : meta.edges()) {
            if (e.kind() == EdgeKind.NORMAL && e.from() < n && e.to() < n) {
                succ[e.from()][count[e.from()]++] = e.to();
            }
        }
        return succ;
    }

    /** The one walk from {@code from} to {@code target} over {@code succ}, or null if there are none or several. */
    private static int[] uniqueWalk(int[][] succ, int from, int target) {
        int[] ways = new int[succ.length];   // walks to target from each block, capped at 2; -1 not yet known
        Arrays.fill(ways, -1);
        if (waysTo(succ, from, target, ways) != 1) {
            return null;
        }
        int[] walk = new int[succ.length];   // a walk over a DAG visits a block once
        int n = 0;
        for (int b = from; ; ) {
            walk[n++] = b;
            if (b == target) {
                break;
            }
            for (int next : succ[b]) {
                if (ways[next] > 0) {
                    b = next;
                    break;
                }
            }
        }
        return Arrays.copyOf(walk, n);
    }

    /** Walks from {@code from} to {@code target}, capped at 2; iterative, as a method's DAG may be deep. */
    private static int waysTo(int[][] succ, int from, int target, int[] ways) {
        int[] stack = new int[16];
        int[] at = new int[16];
        int depth = 0;
        stack[0] = from;
        while (depth >= 0) {
            int b = stack[depth];
            if (ways[b] >= 0) {
                depth--;
                continue;
            }
            if (b == target) {
                ways[b] = 1;
                depth--;
                continue;
            }
            if (at[depth] < succ[b].length) {
                int next = succ[b][at[depth]++];
                if (ways[next] < 0) {
                    if (++depth == stack.length) {
                        stack = Arrays.copyOf(stack, depth * 2);
                        at = Arrays.copyOf(at, depth * 2);
                    }
                    stack[depth] = next;
                    at[depth] = 0;
                }
                continue;
            }
            int w = 0;
            for (int next : succ[b]) {
                w = Math.min(2, w + ways[next]);
            }
            ways[b] = w;
            at[depth] = 0;
            depth--;
        }
        return ways[from];
    }

    /** An activation on the stack: its ops so far (null: handed straight out), its callees waiting. */
    private final class Activation {
        final Method method;
        final int site;
        final LongList ops;
        /** The callees its ops refer to ({@code CALLEE}): kept, not copied, so a deep stack costs no copying. */
        List<Activation> callees;
        List<Activation> waiting = List.of();   // a list of its own once a callee waits: most never do
        final DataQueue data = new DataQueue();
        boolean thrown;
        boolean returned;
        int start;   // the first block of the current path, -1 when not known (after a handler caught)
        /** The first {@link #emitted} blocks of the current path, handed out before it ended (see {@link #advanceTo}). */
        int[] prefix = NO_WALK;
        int emitted;
        /** The last callee that ended in the current path, waiting or handed out. */
        Activation lastCallee;

        Activation(Method method, int site, LongList ops) {
            this.method = method;
            this.site = site;
            this.ops = ops;
            this.start = 0;
        }

        void emit(long op, long value) {
            if (ops != null) {
                ops.add(op);
                held++;
                if ((op & ~0xffffffffL) == ENTER) {
                    ops.add(value);
                    held++;
                }
                peakHeld = Math.max(peakHeld, held);
            } else {
                play(op, value);
            }
        }

        /**
         * The current path ends after its first {@code n} blocks: those not handed out yet, each
         * followed by the waiting callees whose site is in it.
         */
        void blocks(int[] blocks, int n) {
            int from = Math.min(emitted, n);
            for (int i = 0; i < from; i++) {
                if (blocks[i] != prefix[i]) {
                    anomalies++;   // the path disagrees with the walk its prefix took: cannot be, with a sound trace
                    break;
                }
            }
            place(blocks, from, n);
            emitted = 0;
            lastCallee = null;
        }

        /**
         * Streaming: a callee of this activation, which hands its ops straight out, starts at a
         * call in block {@code target}. Its caller's blocks before it can be handed out now, with
         * the callees waiting in them, if the path from where it stands to {@code target} is the
         * only one the method's DAG has (the callee's enter comes before the event of the path
         * that makes the call). True if they were: the callee's ops stream too; else they wait for
         * the path to end, like the callees of an activation that does not stream. A long-running
         * activation (a server's loop, a benchmark's harness) then holds no more than one path's
         * worth of what it called.
         */
        boolean advanceTo(int target) {
            if (ops != null || start < 0 || target < 0) {
                return false;
            }
            int from = emitted == 0 ? start : prefix[emitted - 1];
            if (emitted > 0 && from == target) {
                return true;
            }
            int[] walk = method.walk(from, target);
            if (walk == null) {
                return false;
            }
            int skip = emitted > 0 ? 1 : 0;   // the walk's first block is out already
            if (prefix.length < emitted + walk.length - skip) {
                prefix = Arrays.copyOf(prefix, Math.max(8, 2 * (emitted + walk.length)));
            }
            System.arraycopy(walk, skip, prefix, emitted, walk.length - skip);
            int before = emitted;
            emitted += walk.length - skip;
            place(prefix, before, emitted);
            return true;
        }

        /** Blocks {@code from} to {@code to} of {@code blocks}, each followed by the waiting callees whose site is in it. */
        private void place(int[] blocks, int from, int to) {
            int next = 0;
            for (int i = from; i < to; i++) {
                emit(BLOCK | blocks[i], 0);
                while (next < waiting.size() && method.blockOf(waiting.get(next).site) == blocks[i]) {
                    append(waiting.get(next++));
                }
            }
            if (next < waiting.size()) {
                unplaced += waiting.size() - next;
                for (int i = next; i < waiting.size(); i++) {
                    append(waiting.get(i));
                }
            }
            waiting = List.of();
        }

        /** Callee {@code callee} ended: it waits for its place unless it streamed. */
        void ended(Activation callee) {
            lastCallee = callee;
            if (callee.ops != null) {
                if (waiting.isEmpty()) {
                    waiting = new ArrayList<>(4);
                }
                waiting.add(callee);
            }
        }

        /** Callees still waiting when the activation ends (a path cut short): after its blocks. */
        void flushWaiting() {
            if (!waiting.isEmpty()) {
                unplaced += waiting.size();
                for (Activation c : waiting) {
                    append(c);
                }
                waiting = List.of();
            }
        }

        /**
         * A callee that ended, after what this activation ran before it: handed out at once at the
         * bottom of the stack; else a small one's ops copied into this one's (as compact as they
         * get), a large one kept and referred to (copying it again at every caller up a deep stack
         * cost more than the replay).
         */
        private void append(Activation callee) {
            if (ops == null) {
                playAll(callee);
            } else if (callee.callees == null && callee.ops.size() <= COPIED) {
                ops.addAll(callee.ops);   // held: as many as before, the callee's own list dropped
            } else {
                if (callees == null) {
                    callees = new ArrayList<>();
                }
                callee.ops.trim();
                ops.add(CALLEE | callees.size());
                held++;
                callees.add(callee);
            }
        }
    }

    /** Hands an activation's ops to the listener, its callees' where they came, without recursion. */
    private void playAll(Activation root) {
        Activation[] stack = new Activation[16];
        int[] at = new int[16];
        int depth = 0;
        stack[0] = root;
        while (depth >= 0) {
            Activation a = stack[depth];
            if (at[depth] == a.ops.size()) {
                stack[depth--] = null;
                continue;
            }
            long op = a.ops.get(at[depth]++);
            held--;
            long kind = op & ~0xffffffffL;
            if (kind == CALLEE) {
                if (++depth == stack.length) {
                    stack = Arrays.copyOf(stack, depth * 2);
                    at = Arrays.copyOf(at, depth * 2);
                }
                stack[depth] = a.callees.get((int) op);
                at[depth] = 0;
            } else {
                long value = 0;
                if (kind == ENTER) {
                    value = a.ops.get(at[depth]++);
                    held--;
                }
                play(op, value);
            }
        }
    }

    /** Hands one op to the listener; an enter's value is its site (low half) and its number (high half). */
    private void play(long op, long value) {
        int low = (int) op;
        switch ((int) (op >>> 32)) {
            case 1 -> out.block(low);
            case 2 -> out.leave();
            case 3 -> {
                if (value >>> 32 != played++) {
                    throw new IllegalStateException("activation " + (value >>> 32) + " handed out as number " + (played - 1));
                }
                out.enter(low, (int) value, queues.poll());
            }
            case 4 -> out.end(low == 1);
            case 5 -> out.cut();
            default -> throw new AssertionError(op);
        }
    }
}
