package io.loupe.instrument.flow;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.LookupSwitchInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TableSwitchInsnNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.Value;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The frames ASM's {@link Analyzer} computes, computed a basic block at a time: the same data-flow
 * fixed point, with a frame kept only at the entry of each block, and the frame before an
 * instruction rebuilt from its block's entry when it is asked for.
 *
 * <p>Why: the instrumenter analyses every method of every class the program loads, most of which
 * never run, and ASM's analysis keeps a frame for every instruction — allocated on its first
 * visit, merged slot by slot on every later one, even in straight-line code where nothing can
 * join. On the classes of the bench jars, that was about a third of the instrumenter's time
 * (docs/decisions.md, <i>Data-flow analyses a basic block at a time</i>). Here merges happen only
 * where blocks meet, and a frame is copied only for the instructions asked about.
 *
 * <p>What it computes is what {@code new Analyzer<>(interpreter).analyze(owner, m)} computes, for
 * an interpreter whose merge is a join (the least fixed point does not depend on the order of the
 * work): the frame before each instruction of the list, labels, line numbers and frames included,
 * or {@code null} where no path reaches. As in ASM's analysis (9.10), each instruction in a
 * handler's range (its end excluded) passes the frames before and after it, with the stack
 * replaced by the exception, to the handler. Methods with JSR/RET subroutines are refused.
 */
public final class BlockFrames<V extends Value> {

    /**
     * Makes the frames of an analysis: {@link Frame} itself, or a subclass whose {@code execute}
     * does more (as {@code Analyzer.newFrame} is overridden for ASM's analysis).
     */
    public interface Frames<V extends Value> {
        Frame<V> empty(int locals, int stack);

        Frame<V> copy(Frame<? extends V> frame);

        /** Frames made by {@code empty} and {@code copy}: a frame class's two constructors. */
        static <V extends Value> Frames<V> of(BiFunction<Integer, Integer, Frame<V>> empty,
                                              Function<Frame<? extends V>, Frame<V>> copy) {
            return new Frames<>() {
                @Override
                public Frame<V> empty(int locals, int stack) {
                    return empty.apply(locals, stack);
                }

                @Override
                public Frame<V> copy(Frame<? extends V> frame) {
                    return copy.apply(frame);
                }
            };
        }
    }

    private final InsnList insns;
    private final Interpreter<V> interpreter;
    private final Frames<V> factory;
    /** Block by list position, and each block's first position (one extra: the end of the list). */
    private final int[] blockOf;
    private final int[] blockStart;
    /** Frame at each block's entry; null if no path reaches the block. */
    private final Frame<V>[] entries;
    /** Handlers by list position; null where none covers it. */
    private final List<TryCatchBlockNode>[] handlers;
    /** Frames already rebuilt, by list position. */
    private final Frame<V>[] asked;

    private BlockFrames(InsnList insns, Interpreter<V> interpreter, Frames<V> factory, int[] blockOf, int[] blockStart,
                        Frame<V>[] entries, List<TryCatchBlockNode>[] handlers) {
        this.insns = insns;
        this.interpreter = interpreter;
        this.factory = factory;
        this.blockOf = blockOf;
        this.blockStart = blockStart;
        this.entries = entries;
        this.handlers = handlers;
        @SuppressWarnings("unchecked")
        Frame<V>[] none = (Frame<V>[]) new Frame<?>[insns.size()];
        this.asked = none;
    }

    /**
     * Analyses method {@code m} of class {@code owner} (internal name), which has code and no
     * JSR/RET subroutines.
     *
     * @throws AnalyzerException where ASM's analysis would fail: operands that do not fit, stacks
     *                           of different heights meeting, execution falling off the end, or a subroutine
     */
    public static <V extends Value> BlockFrames<V> analyze(String owner, MethodNode m, Interpreter<V> interpreter)
            throws AnalyzerException {
        return analyze(owner, m, interpreter, Frames.<V>of(Frame::new, Frame::new));
    }

