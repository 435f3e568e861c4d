package io.loupe.analysis.slice;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.trace.DataQueue;
import io.loupe.analysis.trace.ReplayListener;
import io.loupe.data.trace.MethodFlow;

import java.util.Arrays;
import java.util.function.IntFunction;

/**
 * Replays one thread's instructions beside its dependence recovery, which it wraps: every event
 * goes to the recovery first, whose ops then tell this slicer where each heap access reads and
 * writes; between ops, the slicer runs the instructions itself from their {@link MethodFlow}.
 * Every operand stack slot, local and heap location holds the set of statements its value
 * depends on (data, and control through the most recent run of a branch the block depends on),
 * so that an instruction's set is its statement, its block's control set and its operands'
 * sets (docs/trace.md, <i>Slicing</i>). A call's arguments become its callee's parameters (when
 * the callee is the method the call names; a callback entered from code not instrumented gets
 * all of them), its result the callee's returned set; a callee's entry depends on its call.
 *
 * <p>Runs of the criterion's line are counted per activation: a run is the instructions of that
 * line the activation executes before it executes another line; its slice is the union of
 * their sets.
 */
final class ThreadSlicer implements DependenceRecovery.Observer {

    /** An activation: its method, operand stack, locals, the block it is in and the branches it ran. */
    private static final class Frame {
        final Frame caller;
        final SliceMethod method;
        int[] stack;
        int sp;
        final int[] locals;
        int block = -1;
        int cursor;
        int blockLast = -1;
        int ctrl;
        int entryCtrl;
        final long[] branchTime;
        final int[] branchSet;
        int result;
        int exception;
        int all;            // a method without flow: everything it was given and read
        int pendingSite = -1;
        int[] pendingArgs;
        int pendingResult;
        boolean pendingDirect;
        // the op the recovery is running
        int opInsn = -1;
        int reads;
        long[] writes = new long[12];
        int nWrites;
        // the criterion's run
        int runSet;
        boolean inRun;

        Frame(Frame caller, SliceMethod method) {
            this.caller = caller;
            this.method = method;
            this.stack = new int[Math.max(4, method.flow.stack() + 2)];
            this.locals = new int[Math.max(method.flow.locals(), method.parameterSlots)];
            int blocks = method.blockFirst.length;
            this.branchTime = new long[blocks];
            this.branchSet = new int[blocks];
            Arrays.fill(branchTime, -1);
        }
    }

    private final ReplayListener recovery;
    private final LineSets sets;
    private final CellSets cells;
    private final boolean keepCells;
    private final IntFunction<SliceMethod> methods;
    private final int instance;   // 1-based; 0 for the last
    private Frame top;
    private long time;
    // the criterion
    int runs;
    int chosen = LineSets.EMPTY;
    int chosenMethod = -1;
    // counts
    long instructions;
    long underflows;

    /**
     * @param keepCells keep every location's set (a trace of several threads, whose later threads
     *                  may read what an earlier one wrote), else forget a generation a store ends
     * @param instance  the run of the criterion to slice, from 1; 0 for the last
     */
    ThreadSlicer(ReplayListener recovery, LineSets sets, CellSets cells, boolean keepCells,
                 IntFunction<SliceMethod> methods, int instance) {
        this.recovery = recovery;
        this.sets = sets;
        this.cells = cells;
        this.keepCells = keepCells;
        this.methods = methods;
        this.instance = instance;
    }

    // ---- the replay, passed on to the recovery first ----

    @Override
    public void enter(int method, int site) {
        enter(method, site, null);
    }

