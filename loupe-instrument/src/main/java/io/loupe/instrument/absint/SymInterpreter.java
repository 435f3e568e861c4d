package io.loupe.instrument.absint;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.analysis.Interpreter;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Evaluates a nest's bytecode symbolically for the {@link NestFinder}: {@code int} additions,
 * subtractions, negations, products and left shifts by constants stay linear forms; the length of
 * an input array is a variable of its own; an {@code aaload} gives the loaded element as a
 * reference; everything else is unknown. The operands of array accesses and of conditional jumps
 * are recorded per instruction for the finder to read.
 */
final class SymInterpreter extends Interpreter<Sym> {

    /** The variable of the length of the array in reference slot {@code slot}. */
    static int lengthVariable(int slot) {
        return NestFinder.LENGTH_BASE + slot;
    }

    /** Per array access or conditional jump: its operands (array, index / the compared values). */
    final Map<AbstractInsnNode, Sym[]> operands = new IdentityHashMap<>();
    /** Per instruction that is an access site: the site's ordinal (for {@code aaload}'s element). */
    private final Map<AbstractInsnNode, Integer> siteOrdinals;

    SymInterpreter(Map<AbstractInsnNode, Integer> siteOrdinals) {
        super(Opcodes.ASM9);
        this.siteOrdinals = siteOrdinals;
    }

    @Override
    public Sym newValue(Type type) {
        if (type == Type.VOID_TYPE) {
            return null;
        }
        return Sym.unknown(type == null ? 1 : type.getSize());
    }

    @Override
    public Sym newOperation(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        if (op >= Opcodes.ICONST_M1 && op <= Opcodes.ICONST_5) {
            return Sym.of(Lin.constant(op - Opcodes.ICONST_0));
        }
        if (op == Opcodes.BIPUSH || op == Opcodes.SIPUSH) {
            return Sym.of(Lin.constant(((IntInsnNode) insn).operand));
        }
        if (op == Opcodes.LDC) {
            Object c = ((LdcInsnNode) insn).cst;
            if (c instanceof Integer i) {
                return Sym.of(Lin.constant(i));
            }
            return Sym.unknown(c instanceof Long || c instanceof Double ? 2 : 1);
        }
        return switch (op) {
            case Opcodes.LCONST_0, Opcodes.LCONST_1, Opcodes.DCONST_0, Opcodes.DCONST_1 -> Sym.UNKNOWN_WIDE;
            case Opcodes.GETSTATIC -> Sym.unknown(Type.getType(((org.objectweb.asm.tree.FieldInsnNode) insn).desc).getSize());
            default -> Sym.UNKNOWN;
        };
    }

    @Override
    public Sym copyOperation(AbstractInsnNode insn, Sym value) {
        return value;
    }

    @Override
    public Sym unaryOperation(AbstractInsnNode insn, Sym value) {
        int op = insn.getOpcode();
        switch (op) {
            case Opcodes.INEG:
                return value.lin != null ? Sym.of(value.lin.times(-1)) : Sym.UNKNOWN;
            case Opcodes.IINC:
                return value.lin != null ? Sym.of(value.lin.plus(Lin.constant(((IincInsnNode) insn).incr))) : Sym.UNKNOWN;
            case Opcodes.ARRAYLENGTH:
                return value.inputSlot >= 0 ? Sym.of(Lin.variable(lengthVariable(value.inputSlot))) : Sym.UNKNOWN;
            case Opcodes.IFEQ, Opcodes.IFNE, Opcodes.IFLT, Opcodes.IFGE, Opcodes.IFGT, Opcodes.IFLE,
                 Opcodes.IFNULL, Opcodes.IFNONNULL, Opcodes.TABLESWITCH, Opcodes.LOOKUPSWITCH:
                operands.put(insn, new Sym[] {value});
                return null;
            case Opcodes.CHECKCAST:
                return value;
            case Opcodes.I2L, Opcodes.I2D, Opcodes.F2L, Opcodes.F2D, Opcodes.LNEG, Opcodes.DNEG, Opcodes.L2D, Opcodes.D2L:
                return Sym.UNKNOWN_WIDE;
            case Opcodes.GETFIELD:
                return Sym.unknown(Type.getType(((org.objectweb.asm.tree.FieldInsnNode) insn).desc).getSize());
            case Opcodes.IRETURN, Opcodes.LRETURN, Opcodes.FRETURN, Opcodes.DRETURN, Opcodes.ARETURN,
                 Opcodes.PUTSTATIC, Opcodes.ATHROW, Opcodes.MONITORENTER, Opcodes.MONITOREXIT:
                return null;
            default:
                return Sym.UNKNOWN;
        }
    }

