package io.loupe.instrument.paths;

import io.loupe.instrument.emit.FrameLocals;
import io.loupe.instrument.emit.IntConstant;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.List;

/**
 * The instruction sequences of path profiling, for one method and one storage mode. The path
 * register {@code r} and the mode's state live in locals appended after the method's own
 * ({@code base} is the method's original {@code maxLocals}), fetched once at entry (no thread lookup per event;
 * docs/architecture.md, *Threads*).
 *
 * <pre>
 * mode        locals after base          path end with increment c
 * EXIT_COUNT  r:int                      Loupe.count(id, r + c)               (methods that end one
 *                                                                              path per activation)
 * ARRAY       r:int, counts:long[]       counts[r + c]++                      (no call)
 * TABLE       r:int, table:PathTable     table.add(r + c, 1)
 * KPATHS      r:int, t:PathThread,       cursor = t.step(cursor, id, r + c)
 *             cursor:long
 * TRACE       r:int, t:TraceThread,      t.path(id, r + c)                    (profile=trace)
 *             saved:int
 * </pre>
 *
 * <p>TRACE appends every path end to the thread's whole-program trace, and more: the entry
 * appends the activation's enter event and keeps the call site it came from in {@code saved}
 * ({@code saved = t.enter(id)}), each call marks its site first ({@code t.site = insn}), each
 * normal exit restores {@code t.site = saved}, each handler entry appends {@code t.caught(id, r)}
 * and a catch-all handler {@code t.unwind(id, r, saved)} before it rethrows (docs/trace.md,
 * <i>The trace</i>). It neither run-length encodes nor counts loops: the trace's grammar
 * compresses repetition.
 *
 * <p>EXIT_COUNT serves every k: a method without loops or handlers ends exactly one path per
 * activation, so its k-paths are its paths, and it needs neither an entry call nor state — which
 * keeps the many small methods of call-heavy code small enough for the JIT to inline.
 *
 * <p><b>Run-length encoding of loop paths.</b> In methods with loops, a path that ends at a back
 * edge is not recorded at once: two more locals, {@code last:int} and {@code run:long}, count how
 * many times in a row the same path ended there ({@code if (x == last) run++; else { flush; last = x;
 * run = 1; }}), and the run is recorded when another path ends, at every exit, and by a catch-all
 * handler when an exception leaves the method. A tight loop that repeats one path then costs a
 * compare and a register increment per iteration instead of a memory update (k = 1) or a call
 * (k ≥ 2); the runtime records a run of any length in O(k) ({@code KSlabForest.stepRun}). The
 * stream keeps its order: every other path end flushes the pending run first.
 *
 * <p><b>Counted loops.</b> A loop where only the header branches ({@link CountedLoops}) has two more
 * locals, {@code iterations:long} and {@code rIn:int}, after all of the above: its back edge only
 * counts, and its exits stream its path ends ({@link #countedExit}).
 */
final class PathRegister {

    /** How a method's path ends are recorded. */
    enum Mode { EXIT_COUNT, ARRAY, TABLE, KPATHS, TRACE }

    static final String LOUPE = "io/loupe/runtime/Loupe";
    static final String THREAD = "io/loupe/runtime/paths/PathThread";
    static final String TABLE = "io/loupe/runtime/paths/PathTable";
    static final String TRACE_THREAD = "io/loupe/runtime/trace/TraceThread";

    private final Mode mode;
    private final int methodId;
    private final boolean rle;
    private final int r;
    private final int state;
    private final int cursor;
    private final int last;
    private final int run;
    private int countedLoops;   // loops whose path ends are counted (CountedLoops), two locals each after the others
    private final String classOwner;   // counts in the class's own array (ClassCounters), or null
    private final int slotOffset;      // where the method's slots start in that array: added to every path start

    PathRegister(Mode mode, int methodId, int base, boolean rle) {
        this(mode, methodId, base, rle, null, 0);
    }

    /**
     * An EXIT_COUNT register whose path ends count through {@code owner}'s class-local counter
     * ({@link ClassCounters}) at slots {@code slotOffset + pathId}; the path register carries the
     * offset, as in {@link #classLocalArray}.
     */
    static PathRegister classLocal(int methodId, int base, String owner, int slotOffset) {
        return new PathRegister(Mode.EXIT_COUNT, methodId, base, false, owner, slotOffset);
    }