    @Override
    public void enter(int method, int site, DataQueue data) {
        recovery.enter(method, site, data);
        Frame caller = top;
        SliceMethod m = methods.apply(method);
        Frame f = new Frame(caller, m);
        int[] args = null;
        boolean direct = false;
        if (caller != null) {
            SliceMethod cm = caller.method;
            int callStatement = LineSets.EMPTY;
            if (cm.known && site >= 0 && site < cm.flow.size()) {
                run(caller, site);
                callStatement = cm.statement[site];
                if (MethodFlow.kind(cm.flow.effects()[site]) == MethodFlow.INVOKE && site == caller.cursor) {
                    if (caller.pendingSite != site) {
                        int n = MethodFlow.pops(cm.flow.effects()[site]);
                        int[] popped = new int[n];
                        for (int k = n - 1; k >= 0; k--) {
                            popped[k] = pop(caller);
                        }
                        caller.pendingSite = site;
                        caller.pendingArgs = popped;
                        caller.pendingResult = LineSets.EMPTY;
                        caller.pendingDirect = false;
                    }
                    args = caller.pendingArgs;
                    direct = cm.calls(site, m.meta);
                }
            }
            f.entryCtrl = sets.union(cm.known ? caller.ctrl : caller.all, callStatement);
        }
        if (args != null) {
            if (direct) {
                System.arraycopy(args, 0, f.locals, 0, Math.min(args.length, f.locals.length));
            } else {
                int u = union(args);
                Arrays.fill(f.locals, 0, Math.min(m.parameterSlots, f.locals.length), u);
            }
        }
        f.all = sets.union(f.entryCtrl, args == null ? LineSets.EMPTY : union(args));
        f.ctrl = f.entryCtrl;
        top = f;
    }

    @Override
    public void block(int block) {
        recovery.block(block);
        Frame f = top;
        if (f == null) {
            return;
        }
        run(f, Integer.MAX_VALUE);
        f.block = block;
        f.cursor = f.method.blockFirst[block];
        f.blockLast = f.method.blockLast[block];
        f.pendingSite = -1;
        if (!f.method.known) {
            return;
        }
        int ctrl = f.entryCtrl;
        long latest = -1;
        for (int p : f.method.flow.control()[block]) {
            if (f.branchTime[p] > latest) {
                latest = f.branchTime[p];
                ctrl = f.branchSet[p];
            }
        }
        if (f.method.handler[block]) {
            // it runs because something threw: it depends on what threw, and the exception is its operand
            ctrl = sets.union(ctrl, f.exception);
            f.sp = 0;
            push(f, sets.union(ctrl, f.exception), 1);
        }
        f.ctrl = ctrl;
    }

    @Override
    public void leave() {
        recovery.leave();
        if (top != null) {
            run(top, Integer.MAX_VALUE);
        }
    }

    @Override
    public void cut() {
        recovery.cut();
        Frame f = top;
        if (f != null && f.cursor <= f.blockLast) {
            threw(f);   // unless the access that threw did so already
        }
    }

    @Override
    public void end(boolean returned) {
        recovery.end(returned);
        Frame f = top;
        if (f == null) {
            return;
        }
        if (returned) {
            run(f, Integer.MAX_VALUE);
        }
        pop(f, returned);
    }

    // ---- the recovery's ops ----

    @Override
    public void op(int op) {
        Frame f = top;
        if (f == null || !f.method.known) {
            if (f != null) {
                f.reads = LineSets.EMPTY;
                f.nWrites = 0;
            }
            return;
        }
        int insn = f.method.ops.insns()[op];
        run(f, insn);
        f.opInsn = insn == f.cursor ? insn : -1;   // else the op is not where the replay is: ignore its cells
        f.reads = LineSets.EMPTY;
        f.nWrites = 0;
    }

    @Override
    public void read(long a, long b) {
        Frame f = top;
        if (f != null) {
            f.reads = sets.union(f.reads, cells.get(a, b));
        }
    }

    @Override
    public void write(long ended, long a, long b) {
        Frame f = top;
        if (f == null) {
            return;
        }
        if (f.nWrites + 3 > f.writes.length) {
            f.writes = Arrays.copyOf(f.writes, f.writes.length * 2);
        }
        f.writes[f.nWrites++] = ended;
        f.writes[f.nWrites++] = a;
        f.writes[f.nWrites++] = b;
    }

    @Override
    public void done(boolean ran) {
        Frame f = top;
        if (f == null) {
            return;
        }
        if (!f.method.known) {
            f.all = sets.union(f.all, f.reads);
            writeAll(f, f.all);
            return;
        }
        if (f.opInsn < 0) {
            return;
        }
        int insn = f.opInsn;
        f.opInsn = -1;
        if (!ran) {
            threw(f);   // the access found nothing to access: the rest of the block did not run
            return;
        }
        step(f, insn);
        f.cursor = insn + 1;
    }

