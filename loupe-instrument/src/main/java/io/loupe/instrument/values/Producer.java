package io.loupe.instrument.values;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;

/**
 * What kind of instruction produced the value a {@code local} site stores: the producer
 * categories of docs/values.md. Labels are what the profile and the formulas use.
 */
public enum Producer {
    /** {@code iconst_*}, {@code lconst_*}, {@code fconst_*}, {@code dconst_*}, {@code bipush}, {@code sipush}, {@code ldc}, {@code aconst_null}. */
    CONST("const"),
    /** A load of another local variable ({@code xload}); {@code dup}-family instructions are looked through. */
    COPY("copy"),
    /** {@code getfield}, {@code getstatic}. */
    FIELD("field"),
    /** An array element load ({@code xaload}). */
    ARRAY("array"),
    /** The result of a call ({@code invoke*}, {@code invokedynamic}). */
    CALL("call"),
    /** {@code iadd isub ineg ladd lsub lneg}, and {@code iinc}. */
    INT_ARITH("int-arith"),
    /** {@code imul lmul}. */
    INT_MUL("int-mul"),
    /** {@code idiv irem ldiv lrem}. */
    INT_DIV("int-div"),
    /** {@code fadd fsub fneg dadd dsub dneg}. */
    FP_ARITH("fp-arith"),
    /** {@code fmul dmul}. */
    FP_MUL("fp-mul"),
    /** {@code fdiv ddiv frem drem}. */
    FP_DIV("fp-div"),
    /** {@code ishl ishr iushr lshl lshr lushr}. */
    SHIFT("shift"),
    /** {@code iand ior ixor land lor lxor}. */
    LOGIC("logic"),
    /** {@code lcmp fcmpl fcmpg dcmpl dcmpg instanceof}. */
    COMPARE("compare"),
    /** The primitive conversions {@code i2l} … {@code i2s}. */
    CONVERT("convert"),
    /** {@code checkcast}. */
    CAST("cast"),
    /** {@code new newarray anewarray multianewarray}. */
    NEW("new"),
    /** {@code arraylength}. */
    LENGTH("length"),
    /** The exception a handler caught: a value no instruction of the method pushed. */
    EXCEPTION("exception"),
    /** More than one instruction can produce the stored value (a control-flow merge). */
    MERGE("merge"),
    /** Anything else. */
    OTHER("other");

    private final String label;

    Producer(String label) {
        this.label = label;
    }

    /** The name in the profile and in formulas: {@code const}, {@code int-arith}, … */
    public String label() {
        return label;
    }

    /** The category of one instruction that pushes a value (or {@code iinc}). */
    public static Producer of(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        switch (op) {
            case Opcodes.ACONST_NULL, Opcodes.ICONST_M1, Opcodes.ICONST_0, Opcodes.ICONST_1, Opcodes.ICONST_2,
                    Opcodes.ICONST_3, Opcodes.ICONST_4, Opcodes.ICONST_5, Opcodes.LCONST_0, Opcodes.LCONST_1,
                    Opcodes.FCONST_0, Opcodes.FCONST_1, Opcodes.FCONST_2, Opcodes.DCONST_0, Opcodes.DCONST_1,
                    Opcodes.BIPUSH, Opcodes.SIPUSH, Opcodes.LDC:
                return CONST;
            case Opcodes.ILOAD, Opcodes.LLOAD, Opcodes.FLOAD, Opcodes.DLOAD, Opcodes.ALOAD:
                return COPY;
            case Opcodes.GETFIELD, Opcodes.GETSTATIC:
                return FIELD;
            case Opcodes.IALOAD, Opcodes.LALOAD, Opcodes.FALOAD, Opcodes.DALOAD, Opcodes.AALOAD, Opcodes.BALOAD,
                    Opcodes.CALOAD, Opcodes.SALOAD:
                return ARRAY;
            case Opcodes.INVOKEVIRTUAL, Opcodes.INVOKESPECIAL, Opcodes.INVOKESTATIC, Opcodes.INVOKEINTERFACE,
                    Opcodes.INVOKEDYNAMIC:
                return CALL;
            case Opcodes.IADD, Opcodes.ISUB, Opcodes.INEG, Opcodes.LADD, Opcodes.LSUB, Opcodes.LNEG, Opcodes.IINC:
                return INT_ARITH;
            case Opcodes.IMUL, Opcodes.LMUL:
                return INT_MUL;
            case Opcodes.IDIV, Opcodes.IREM, Opcodes.LDIV, Opcodes.LREM:
                return INT_DIV;
            case Opcodes.FADD, Opcodes.FSUB, Opcodes.FNEG, Opcodes.DADD, Opcodes.DSUB, Opcodes.DNEG:
                return FP_ARITH;
            case Opcodes.FMUL, Opcodes.DMUL:
                return FP_MUL;
            case Opcodes.FDIV, Opcodes.DDIV, Opcodes.FREM, Opcodes.DREM:
                return FP_DIV;
            case Opcodes.ISHL, Opcodes.ISHR, Opcodes.IUSHR, Opcodes.LSHL, Opcodes.LSHR, Opcodes.LUSHR:
                return SHIFT;
            case Opcodes.IAND, Opcodes.IOR, Opcodes.IXOR, Opcodes.LAND, Opcodes.LOR, Opcodes.LXOR:
                return LOGIC;
            case Opcodes.LCMP, Opcodes.FCMPL, Opcodes.FCMPG, Opcodes.DCMPL, Opcodes.DCMPG, Opcodes.INSTANCEOF:
                return COMPARE;
            case Opcodes.CHECKCAST:
                return CAST;
            case Opcodes.NEW, Opcodes.NEWARRAY, Opcodes.ANEWARRAY, Opcodes.MULTIANEWARRAY:
                return NEW;
            case Opcodes.ARRAYLENGTH:
                return LENGTH;
            default:
                return op >= Opcodes.I2L && op <= Opcodes.I2S ? CONVERT : OTHER;
        }
    }

    /**
     * How many operand stack values an instruction of an operation category consumes: the inputs
     * of its formula. 0 for categories whose formula has no inputs.
     */
    static int operands(AbstractInsnNode insn) {
        int op = insn.getOpcode();
        switch (op) {
            case Opcodes.IINC:
                return 0;   // its input is a local variable, not a stack value
            case Opcodes.INEG, Opcodes.LNEG, Opcodes.FNEG, Opcodes.DNEG, Opcodes.ARRAYLENGTH, Opcodes.INSTANCEOF,
                    Opcodes.CHECKCAST:
                return 1;
            default:
                break;
        }
        if (op >= Opcodes.I2L && op <= Opcodes.I2S) {
            return 1;
        }
        return switch (of(insn)) {
            case INT_ARITH, INT_MUL, INT_DIV, FP_ARITH, FP_MUL, FP_DIV, SHIFT, LOGIC, COMPARE -> 2;
            default -> 0;
        };
    }
}