    /** {@link #analyze(String, MethodNode, Interpreter)} with frames of the {@code factory}'s making. */
    public static <V extends Value> BlockFrames<V> analyze(String owner, MethodNode m, Interpreter<V> interpreter,
                                                           Frames<V> factory) throws AnalyzerException {
        InsnList insns = m.instructions;
        int n = insns.size();
        @SuppressWarnings("unchecked")
        List<TryCatchBlockNode>[] handlers = (List<TryCatchBlockNode>[]) new List<?>[n];
        BitSet leaders = new BitSet(n + 1);
        leaders.set(0);
        leaders.set(n);
        for (TryCatchBlockNode tcb : m.tryCatchBlocks) {
            int end = insns.indexOf(tcb.end);
            for (int j = insns.indexOf(tcb.start); j < end; j++) {
                if (handlers[j] == null) {
                    handlers[j] = new ArrayList<>(2);
                }
                handlers[j].add(tcb);
            }
            leaders.set(insns.indexOf(tcb.handler));
        }
        for (int i = 0; i < n; i++) {
            AbstractInsnNode insn = insns.get(i);
            int op = insn.getOpcode();
            if (op == Opcodes.JSR || op == Opcodes.RET) {
                throw new AnalyzerException(insn, "JSR/RET subroutines are not supported");
            }
            if (insn instanceof JumpInsnNode jump) {
                leaders.set(insns.indexOf(jump.label));
                leaders.set(i + 1);
            } else if (insn instanceof TableSwitchInsnNode s) {
                leaders.set(insns.indexOf(s.dflt));
                s.labels.forEach(l -> leaders.set(insns.indexOf(l)));
                leaders.set(i + 1);
            } else if (insn instanceof LookupSwitchInsnNode s) {
                leaders.set(insns.indexOf(s.dflt));
                s.labels.forEach(l -> leaders.set(insns.indexOf(l)));
                leaders.set(i + 1);
            } else if (endsFlow(op)) {
                leaders.set(i + 1);
            }
        }
        int blocks = leaders.cardinality() - 1;
        int[] blockStart = new int[blocks + 1];
        int[] blockOf = new int[n];
        int b = -1;
        for (int i = 0; i < n; i++) {
            if (leaders.get(i)) {
                blockStart[++b] = i;
            }
            blockOf[i] = b;
        }
        blockStart[blocks] = n;
        @SuppressWarnings("unchecked")
        Frame<V>[] entries = (Frame<V>[]) new Frame<?>[blocks];
        BlockFrames<V> result = new BlockFrames<>(insns, interpreter, factory, blockOf, blockStart, entries, handlers);
        result.solve(initialFrame(owner, m, interpreter, factory));
        return result;
    }

