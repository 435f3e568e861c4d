package io.loupe.instrument.trace;

import io.loupe.data.trace.MethodFlow;
import io.loupe.instrument.flow.ControlDependence;
import io.loupe.instrument.flow.ControlFlowGraph;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.LineNumberNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.MultiANewArrayInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Finds a method's {@link MethodFlow}: each instruction's effect on the operand stack, in slots
 * (JVMS §6.5, each instruction's operand stack before and after), its line, what it calls, and
 * each block's control dependences ({@link ControlDependence}). Computed from the original
 * bytecode, numbered as {@link ControlFlowGraph} numbers instructions, beside the ops.
 */
final class MethodFlowFinder {

    private MethodFlowFinder() {
    }

    /** The flow of {@code m}, whose graph is {@code cfg}; {@code heap} are its instructions that are heap ops. */
    static MethodFlow find(MethodNode m, ControlFlowGraph cfg, Set<AbstractInsnNode> heap) {
        List<AbstractInsnNode> insns = cfg.instructions();
        Map<AbstractInsnNode, Integer> number = new IdentityHashMap<>();
        for (int i = 0; i < insns.size(); i++) {
            number.put(insns.get(i), i);
        }
        int n = insns.size();
        int[] effects = new int[n];
        int[] lines = new int[n];
        int[] targets = new int[n];
        List<String> names = new ArrayList<>();
        Map<String, Integer> nameIndex = new HashMap<>();
        int line = -1;
        for (AbstractInsnNode node = m.instructions.getFirst(); node != null; node = node.getNext()) {
            if (node instanceof LineNumberNode ln) {
                line = ln.line;
                continue;
            }
            Integer i = number.get(node);
            if (i == null) {
                continue;
            }
            lines[i] = line;
            targets[i] = -1;
            effects[i] = effect(node, heap.contains(node));
            String target = target(node);
            if (target != null) {
                targets[i] = nameIndex.computeIfAbsent(target, t -> {
                    names.add(t);
                    return names.size() - 1;
                });
            }
        }
        return new MethodFlow(effects, lines, targets, names, ControlDependence.of(cfg), m.maxLocals, m.maxStack);
    }

    /** What a call calls, {@code name + descriptor}; null for any other instruction. */
    private static String target(AbstractInsnNode node) {
        if (node instanceof MethodInsnNode mi) {
            return mi.name + mi.desc;
        }
        if (node instanceof InvokeDynamicInsnNode indy) {
            return indy.name + indy.desc;
        }
        return null;
    }

    /** The packed effect of {@code node}; {@code heapOp} if it is one of the method's heap ops. */
    static int effect(AbstractInsnNode node, boolean heapOp) {
        int op = node.getOpcode();
        if (node instanceof MethodInsnNode mi) {
            int pops = argumentSlots(mi.desc) + (op == Opcodes.INVOKESTATIC ? 0 : 1);
            int pushes = Type.getReturnType(mi.desc).getSize();
            return MethodFlow.effect(heapOp ? MethodFlow.HEAP : MethodFlow.INVOKE, pops, pushes, 0);
        }
        if (node instanceof InvokeDynamicInsnNode indy) {
            return MethodFlow.effect(MethodFlow.INVOKE, argumentSlots(indy.desc), Type.getReturnType(indy.desc).getSize(), 0);
        }
        if (node instanceof FieldInsnNode f) {
            int size = Type.getType(f.desc).getSize();
            int kind = heapOp ? MethodFlow.HEAP : MethodFlow.PLAIN;
            return switch (op) {
                case Opcodes.GETSTATIC -> MethodFlow.effect(kind, 0, size, 0);
                case Opcodes.PUTSTATIC -> MethodFlow.effect(kind, size, 0, 0);
                case Opcodes.GETFIELD -> MethodFlow.effect(kind, 1, size, 0);
                default -> MethodFlow.effect(kind, 1 + size, 0, 0);
            };
        }
        if (node instanceof VarInsnNode v) {
            boolean wide = op == Opcodes.LLOAD || op == Opcodes.DLOAD || op == Opcodes.LSTORE || op == Opcodes.DSTORE;
            int size = wide ? 2 : 1;
            if (op == Opcodes.RET) {
                return MethodFlow.effect(MethodFlow.PLAIN, 0, 0, 0);
            }
            return op <= Opcodes.ALOAD
                    ? MethodFlow.effect(MethodFlow.LOAD_LOCAL, 0, size, v.var)
                    : MethodFlow.effect(MethodFlow.STORE_LOCAL, size, 0, v.var);
        }
        if (node instanceof IincInsnNode inc) {
            return MethodFlow.effect(MethodFlow.INC_LOCAL, 0, 0, inc.var);
        }
        if (node instanceof LdcInsnNode ldc) {
            boolean wide = ldc.cst instanceof Long || ldc.cst instanceof Double;
            return MethodFlow.effect(MethodFlow.PLAIN, 0, wide ? 2 : 1, 0);
        }
        if (node instanceof MultiANewArrayInsnNode multi) {
            return MethodFlow.effect(MethodFlow.PLAIN, multi.dims, 1, 0);
        }
        if (op >= Opcodes.DUP && op <= Opcodes.SWAP) {
            int[] shape = MethodFlow.shuffle(op);
            return MethodFlow.effect(MethodFlow.SHUFFLE, shape[0], shape.length - 1, op);
        }
        if (op >= Opcodes.IALOAD && op <= Opcodes.SALOAD || op >= Opcodes.IASTORE && op <= Opcodes.SASTORE) {
            int[] s = simple(op);
            return MethodFlow.effect(heapOp ? MethodFlow.HEAP : MethodFlow.PLAIN, s[0], s[1], 0);
        }
        if (op >= Opcodes.IRETURN && op <= Opcodes.RETURN) {
            int size = op == Opcodes.LRETURN || op == Opcodes.DRETURN ? 2 : op == Opcodes.RETURN ? 0 : 1;
            return MethodFlow.effect(MethodFlow.RETURN, size, 0, 0);
        }
        if (op == Opcodes.ATHROW) {
            return MethodFlow.effect(MethodFlow.THROW, 1, 0, 0);
        }
        if (op >= Opcodes.IFEQ && op <= Opcodes.IF_ACMPNE || op == Opcodes.IFNULL || op == Opcodes.IFNONNULL
                || op == Opcodes.TABLESWITCH || op == Opcodes.LOOKUPSWITCH) {
            int pops = op >= Opcodes.IF_ICMPEQ && op <= Opcodes.IF_ACMPNE ? 2 : 1;
            return MethodFlow.effect(MethodFlow.BRANCH, pops, 0, 0);
        }
        int[] s = simple(op);
        return MethodFlow.effect(MethodFlow.PLAIN, s[0], s[1], 0);
    }

    private static int argumentSlots(String desc) {
        return (Type.getArgumentsAndReturnSizes(desc) >> 2) - 1;
    }

    /** Slots popped and pushed by an instruction whose effect its opcode alone fixes. */
    private static int[] simple(int op) {
        return switch (op) {
            case Opcodes.NOP, Opcodes.GOTO -> new int[] {0, 0};
            case Opcodes.ACONST_NULL, Opcodes.ICONST_M1, Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ICONST_2,
                    Opcodes.ICONST_3, Opcodes.ICONST_4, Opcodes.ICONST_5, Opcodes.FCONST_0, Opcodes.FCONST_1,
                    Opcodes.FCONST_2, Opcodes.BIPUSH, Opcodes.SIPUSH, Opcodes.NEW -> new int[] {0, 1};
            case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> new int[] {0, 2};
            case Opcodes.IALOAD, Opcodes.FALOAD, Opcodes.AALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD -> new int[] {2, 1};
            case Opcodes.LALOAD, Opcodes.DALOAD -> new int[] {2, 2};
            case Opcodes.IASTORE, Opcodes.FASTORE, Opcodes.AASTORE, Opcodes.BASTORE, Opcodes.CASTORE,
                    Opcodes.SASTORE -> new int[] {3, 0};
            case Opcodes.LASTORE, Opcodes.DASTORE -> new int[] {4, 0};
            case Opcodes.POP, Opcodes.MONITORENTER, Opcodes.MONITOREXIT -> new int[] {1, 0};
            case Opcodes.POP2 -> new int[] {2, 0};
            case Opcodes.IADD, Opcodes.FADD, Opcodes.ISUB, Opcodes.FSUB, Opcodes.IMUL, Opcodes.FMUL, Opcodes.IDIV,
                    Opcodes.FDIV, Opcodes.IREM, Opcodes.FREM, Opcodes.ISHL, Opcodes.ISHR, Opcodes.IUSHR, Opcodes.IAND,
                    Opcodes.IOR, Opcodes.IXOR, Opcodes.FCMPL, Opcodes.FCMPG -> new int[] {2, 1};
            case Opcodes.LADD, Opcodes.DADD, Opcodes.LSUB, Opcodes.DSUB, Opcodes.LMUL, Opcodes.DMUL, Opcodes.LDIV,
                    Opcodes.DDIV, Opcodes.LREM, Opcodes.DREM, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR -> new int[] {4, 2};
            case Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR -> new int[] {3, 2};
            case Opcodes.INEG, Opcodes.FNEG, Opcodes.I2F, Opcodes.F2I, Opcodes.I2B, Opcodes.I2C, Opcodes.I2S,
                    Opcodes.ANEWARRAY, Opcodes.NEWARRAY, Opcodes.ARRAYLENGTH, Opcodes.CHECKCAST,
                    Opcodes.INSTANCEOF -> new int[] {1, 1};
            case Opcodes.LNEG, Opcodes.DNEG, Opcodes.L2D, Opcodes.D2L -> new int[] {2, 2};
            case Opcodes.I2L, Opcodes.I2D, Opcodes.F2L, Opcodes.F2D -> new int[] {1, 2};
            case Opcodes.L2I, Opcodes.L2F, Opcodes.D2I, Opcodes.D2F -> new int[] {2, 1};
            case Opcodes.LCMP, Opcodes.DCMPL, Opcodes.DCMPG -> new int[] {4, 1};
            default -> throw new IllegalArgumentException("no stack effect known for opcode " + op);
        };
    }
}
