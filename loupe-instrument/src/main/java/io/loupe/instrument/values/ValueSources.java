package io.loupe.instrument.values;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which instructions can have produced each value of a method, before every instruction: ASM's
 * {@link SourceInterpreter}, with two changes.
 *
 * <ul>
 *   <li>{@code dup}-family instructions and {@code swap} only move values, so their results keep
 *   the producers of what they copy (the plain interpreter names the {@code dup}).</li>
 *   <li>The value a local variable has at method entry is produced by a marker of its own (one
 *   per slot, not in the instruction list), so that a merge of the entry value with a store
 *   still says that the entry value can reach (the plain interpreter has no producer for it, and
 *   a merge would drop it).</li>
 * </ul>
 *
 * <p>In a frame, a local variable's producers are the {@code xstore} and {@code iinc}
 * instructions that wrote it (its reaching definitions) and possibly its entry marker; a stack
 * value's producers are instructions, or none for the exception at a handler's entry.
 */
final class ValueSources {

    private final MethodNode method;
    private final Frame<SourceValue>[] frames;
    private final Map<AbstractInsnNode, Integer> entrySlots;

    private ValueSources(MethodNode method, Frame<SourceValue>[] frames, Map<AbstractInsnNode, Integer> entrySlots) {
        this.method = method;
        this.frames = frames;
        this.entrySlots = entrySlots;
    }

    /** Analyses a method with code and without JSR/RET subroutines. */
    static ValueSources of(String owner, MethodNode m) throws AnalyzerException {
        Interpreter interpreter = new Interpreter();
        Frame<SourceValue>[] frames = new Analyzer<>(interpreter).analyze(owner, m);
        return new ValueSources(m, frames, interpreter.entrySlots);
    }

    /** The frame before the instruction at list position {@code position}; null if it is unreachable. */
    Frame<SourceValue> frameAt(int position) {
        return frames[position];
    }

    /** The frame before {@code insn}; null if it is unreachable. */
    Frame<SourceValue> frameBefore(AbstractInsnNode insn) {
        return frames[method.instructions.indexOf(insn)];
    }

    /** The position of {@code insn} in the method's instruction list. */
    int position(AbstractInsnNode insn) {
        return method.instructions.indexOf(insn);
    }

    /** The slot whose entry value {@code producer} stands for, or -1 if it is an instruction of the method. */
    int entrySlot(AbstractInsnNode producer) {
        Integer slot = entrySlots.get(producer);
        return slot == null ? -1 : slot;
    }

    /** The producers of {@code value}: entry markers first (by slot), then instructions in bytecode order. */
    List<AbstractInsnNode> producers(SourceValue value) {
        List<AbstractInsnNode> list = new ArrayList<>(value.insns);
        list.sort(Comparator.comparingInt(this::order));
        return list;
    }

    private int order(AbstractInsnNode n) {
        Integer slot = entrySlots.get(n);
        return slot != null ? slot - 65536 : method.instructions.indexOf(n);
    }

    /** The top {@code count} stack values of {@code frame}, deepest first. */
    static List<SourceValue> operands(Frame<SourceValue> frame, int count) {
        List<SourceValue> list = new ArrayList<>(count);
        for (int i = frame.getStackSize() - count; i < frame.getStackSize(); i++) {
            list.add(frame.getStack(i));
        }
        return list;
    }

    /** The interpreter: see the class comment. */
    private static final class Interpreter extends SourceInterpreter {
        final Map<AbstractInsnNode, Integer> entrySlots = new HashMap<>();

        Interpreter() {
            super(Opcodes.ASM9);
        }

        @Override
        public SourceValue newParameterValue(boolean isInstanceMethod, int local, Type type) {
            AbstractInsnNode marker = new InsnNode(Opcodes.NOP);
            entrySlots.put(marker, local);
            return new SourceValue(type.getSize(), marker);
        }

        @Override
        public SourceValue copyOperation(AbstractInsnNode insn, SourceValue value) {
            int op = insn.getOpcode();
            if (op >= Opcodes.DUP && op <= Opcodes.SWAP) {
                return value;
            }
            return super.copyOperation(insn, value);
        }
    }
}