    @Override
    public Sym binaryOperation(AbstractInsnNode insn, Sym a, Sym b) {
        int op = insn.getOpcode();
        switch (op) {
            case Opcodes.IADD:
                return a.lin != null && b.lin != null ? Sym.of(a.lin.plus(b.lin)) : Sym.UNKNOWN;
            case Opcodes.ISUB:
                return a.lin != null && b.lin != null ? Sym.of(a.lin.minus(b.lin)) : Sym.UNKNOWN;
            case Opcodes.IMUL:
                if (a.lin != null && b.lin != null && (a.lin.isConstant() || b.lin.isConstant())) {
                    return Sym.of(a.lin.isConstant() ? b.lin.times(a.lin.constantTerm()) : a.lin.times(b.lin.constantTerm()));
                }
                return Sym.UNKNOWN;
            case Opcodes.ISHL:
                if (a.lin != null && b.lin != null && b.lin.isConstant()) {
                    return Sym.of(a.lin.times(1 << (b.lin.constantTerm() & 31)));
                }
                return Sym.UNKNOWN;
            case Opcodes.IALOAD, Opcodes.FALOAD, Opcodes.BALOAD, Opcodes.CALOAD, Opcodes.SALOAD:
                operands.put(insn, new Sym[] {a, b});
                return Sym.UNKNOWN;
            case Opcodes.LALOAD, Opcodes.DALOAD:
                operands.put(insn, new Sym[] {a, b});
                return Sym.UNKNOWN_WIDE;
            case Opcodes.AALOAD:
                operands.put(insn, new Sym[] {a, b});
                Integer site = siteOrdinals.get(insn);
                return site != null ? Sym.loaded(site) : Sym.UNKNOWN;
            case Opcodes.IDIV, Opcodes.IREM:
                operands.put(insn, new Sym[] {a, b});
                return Sym.UNKNOWN;
            case Opcodes.LDIV, Opcodes.LREM:
                operands.put(insn, new Sym[] {a, b});
                return Sym.UNKNOWN_WIDE;
            case Opcodes.IF_ICMPEQ, Opcodes.IF_ICMPNE, Opcodes.IF_ICMPLT, Opcodes.IF_ICMPGE, Opcodes.IF_ICMPGT,
                 Opcodes.IF_ICMPLE, Opcodes.IF_ACMPEQ, Opcodes.IF_ACMPNE, Opcodes.PUTFIELD:
                operands.put(insn, new Sym[] {a, b});
                return null;
            case Opcodes.LADD, Opcodes.LSUB, Opcodes.LMUL, Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR, Opcodes.LAND,
                 Opcodes.LOR, Opcodes.LXOR, Opcodes.DADD, Opcodes.DSUB, Opcodes.DMUL, Opcodes.DDIV, Opcodes.DREM:
                return Sym.UNKNOWN_WIDE;
            default:
                return Sym.UNKNOWN;
        }
    }

    @Override
    public Sym ternaryOperation(AbstractInsnNode insn, Sym a, Sym b, Sym c) {
        operands.put(insn, new Sym[] {a, b});
        return null;
    }

    @Override
    public Sym naryOperation(AbstractInsnNode insn, List<? extends Sym> values) {
        if (insn instanceof org.objectweb.asm.tree.MethodInsnNode call) {
            return newValue(Type.getReturnType(call.desc));
        }
        if (insn instanceof org.objectweb.asm.tree.InvokeDynamicInsnNode indy) {
            return newValue(Type.getReturnType(indy.desc));
        }
        return Sym.UNKNOWN;   // multianewarray
    }

    @Override
    public void returnOperation(AbstractInsnNode insn, Sym value, Sym expected) {
    }

    @Override
    public Sym merge(Sym a, Sym b) {
        return a.equals(b) ? a : Sym.unknown(a.getSize());
    }
}