    /** True if {@code m} has JSR/RET subroutines, which this analysis refuses and ASM's {@link Analyzer} takes. */
    public static boolean hasSubroutines(MethodNode m) {
        for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
            if (n.getOpcode() == Opcodes.JSR || n.getOpcode() == Opcodes.RET) {
                return true;
            }
        }
        return false;
    }

    /** True if no instruction follows {@code op} in the flow: an unconditional jump, a switch, a return or a throw. */
    private static boolean endsFlow(int op) {
        return op == Opcodes.GOTO || op == Opcodes.TABLESWITCH || op == Opcodes.LOOKUPSWITCH
                || (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) || op == Opcodes.ATHROW;
    }

    /** The frame at method entry, as ASM's analysis builds it. */
    private static <V extends Value> Frame<V> initialFrame(String owner, MethodNode m, Interpreter<V> interpreter,
                                                           Frames<V> factory) {
        Frame<V> frame = factory.empty(m.maxLocals, m.maxStack);
        int local = 0;
        boolean instance = (m.access & Opcodes.ACC_STATIC) == 0;
        if (instance) {
            frame.setLocal(local, interpreter.newParameterValue(true, local, Type.getObjectType(owner)));
            local++;
        }
        for (Type t : Type.getArgumentTypes(m.desc)) {
            frame.setLocal(local, interpreter.newParameterValue(instance, local, t));
            local++;
            if (t.getSize() == 2) {
                frame.setLocal(local, interpreter.newEmptyValue(local));
                local++;
            }
        }
        while (local < m.maxLocals) {
            frame.setLocal(local, interpreter.newEmptyValue(local));
            local++;
        }
        frame.setReturn(interpreter.newReturnTypeValue(Type.getReturnType(m.desc)));
        return frame;
    }

    /** Runs the blocks to the fixed point, lowest pending block first (close to the flow's order in compiled code). */
    private void solve(Frame<V> initial) throws AnalyzerException {
        BitSet pending = new BitSet(entries.length);
        entries[0] = factory.copy(initial);
        pending.set(0);
        Frame<V> current = factory.copy(initial);
        Frame<V> thrown = factory.copy(initial);
        List<V> exceptions = new ArrayList<>(2);
        for (int b = pending.nextSetBit(0); b >= 0; b = pending.nextSetBit(0)) {
            pending.clear(b);
            current.init(entries[b]);
            int end = blockStart[b + 1];
            for (int i = blockStart[b]; i < end; i++) {
                AbstractInsnNode insn = insns.get(i);
                List<TryCatchBlockNode> covering = handlers[i];
                if (covering != null) {   // the frame before the instruction
                    exceptions.clear();
                    for (TryCatchBlockNode tcb : covering) {
                        thrown.init(current);
                        thrown.clearStack();
                        V exception = interpreter.newExceptionValue(tcb, thrown,
                                Type.getObjectType(tcb.type == null ? "java/lang/Throwable" : tcb.type));
                        exceptions.add(exception);
                        thrown.push(exception);
                        mergeInto(insns.indexOf(tcb.handler), thrown, pending);
                    }
                }
                int op = insn.getOpcode();
                if (op >= 0) {
                    try {
                        current.execute(insn, interpreter);
                    } catch (AnalyzerException e) {
                        throw new AnalyzerException(e.node, "Error at instruction " + i + ": " + e.getMessage(), e);
                    } catch (RuntimeException e) {
                        throw new AnalyzerException(insn, "Error at instruction " + i + ": " + e.getMessage(), e);
                    }
                }
                if (covering != null) {   // and the frame after it
                    for (int k = 0; k < covering.size(); k++) {
                        thrown.init(current);
                        thrown.clearStack();
                        thrown.push(exceptions.get(k));
                        mergeInto(insns.indexOf(covering.get(k).handler), thrown, pending);
                    }
                }
                if (insn instanceof JumpInsnNode jump) {
                    mergeInto(insns.indexOf(jump.label), current, pending);
                } else if (insn instanceof TableSwitchInsnNode s) {
                    mergeInto(insns.indexOf(s.dflt), current, pending);
                    for (LabelNode l : s.labels) {
                        mergeInto(insns.indexOf(l), current, pending);
                    }
                } else if (insn instanceof LookupSwitchInsnNode s) {
                    mergeInto(insns.indexOf(s.dflt), current, pending);
                    for (LabelNode l : s.labels) {
                        mergeInto(insns.indexOf(l), current, pending);
                    }
                }
            }
            AbstractInsnNode last = insns.get(end - 1);
            if (!endsFlow(last.getOpcode())) {   // falls through (a conditional jump too)
                if (end == insns.size()) {
                    throw new AnalyzerException(last, "Execution can fall off the end of the code");
                }
                mergeInto(end, current, pending);
            }
        }
    }

    /** Merges {@code frame} into the entry of the block starting at {@code position}; marks the block pending if it changed. */
    private void mergeInto(int position, Frame<V> frame, BitSet pending) throws AnalyzerException {
        int b = blockOf[position];
        Frame<V> entry = entries[b];
        if (entry == null) {
            entries[b] = factory.copy(frame);
            pending.set(b);
        } else if (entry.merge(frame, interpreter)) {
            pending.set(b);
        }
    }

    /** True if some path reaches the instruction at list position {@code position}. */
    public boolean reachable(int position) {
        return entries[blockOf[position]] != null;
    }

    /**
     * The frame before the instruction at list position {@code position}, or null if no path
     * reaches it: rebuilt from the nearest frame before it in its block (the block's entry, or one
     * asked for earlier) on the first call, the same object after. Callers must not change it.
     */
    public Frame<V> frameAt(int position) {
        Frame<V> f = asked[position];
        if (f != null) {
            return f;
        }
        int b = blockOf[position];
        if (entries[b] == null) {
            return null;
        }
        int from = position - 1;
        while (from >= blockStart[b] && asked[from] == null) {
            from--;
        }
        Frame<V> current = factory.copy(from >= blockStart[b] ? asked[from] : entries[b]);
        try {
            for (int i = Math.max(from, blockStart[b]); i < position; i++) {
                AbstractInsnNode insn = insns.get(i);
                if (insn.getOpcode() >= 0) {
                    current.execute(insn, interpreter);
                }
            }
        } catch (AnalyzerException e) {
            throw new IllegalStateException("the instructions analysed before failed now", e);
        }
        asked[position] = current;
        return current;
    }
}