    /**
     * An ARRAY register whose counter array is {@code owner}'s class-local one
     * ({@link ClassCounters#COUNTERS}), the method's paths at slots {@code slotOffset + pathId}.
     * The path register itself carries the offset (every start adds it), so path ends cost what
     * they cost with a per-method array.
     */
    static PathRegister classLocalArray(int methodId, int base, boolean rle, String owner, int slotOffset) {
        return new PathRegister(Mode.ARRAY, methodId, base, rle, owner, slotOffset);
    }

    private PathRegister(Mode mode, int methodId, int base, boolean rle, String classOwner, int slotOffset) {
        this.classOwner = classOwner;
        this.slotOffset = slotOffset;
        this.mode = mode;
        this.methodId = methodId;
        this.rle = rle;
        if (mode == Mode.TRACE && rle) {
            throw new IllegalArgumentException("the whole-program trace records every path end");
        }
        this.r = base;
        this.state = base + 1;
        this.cursor = base + 2;
        this.last = mode == Mode.KPATHS ? base + 4 : base + 2;   // TRACE: base + 2 is saved
        this.run = last + 1;
    }

    /**
     * Gives the register {@code n} counted loops ({@link CountedLoops}), each with two locals
     * after the others: {@code iterations:long} and {@code rIn:int}. Call before any code is
     * generated.
     */
    void countLoops(int n) {
        if (n > 0 && !canCountLoops()) {
            throw new IllegalStateException("a method without loop path ends has no loop to count");
        }
        countedLoops = n;
    }

    /** True if the mode records loop path ends (every mode but EXIT_COUNT), so loops can be counted. */
    boolean canCountLoops() {
        return mode != Mode.EXIT_COUNT && mode != Mode.TRACE;
    }

    /** True for the whole-program trace (TRACE mode). */
    boolean traces() {
        return mode == Mode.TRACE;
    }

    private int iterations(int loop) {
        return (rle ? run + 2 : last) + 3 * loop;   // after run, or where last would be
    }

    private int rIn(int loop) {
        return iterations(loop) + 2;
    }

    /** True if loop path ends are run-length encoded (see the class comment). */
    boolean rle() {
        return rle;
    }

    /** Frame types of the appended locals, in slot order (a long counts once, as ASM wants). */
    List<Object> frameLocals() {
        List<Object> types = new ArrayList<>(switch (mode) {
            case EXIT_COUNT -> List.of(Opcodes.INTEGER);
            case ARRAY -> List.of(Opcodes.INTEGER, "[J");
            case TABLE -> List.of(Opcodes.INTEGER, TABLE);
            case KPATHS -> List.of(Opcodes.INTEGER, THREAD, Opcodes.LONG);
            case TRACE -> List.of(Opcodes.INTEGER, TRACE_THREAD, Opcodes.INTEGER);
        });
        if (rle) {
            types.add(Opcodes.INTEGER);
            types.add(Opcodes.LONG);
        }
        for (int i = 0; i < countedLoops; i++) {
            types.add(Opcodes.LONG);
            types.add(Opcodes.INTEGER);
        }
        return types;
    }

