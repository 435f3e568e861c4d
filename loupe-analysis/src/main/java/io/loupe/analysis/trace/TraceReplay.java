package io.loupe.analysis.trace;

import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.paths.PathDecoder;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceEvent;

import java.util.ArrayDeque;
import java.util.ArrayList;
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
 * is in it. The bottom activation of the stack hands its blocks straight to the listener; the
 * others keep theirs until they end and join their caller's waiting callees.
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
    private static final long ENTER = 3L << 32;   // low bits: method; the next op holds the site
    private static final long END = 4L << 32;     // low bits: 1 if returned
    private static final long CUT = 5L << 32;
    private static final long CALLEE = 6L << 32;  // low bits: the index of a callee among its caller's callees
    /** A callee's ops its caller copies rather than refers to, at most. */
    private static final int COPIED = 64;

    private final Trace trace;
    private final ReplayListener out;
    private final Map<Integer, Method> methods = new HashMap<>();
    private final Deque<Activation> stack = new ArrayDeque<>();
    private final Map<Integer, DataQueue> queues = new HashMap<>();   // of activations not played yet
    private int nextQueue;
    private long pendingCatch;   // a CATCH or UNWIND event waiting for its AT event, or 0
    private int silentSite = Integer.MIN_VALUE;   // see top()
    private long imprecise;
    private long unplaced;
    private long anomalies;

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
        Activation a = new Activation(m, site, stack.isEmpty() ? null : new LongList());
        stack.push(a);
        int queue = nextQueue++;
        queues.put(queue, a.data);
        a.emit(ENTER | methodId, (site & 0xffffffffL) | ((long) queue << 32));
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
     * path there is one ({@link #pathTo}); {@link #silentSite} is the call site of the last popped.
     */
    private Activation top(int methodId) {
        while (!stack.isEmpty() && stack.peek().method.id != methodId) {
            Activation a = stack.peek();
            Activation child = a.waiting.isEmpty() ? null : a.waiting.get(a.waiting.size() - 1);
            if (child != null && !child.returned && a.start >= 0) {
                int[] prefix = pathTo(a.method, a.start, a.method.blockOf(child.site));
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

    /**
     * The blocks from {@code start} to {@code target} over forward edges, if exactly one such walk
     * exists; else null.
     */
    private static int[] pathTo(Method m, int start, int target) {
        MethodMeta meta = m.decoder.method();
        int n = meta.blocks().size();
        List<List<Integer>> succ = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            succ.add(new ArrayList<>());
        }
        for (io.loupe.data.meta.DagEdge e : meta.edges()) {
            if (e.kind() == EdgeKind.NORMAL && e.from() < n && e.to() < n) {
                succ.get(e.from()).add(e.to());
            }
        }
        int[] ways = new int[n];   // walks to target from each block, capped at 2; -1 not yet known
        java.util.Arrays.fill(ways, -1);
        if (waysTo(succ, start, target, ways) != 1) {
            return null;
        }
        List<Integer> walk = new ArrayList<>();
        for (int b = start; ; ) {
            walk.add(b);
            if (b == target) {
                break;
            }
            for (int next : succ.get(b)) {
                if (ways[next] > 0) {
                    b = next;
                    break;
                }
            }
        }
        return walk.stream().mapToInt(Integer::intValue).toArray();
    }

    private static int waysTo(List<List<Integer>> succ, int b, int target, int[] ways) {
        if (ways[b] >= 0) {
            return ways[b];
        }
        int w = 0;
        if (b == target) {
            w = 1;
        } else {
            for (int next : succ.get(b)) {
                w = Math.min(2, w + waysTo(succ, next, target, ways));
            }
        }
        ways[b] = w;
        return w;
    }

    private void pop(boolean returned) {
        Activation a = stack.pop();
        a.returned = returned;
        a.emit(END | (returned ? 1 : 0), 0);
        a.flushWaiting();
        if (!stack.isEmpty()) {
            stack.peek().waiting.add(a);
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
                stack.peek().waiting.add(a);
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

    /** An activation on the stack: its ops so far (null: handed straight out), its callees waiting. */
    private final class Activation {
        final Method method;
        final int site;
        final LongList ops;
        /** The callees its ops refer to ({@code CALLEE}): kept, not copied, so a deep stack costs no copying. */
        List<Activation> callees;
        final List<Activation> waiting = new ArrayList<>();
        final DataQueue data = new DataQueue();
        boolean thrown;
        boolean returned;
        int start;   // the first block of the current path, -1 when not known (after a handler caught)

        Activation(Method method, int site, LongList ops) {
            this.method = method;
            this.site = site;
            this.ops = ops;
            this.start = 0;
        }

        void emit(long op, long value) {
            if (ops != null) {
                ops.add(op);
                if ((op & ~0xffffffffL) == ENTER) {
                    ops.add(value);
                }
            } else {
                play(op, value);
            }
        }

        /** The first {@code n} blocks of a path, each followed by the waiting callees whose site is in it. */
        void blocks(int[] blocks, int n) {
            int next = 0;
            for (int i = 0; i < n; i++) {
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
            waiting.clear();
        }

        /** Callees still waiting when the activation ends (a path cut short): after its blocks. */
        void flushWaiting() {
            if (!waiting.isEmpty()) {
                unplaced += waiting.size();
                for (Activation c : waiting) {
                    append(c);
                }
                waiting.clear();
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
                ops.addAll(callee.ops);
            } else {
                if (callees == null) {
                    callees = new ArrayList<>();
                }
                callee.ops.trim();
                ops.add(CALLEE | callees.size());
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
            long kind = op & ~0xffffffffL;
            if (kind == CALLEE) {
                if (++depth == stack.length) {
                    stack = java.util.Arrays.copyOf(stack, depth * 2);
                    at = java.util.Arrays.copyOf(at, depth * 2);
                }
                stack[depth] = a.callees.get((int) op);
                at[depth] = 0;
            } else {
                long value = kind == ENTER ? a.ops.get(at[depth]++) : 0;
                play(op, value);
            }
        }
    }

    /** Hands one op to the listener; an enter's value is its site (low half) and its data queue's key. */
    private void play(long op, long value) {
        int low = (int) op;
        switch ((int) (op >>> 32)) {
            case 1 -> out.block(low);
            case 2 -> out.leave();
            case 3 -> out.enter(low, (int) value, queues.remove((int) (value >>> 32)));
            case 4 -> out.end(low == 1);
            case 5 -> out.cut();
            default -> throw new AssertionError(op);
        }
    }
}