    @Override
    public void closed() {
        Frame f = top;
        if (f != null) {
            run(f, Integer.MAX_VALUE);
            pop(f, true);
        }
    }

    // ---- the instructions ----

    /** Runs the frame's instructions of its block before {@code insn} (all of them for MAX_VALUE). */
    private void run(Frame f, int insn) {
        if (!f.method.known) {
            return;
        }
        int end = Math.min(insn, f.blockLast + 1);
        while (f.cursor < end) {
            int i = f.cursor++;
            if (i == f.pendingSite) {
                returned(f, i);
            } else {
                f.reads = LineSets.EMPTY;
                f.nWrites = 0;
                step(f, i);
            }
        }
    }

    /**
     * A call whose callee entered completes: it pushes what the callee returned, and when no
     * callee it returned from was the method it names (a callback from code not instrumented, a
     * static initializer before the call), what it computes from its arguments as well.
     */
    private void returned(Frame f, int i) {
        SliceMethod m = f.method;
        int e = m.flow.effects()[i];
        boolean emptyBefore = f.sp == 0 && (f.pendingArgs == null || f.pendingArgs.length == 0);
        int u = sets.union(sets.union(f.ctrl, m.statement[i]), f.pendingResult);
        if (!f.pendingDirect && f.pendingArgs != null) {
            u = sets.union(u, union(f.pendingArgs));
        }
        push(f, u, MethodFlow.pushes(e));
        f.pendingSite = -1;
        f.pendingArgs = null;
        f.pendingDirect = false;
        note(f, i, u, emptyBefore);
    }

    /** Executes instruction {@code i} of the frame with the reads and writes of its op, if it is one. */
    private void step(Frame f, int i) {
        instructions++;
        SliceMethod m = f.method;
        int e = m.flow.effects()[i];
        int base = sets.union(f.ctrl, m.statement[i]);
        int pops = MethodFlow.pops(e);
        int pushes = MethodFlow.pushes(e);
        boolean emptyBefore = f.sp == 0;
        int u = base;
        switch (MethodFlow.kind(e)) {
            case MethodFlow.SHUFFLE -> {
                shuffle(f, MethodFlow.operand(e));
            }
            case MethodFlow.LOAD_LOCAL -> {
                u = sets.union(base, local(f, MethodFlow.operand(e)));
                push(f, u, pushes);
            }
            case MethodFlow.STORE_LOCAL -> {
                u = popInto(f, base, pops);
                setLocal(f, MethodFlow.operand(e), u);
            }
            case MethodFlow.INC_LOCAL -> {
                u = sets.union(base, local(f, MethodFlow.operand(e)));
                setLocal(f, MethodFlow.operand(e), u);
            }
            case MethodFlow.HEAP -> {
                u = sets.union(popInto(f, base, pops), f.reads);
                push(f, u, pushes);
                writeAll(f, u);
            }
            case MethodFlow.RETURN -> {
                u = popInto(f, base, pops);
                f.result = sets.union(f.result, u);
            }
            case MethodFlow.BRANCH -> {
                u = popInto(f, base, pops);
                f.branchSet[f.block] = u;
                f.branchTime[f.block] = ++time;
            }
            case MethodFlow.THROW -> {
                u = popInto(f, base, pops);
                f.exception = u;
            }
            default -> {   // PLAIN, and a call no instrumented callee ran for: computed from its operands
                u = popInto(f, base, pops);
                push(f, u, pushes);
            }
        }
        note(f, i, u, emptyBefore);
    }

    /** Writes set {@code u} to the locations the op wrote; forgets the generations it ended. */
    private void writeAll(Frame f, int u) {
        for (int k = 0; k < f.nWrites; k += 3) {
            long ended = f.writes[k];
            if (ended >= 0 && !keepCells) {
                cells.remove(ended, 0);
            }
            cells.put(f.writes[k + 1], f.writes[k + 2], u);
        }
        f.nWrites = 0;
    }