    /** Method entry: fetch the thread's state, set the cursor to "*", start the first path. */
    InsnList entry(long startInc) {
        InsnList l = new InsnList();
        switch (mode) {
            case EXIT_COUNT -> {
                l.add(start(startInc));
                return l;
            }
            case ARRAY -> {
                if (classOwner != null) {
                    // Stack: → long[]
                    l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, classOwner, ClassCounters.COUNTERS, "()[J", false));
                } else {
                    // Stack: → int id → long[]
                    l.add(IntConstant.push(methodId));
                    l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, LOUPE, "counters", "(I)[J", false));
                }
            }
            case TABLE -> {
                l.add(IntConstant.push(methodId));
                l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, LOUPE, "table", "(I)L" + TABLE + ";", false));
            }
            case KPATHS -> l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, LOUPE, "thread", "()L" + THREAD + ";", false));
            case TRACE -> l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, TRACE_THREAD, "current", "()L" + TRACE_THREAD + ";", false));
            default -> throw new AssertionError(mode);
        }
        l.add(new VarInsnNode(Opcodes.ASTORE, state));
        if (mode == Mode.TRACE) {
            // Stack: TraceThread, I → I (the site the caller marked) → (empty)
            l.add(new VarInsnNode(Opcodes.ALOAD, state));
            l.add(IntConstant.push(methodId));
            l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TRACE_THREAD, "enter", "(I)I", false));
            l.add(new VarInsnNode(Opcodes.ISTORE, last));
        }
        if (mode == Mode.KPATHS) {
            l.add(new InsnNode(Opcodes.LCONST_0));   // KSlabForest.START: the "*" of the stream
            l.add(new VarInsnNode(Opcodes.LSTORE, cursor));
        }
        if (rle) {
            l.add(new InsnNode(Opcodes.ICONST_0));
            l.add(new VarInsnNode(Opcodes.ISTORE, last));
            l.add(new InsnNode(Opcodes.LCONST_0));
            l.add(new VarInsnNode(Opcodes.LSTORE, run));
        }
        for (int i = 0; i < countedLoops; i++) {
            l.add(new InsnNode(Opcodes.LCONST_0));
            l.add(new VarInsnNode(Opcodes.LSTORE, iterations(i)));
            l.add(new InsnNode(Opcodes.ICONST_0));
            l.add(new VarInsnNode(Opcodes.ISTORE, rIn(i)));
        }
        l.add(start(startInc));
        return l;
    }

    /** The back edge of counted loop {@code loop}: {@code iterations += 1} (the path start follows). */
    InsnList countIteration(int loop) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.LLOAD, iterations(loop)));
        l.add(new InsnNode(Opcodes.LCONST_1));
        l.add(new InsnNode(Opcodes.LADD));
        l.add(new VarInsnNode(Opcodes.LSTORE, iterations(loop)));
        return l;
    }

    /** An edge into counted loop {@code loop} from outside, after the edge's own probe: {@code rIn = r}. */
    InsnList saveEntry(int loop) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ILOAD, r));
        l.add(new VarInsnNode(Opcodes.ISTORE, rIn(loop)));
        return l;
    }

    /**
     * An exit of counted loop {@code loop} (and the catch-all handler): streams the pending run,
     * then the loop's path ends ({@code rIn + offset} once, {@code repeated} for the other
     * iterations), and empties both. Straight-line code, so it needs no frame.
     */
    InsnList countedExit(int loop, int offset, int repeated) {
        InsnList l = new InsnList();
        switch (mode) {
            case ARRAY -> {
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                countedArguments(l, loop, offset, repeated);
                l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, LOUPE, "countLoop", "([JIJJII)V", false));
            }
            case TABLE -> {
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                countedArguments(l, loop, offset, repeated);
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TABLE, "addLoop", "(IJJII)V", false));
            }
            case KPATHS -> {
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(new VarInsnNode(Opcodes.LLOAD, cursor));
                l.add(IntConstant.push(methodId));
                countedArguments(l, loop, offset, repeated);
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "stepLoop", "(JIIJJII)J", false));
                l.add(new VarInsnNode(Opcodes.LSTORE, cursor));
            }
            default -> throw new AssertionError(mode);
        }
        if (rle) {
            l.add(new InsnNode(Opcodes.LCONST_0));
            l.add(new VarInsnNode(Opcodes.LSTORE, run));
        }
        l.add(new InsnNode(Opcodes.LCONST_0));
        l.add(new VarInsnNode(Opcodes.LSTORE, iterations(loop)));
        return l;
    }

    /**
     * Before a call (or {@code monitorenter}) inside counted loop {@code loop}: streams what the
     * loop's completed iterations and the pending run would stream at an exit ({@link #countedExit}),
     * so nothing is kept in locals while the callee runs (a callee may never return: it may call
     * {@code System.exit}, or block until the JVM stops). Once the first iteration is streamed,
     * the later ones all end {@code repeated}: {@code rIn} becomes the register they start from,
     * {@code start(h) = repeated - offset} (plus the slot offset), so that {@code rIn + offset}
     * is {@code repeated}. Straight-line code: {@code lcmp} of the iteration count, 0 or 1, picks
     * the new {@code rIn} without a branch, so no stack map frame is needed between a call's
     * arguments and the call.
     */
    InsnList countedFlushBeforeCall(int loop, int offset, int repeated) {
        InsnList l = new InsnList();
        // Stack: → rIn + (iterations > 0 ? 1 : 0) · (start(h) − rIn)
        l.add(new VarInsnNode(Opcodes.ILOAD, rIn(loop)));
        l.add(new VarInsnNode(Opcodes.LLOAD, iterations(loop)));
        l.add(new InsnNode(Opcodes.LCONST_0));
        l.add(new InsnNode(Opcodes.LCMP));
        l.add(IntConstant.push(repeated - offset + slotOffset));
        l.add(new VarInsnNode(Opcodes.ILOAD, rIn(loop)));
        l.add(new InsnNode(Opcodes.ISUB));
        l.add(new InsnNode(Opcodes.IMUL));
        l.add(new InsnNode(Opcodes.IADD));
        l.add(countedExit(loop, offset, repeated));
        l.add(new VarInsnNode(Opcodes.ISTORE, rIn(loop)));
        return l;
    }

    /**
     * Before a call (or {@code monitorenter}) where a run may be pending: records it and empties
     * it, as an exit does. Runs split this way stream the same items in the same order, so every
     * count is what it was; what changes is that a callee that never returns leaves nothing behind
     * in this frame's locals.
     */
    InsnList flushBeforeCall() {
        InsnList l = flush();
        l.add(new InsnNode(Opcodes.LCONST_0));
        l.add(new VarInsnNode(Opcodes.LSTORE, run));
        return l;
    }

    /** Pushes last, run (an empty run without run-length encoding), iterations, rIn + offset, repeated. */
    private void countedArguments(InsnList l, int loop, int offset, int repeated) {
        if (rle) {
            l.add(new VarInsnNode(Opcodes.ILOAD, last));
            l.add(new VarInsnNode(Opcodes.LLOAD, run));
        } else {
            l.add(new InsnNode(Opcodes.ICONST_0));
            l.add(new InsnNode(Opcodes.LCONST_0));
        }
        l.add(new VarInsnNode(Opcodes.LLOAD, iterations(loop)));
        l.add(new VarInsnNode(Opcodes.ILOAD, rIn(loop)));
        if (offset != 0) {
            l.add(IntConstant.push(offset));
            l.add(new InsnNode(Opcodes.IADD));
        }
        l.add(IntConstant.push(repeated + slotOffset));
    }

    /**
     * A path end that may repeat (at a back edge or cut edge), inside a trampoline whose target has
     * frame {@code target} (null in a class without frames): extends the pending run, or flushes it
     * and starts a new one.
     */
    InsnList repeatedEnd(long inc, FrameNode target) {
        InsnList l = new InsnList();
        LabelNode change = new LabelNode();
        LabelNode done = new LabelNode();
        // Stack: → x → x, x → x, x, last → x
        pathId(l, inc);
        l.add(new InsnNode(Opcodes.DUP));
        l.add(new VarInsnNode(Opcodes.ILOAD, last));
        l.add(new JumpInsnNode(Opcodes.IF_ICMPNE, change));
        // Stack: x → (empty); run++
        l.add(new InsnNode(Opcodes.POP));
        l.add(new VarInsnNode(Opcodes.LLOAD, run));
        l.add(new InsnNode(Opcodes.LCONST_1));
        l.add(new InsnNode(Opcodes.LADD));
        l.add(new VarInsnNode(Opcodes.LSTORE, run));
        l.add(new JumpInsnNode(Opcodes.GOTO, done));
        l.add(change);
        if (target != null) {
            FrameNode withX = FrameLocals.copy(target);
            withX.stack = new ArrayList<>(withX.stack);
            withX.stack.add(Opcodes.INTEGER);
            l.add(withX);
        }
        // Stack: x → (flush) x → (empty); last = x; run = 1
        l.add(flush());
        l.add(new VarInsnNode(Opcodes.ISTORE, last));
        l.add(new InsnNode(Opcodes.LCONST_1));
        l.add(new VarInsnNode(Opcodes.LSTORE, run));
        l.add(done);
        if (target != null) {
            l.add(FrameLocals.copy(target));
        }
        return l;
    }

    /** Records the pending run (a no-op when it is empty), leaving the stack as it was. */
    InsnList flush() {
        InsnList l = new InsnList();
        switch (mode) {
            case ARRAY -> {
                // Stack: [J, I → [J, I, [J, I → [J, I, J → [J, I, J, J → [J, I, J → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(new VarInsnNode(Opcodes.ILOAD, last));
                l.add(new InsnNode(Opcodes.DUP2));
                l.add(new InsnNode(Opcodes.LALOAD));
                l.add(new VarInsnNode(Opcodes.LLOAD, run));
                l.add(new InsnNode(Opcodes.LADD));
                l.add(new InsnNode(Opcodes.LASTORE));
            }
            case TABLE -> {
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(new VarInsnNode(Opcodes.ILOAD, last));
                l.add(new VarInsnNode(Opcodes.LLOAD, run));
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TABLE, "add", "(IJ)V", false));
            }
            case KPATHS -> {
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(new VarInsnNode(Opcodes.LLOAD, cursor));
                l.add(IntConstant.push(methodId));
                l.add(new VarInsnNode(Opcodes.ILOAD, last));
                l.add(new VarInsnNode(Opcodes.LLOAD, run));
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "stepRun", "(JIIJ)J", false));
                l.add(new VarInsnNode(Opcodes.LSTORE, cursor));
            }
            default -> throw new AssertionError(mode);
        }
        return l;
    }

    /**
     * A path end recorded at once: at exits, and at back edges that cannot have a trampoline. With
     * run-length encoding the pending run is flushed (and emptied) first, to keep the order.
     */
    InsnList directEnd(long inc) {
        InsnList l = new InsnList();
        if (rle) {
            l.add(flush());
            l.add(new InsnNode(Opcodes.LCONST_0));
            l.add(new VarInsnNode(Opcodes.LSTORE, run));
        }
        l.add(end(inc));
        return l;
    }

    /**
     * The catch-all handler's body: flush the pending run (if any), rethrow; in TRACE mode
     * {@code t.unwind(id, r, saved)} first. Stack: Throwable.
     */
    InsnList flushAndRethrow() {
        InsnList l = rle ? flush() : new InsnList();
        if (mode == Mode.TRACE) {
            l.add(new VarInsnNode(Opcodes.ALOAD, state));
            l.add(IntConstant.push(methodId));
            l.add(new VarInsnNode(Opcodes.ILOAD, r));
            l.add(new VarInsnNode(Opcodes.ILOAD, last));
            l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TRACE_THREAD, "unwind", "(III)V", false));
        }
        l.add(new InsnNode(Opcodes.ATHROW));
        return l;
    }

    /** Starts a path: {@code r = c} (plus the slot offset of a class-local array). */
    InsnList start(long inc) {
        InsnList l = new InsnList();
        l.add(IntConstant.push((int) inc + slotOffset));
        l.add(new VarInsnNode(Opcodes.ISTORE, r));
        return l;
    }

    /** Adds an increment to the path register: {@code r += c}. */
    InsnList add(long inc) {
        InsnList l = new InsnList();
        int c = (int) inc;
        if (c >= Short.MIN_VALUE && c <= Short.MAX_VALUE) {
            l.add(new IincInsnNode(r, c));
        } else {
            l.add(new VarInsnNode(Opcodes.ILOAD, r));
            l.add(IntConstant.push(c));
            l.add(new InsnNode(Opcodes.IADD));
            l.add(new VarInsnNode(Opcodes.ISTORE, r));
        }
        return l;
    }

    /** Ends the current path, whose id is {@code r + c}, recording it at once. */
    private InsnList end(long inc) {
        InsnList l = new InsnList();
        switch (mode) {
            case ARRAY -> {
                // Stack: [J, I → [J, I, [J, I → [J, I, J → [J, I, J, J → [J, I, J → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                pathId(l, inc);
                l.add(new InsnNode(Opcodes.DUP2));
                l.add(new InsnNode(Opcodes.LALOAD));
                l.add(new InsnNode(Opcodes.LCONST_1));
                l.add(new InsnNode(Opcodes.LADD));
                l.add(new InsnNode(Opcodes.LASTORE));
            }
            case EXIT_COUNT -> {
                if (classOwner != null) {
                    // Stack: I → (empty)
                    pathId(l, inc);
                    l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, classOwner, ClassCounters.COUNT, "(I)V", false));
                } else {
                    // Stack: I, I → (empty)
                    l.add(IntConstant.push(methodId));
                    pathId(l, inc);
                    l.add(new MethodInsnNode(Opcodes.INVOKESTATIC, LOUPE, "count", "(II)V", false));
                }
            }
            case TABLE -> {
                // Stack: PathTable, I, J → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                pathId(l, inc);
                l.add(new InsnNode(Opcodes.LCONST_1));
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TABLE, "add", "(IJ)V", false));
            }
            case KPATHS -> {
                // Stack: PathThread, J, I, I → J → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(new VarInsnNode(Opcodes.LLOAD, cursor));
                l.add(IntConstant.push(methodId));
                pathId(l, inc);
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, THREAD, "step", "(JII)J", false));
                l.add(new VarInsnNode(Opcodes.LSTORE, cursor));
            }
            case TRACE -> {
                // Stack: TraceThread, I, I → (empty)
                l.add(new VarInsnNode(Opcodes.ALOAD, state));
                l.add(IntConstant.push(methodId));
                pathId(l, inc);
                l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TRACE_THREAD, "path", "(II)V", false));
            }
            default -> throw new AssertionError(mode);
        }
        return l;
    }

    /**
     * TRACE: the path end at an exit, whose last instruction is an {@code athrow} if
     * {@code throwing} ({@code t.thrown(id, r + c)}: the activation's catch-all or one of its
     * handlers comes next) or a return ({@code t.path(id, r + c); t.site = saved}).
     */
    InsnList traceExit(long inc, boolean throwing) {
        if (!throwing) {
            InsnList l = end(inc);
            l.add(restoreSite());
            return l;
        }
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, state));
        l.add(IntConstant.push(methodId));
        pathId(l, inc);
        l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TRACE_THREAD, "thrown", "(II)V", false));
        return l;
    }

    /** TRACE: before a call, the instruction {@code insn} marks its site: {@code t.site = insn}. */
    InsnList markSite(int insn) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, state));
        l.add(IntConstant.push(insn));
        l.add(new FieldInsnNode(Opcodes.PUTFIELD, TRACE_THREAD, "site", "I"));
        return l;
    }

    /**
     * TRACE: at the start of block {@code block}, one of several that may throw where a path
     * register cannot tell them apart ({@link ThrowingBlocks}): {@code t.site = -2 - block}.
     */
    InsnList markBlock(int block) {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, state));
        l.add(IntConstant.push(-2 - block));
        l.add(new FieldInsnNode(Opcodes.PUTFIELD, TRACE_THREAD, "site", "I"));
        return l;
    }

    /** TRACE: at a normal exit, after its path end, the caller's site comes back: {@code t.site = saved}. */
    private InsnList restoreSite() {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, state));
        l.add(new VarInsnNode(Opcodes.ILOAD, last));
        l.add(new FieldInsnNode(Opcodes.PUTFIELD, TRACE_THREAD, "site", "I"));
        return l;
    }

    /** TRACE: a handler's entry, before its path starts: {@code t.caught(id, r)}. Stack: Throwable, kept. */
    InsnList caught() {
        InsnList l = new InsnList();
        l.add(new VarInsnNode(Opcodes.ALOAD, state));
        l.add(IntConstant.push(methodId));
        l.add(new VarInsnNode(Opcodes.ILOAD, r));
        l.add(new MethodInsnNode(Opcodes.INVOKEVIRTUAL, TRACE_THREAD, "caught", "(II)V", false));
        return l;
    }

    /** Pushes {@code r + c}. */
    private void pathId(InsnList l, long inc) {
        l.add(new VarInsnNode(Opcodes.ILOAD, r));
        int c = (int) inc;
        if (c != 0) {
            l.add(IntConstant.push(c));
            l.add(new InsnNode(Opcodes.IADD));
        }
    }
}
