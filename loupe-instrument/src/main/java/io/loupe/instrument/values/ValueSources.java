package io.loupe.instrument.values;

import io.loupe.instrument.flow.BlockFrames;
import org.objectweb.asm.ConstantDynamic;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which instructions can have produced each value of a method, before every instruction: ASM's
 * data-flow analysis (computed a block at a time, {@link BlockFrames}) whose values are
 * {@link Producers}. It answers what ASM's
 * {@code SourceInterpreter} answers, with two differences:
 *
 * <ul>
 *   <li>{@code dup}-family instructions and {@code swap} only move values, so their results keep
 *   the producers of what they copy (instead of naming the {@code dup});</li>
 *   <li>the value a local variable has at method entry is produced by a marker of its own (one
 *   per slot, not in the instruction list), so that a merge of the entry value with a store
 *   still says that the entry value can reach.</li>
 * </ul>
 *
 * <p>In a frame, a local variable's producers are the {@code xstore} and {@code iinc}
 * instructions that wrote it (its reaching definitions) and possibly its entry marker; a stack
 * value's producers are instructions, or none for the exception at a handler's entry.
 */
final class ValueSources {

    /** Entry markers are numbered {@code slot - MARKERS}: below every instruction number. */
    private static final int MARKERS = 1 << 16;

    private final MethodNode method;
    private final BlockFrames<Producers> frames;
    private final Map<Integer, AbstractInsnNode> markers = new HashMap<>();
    private final Map<AbstractInsnNode, Integer> entrySlots = new HashMap<>();

    private ValueSources(MethodNode method, BlockFrames<Producers> frames) {
        this.method = method;
        this.frames = frames;
    }

    /** Analyses a method with code and without JSR/RET subroutines. */
    static ValueSources of(String owner, MethodNode m) throws AnalyzerException {
        return new ValueSources(m, BlockFrames.analyze(owner, m, new ProducerInterpreter(m)));
    }

    /** True if some path reaches the instruction at list position {@code position}. */
    boolean reachable(int position) {
        return frames.reachable(position);
    }

    /** The frame before the instruction at list position {@code position}; null if it is unreachable. */
    Frame<Producers> frameAt(int position) {
        return frames.frameAt(position);
    }

    /** The frame before {@code insn}; null if it is unreachable. */
    Frame<Producers> frameBefore(AbstractInsnNode insn) {
        return frames.frameAt(method.instructions.indexOf(insn));
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

    /**
     * The producers of {@code value}: entry markers first (by slot), then instructions in
     * bytecode order. A marker is an instruction node that is not in the method.
     */
    List<AbstractInsnNode> producers(Producers value) {
        List<AbstractInsnNode> list = new ArrayList<>(value.ids.length);
        for (int id : value.ids) {
            list.add(id >= 0 ? method.instructions.get(id) : marker(id + MARKERS));
        }
        return list;
    }

    private AbstractInsnNode marker(int slot) {
        return markers.computeIfAbsent(slot, s -> {
            AbstractInsnNode n = new InsnNode(Opcodes.NOP);
            entrySlots.put(n, s);
            return n;
        });
    }

    /** The top {@code count} stack values of {@code frame}, deepest first. */
    static List<Producers> operands(Frame<Producers> frame, int count) {
        List<Producers> list = new ArrayList<>(count);
        for (int i = frame.getStackSize() - count; i < frame.getStackSize(); i++) {
            list.add(frame.getStack(i));
        }
        return list;
    }

    /** The interpreter: each instruction produces a value of its result's size, named by its position. */
    private static final class ProducerInterpreter extends Interpreter<Producers> {
        private final MethodNode method;

        ProducerInterpreter(MethodNode method) {
            super(Opcodes.ASM9);
            this.method = method;
        }

        private Producers produced(AbstractInsnNode insn, int size) {
            return Producers.of(size, method.instructions.indexOf(insn));
        }

        @Override
        public Producers newValue(Type type) {
            if (type == Type.VOID_TYPE) {
                return null;
            }
            return Producers.none(type == null ? 1 : type.getSize());
        }

        @Override
        public Producers newParameterValue(boolean isInstanceMethod, int local, Type type) {
            return Producers.of(type.getSize(), local - MARKERS);
        }

        @Override
        public Producers newOperation(AbstractInsnNode insn) {
            int size = switch (insn.getOpcode()) {
                case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> 2;
                case Opcodes.LDC -> constantSize(((LdcInsnNode) insn).cst);
                case Opcodes.GETSTATIC -> Type.getType(((FieldInsnNode) insn).desc).getSize();
                default -> 1;
            };
            return produced(insn, size);
        }

        private static int constantSize(Object cst) {
            if (cst instanceof Long || cst instanceof Double) {
                return 2;
            }
            if (cst instanceof ConstantDynamic c) {
                return c.getSize();
            }
            return 1;
        }

        @Override
        public Producers copyOperation(AbstractInsnNode insn, Producers value) {
            int op = insn.getOpcode();
            if (op >= Opcodes.DUP && op <= Opcodes.SWAP) {
                return value;   // only moved: the producers stay those of the original
            }
            return produced(insn, value.getSize());
        }

        @Override
        public Producers unaryOperation(AbstractInsnNode insn, Producers value) {
            int size = switch (insn.getOpcode()) {
                case Opcodes.LNEG, Opcodes.DNEG, Opcodes.I2L, Opcodes.I2D, Opcodes.L2D, Opcodes.F2L, Opcodes.F2D,
                        Opcodes.D2L -> 2;
                case Opcodes.GETFIELD -> Type.getType(((FieldInsnNode) insn).desc).getSize();
                default -> 1;
            };
            return produced(insn, size);
        }

        @Override
        public Producers binaryOperation(AbstractInsnNode insn, Producers value1, Producers value2) {
            int size = switch (insn.getOpcode()) {
                case Opcodes.LALOAD, Opcodes.DALOAD, Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB,
                        Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV, Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM,
                        Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> 2;
                default -> 1;
            };
            return produced(insn, size);
        }

        @Override
        public Producers ternaryOperation(AbstractInsnNode insn, Producers value1, Producers value2, Producers value3) {
            return produced(insn, 1);
        }

        @Override
        public Producers naryOperation(AbstractInsnNode insn, List<? extends Producers> values) {
            String desc;
            if (insn instanceof MethodInsnNode call) {
                desc = call.desc;
            } else if (insn instanceof InvokeDynamicInsnNode indy) {
                desc = indy.desc;
            } else {
                return produced(insn, 1);   // multianewarray
            }
            return produced(insn, Math.max(1, Type.getReturnType(desc).getSize()));
        }

        @Override
        public void returnOperation(AbstractInsnNode insn, Producers value, Producers expected) {
        }

        @Override
        public Producers merge(Producers value1, Producers value2) {
            if (value1 == value2 || value1.size == value2.size && value1.containsAll(value2)) {
                return value1;
            }
            return value1.union(value2);
        }
    }
}