    /** The frame's block stopped where something threw: what threw is what was on its stack. */
    private void threw(Frame f) {
        int u = f.method.known ? f.ctrl : f.all;
        if (f.method.known && f.cursor <= f.blockLast) {
            u = sets.union(u, f.method.statement[f.cursor]);
        }
        for (int k = 0; k < f.sp; k++) {
            u = sets.union(u, f.stack[k]);
        }
        f.exception = u;
        f.sp = 0;
        f.cursor = f.blockLast + 1;
        f.pendingSite = -1;
        f.pendingArgs = null;
    }

    /** The activation ends: its run of the criterion ends, its caller gets its result or its exception. */
    private void pop(Frame f, boolean returned) {
        if (f.inRun) {
            endRun(f);
        }
        top = f.caller;
        Frame c = top;
        if (c == null) {
            return;
        }
        int result = f.method.known ? f.result : f.all;
        if (returned) {
            if (c.pendingSite >= 0) {
                c.pendingResult = sets.union(c.pendingResult, result);
                c.pendingDirect |= c.method.calls(c.pendingSite, f.method.meta);
            }
        } else {
            int thrown = f.method.known ? f.exception : f.all;
            threw(c);
            c.exception = sets.union(c.exception, thrown);
        }
    }

    // ---- the criterion ----

    /**
     * Instruction {@code i} of the frame ran with set {@code u}, its operand stack empty before it
     * or not: a part of a run of the criterion's line, or its end. A run is the statement's: an
     * instruction of another line that found the stack empty begins another statement and ends
     * the run, one that did not is part of the statement (a call's arguments on the next line,
     * which an uninstrumented callee may read through an array it is given).
     */
    private void note(Frame f, int i, int u, boolean emptyBefore) {
        int line = f.method.criterionLine;
        if (line < 0) {
            return;
        }
        int at = f.method.flow.lines()[i];
        if (at == line || f.inRun && (at < 0 || !emptyBefore)) {
            f.runSet = sets.union(f.runSet, u);
            f.inRun = true;
        } else if (f.inRun) {
            endRun(f);
        }
    }

    private void endRun(Frame f) {
        runs++;
        if (instance == 0 || runs == instance) {
            chosen = f.runSet;
            chosenMethod = f.method.meta.id();
        }
        f.runSet = LineSets.EMPTY;
        f.inRun = false;
    }

    // ---- the stack and locals ----

    private int local(Frame f, int slot) {
        return slot < f.locals.length ? f.locals[slot] : LineSets.EMPTY;
    }

    private void setLocal(Frame f, int slot, int set) {
        if (slot < f.locals.length) {
            f.locals[slot] = set;
        }
    }

    private void push(Frame f, int set, int slots) {
        for (int k = 0; k < slots; k++) {
            if (f.sp == f.stack.length) {
                f.stack = Arrays.copyOf(f.stack, f.stack.length * 2);
            }
            f.stack[f.sp++] = set;
        }
    }

    private int pop(Frame f) {
        if (f.sp == 0) {
            underflows++;   // the replay and the flow disagree: an empty set
            return LineSets.EMPTY;
        }
        return f.stack[--f.sp];
    }

    /** Pops {@code slots} slots; the union of their sets and {@code base}. */
    private int popInto(Frame f, int base, int slots) {
        int u = base;
        for (int k = 0; k < slots; k++) {
            u = sets.union(u, pop(f));
        }
        return u;
    }

    private final int[] moved = new int[4];

    /** {@code dup} … {@code swap}: the slots it pops, pushed again in its shape's order. */
    private void shuffle(Frame f, int opcode) {
        int[] shape = MethodFlow.shuffle(opcode);
        int n = shape[0];
        for (int k = n - 1; k >= 0; k--) {
            moved[k] = pop(f);
        }
        for (int k = 1; k < shape.length; k++) {
            push(f, moved[shape[k]], 1);
        }
    }

    private int union(int[] slots) {
        int u = LineSets.EMPTY;
        for (int s : slots) {
            u = sets.union(u, s);
        }
        return u;
    }

}
