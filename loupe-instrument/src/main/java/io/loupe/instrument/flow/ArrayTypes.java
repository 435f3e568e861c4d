package io.loupe.instrument.flow;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;

/**
 * A basic interpreter that keeps the static type of array references (what a field, call,
 * parameter, allocation, cast or {@code aaload} says they are), so that an access site can name
 * its array's type (the dependence profiler's access sites, the whole-program trace's heap ops). Other references stay plain references; two different array types merge into
 * a plain reference, an array and a plain reference (such as {@code null}) into the array.
 */
public final class ArrayTypes extends BasicInterpreter {

    public ArrayTypes() {
        super(Opcodes.ASM9);
    }

    @Override
    public BasicValue newValue(Type type) {
        if (type != null && type.getSort() == Type.ARRAY) {
            return new BasicValue(type);
        }
        return super.newValue(type);
    }

    @Override
    public BasicValue binaryOperation(AbstractInsnNode insn, BasicValue value1, BasicValue value2)
            throws AnalyzerException {
        if (insn.getOpcode() == Opcodes.AALOAD && isArray(value1)) {
            return newValue(Type.getType(value1.getType().getDescriptor().substring(1)));
        }
        return super.binaryOperation(insn, value1, value2);
    }

    @Override
    public BasicValue merge(BasicValue value1, BasicValue value2) {
        if (value1.equals(value2)) {
            return value1;
        }
        if (value1.isReference() && value2.isReference()) {
            if (isArray(value1) && !isArray(value2)) {
                return value1;
            }
            if (isArray(value2) && !isArray(value1)) {
                return value2;
            }
            return BasicValue.REFERENCE_VALUE;
        }
        return BasicValue.UNINITIALIZED_VALUE;
    }

    /** True if {@code v} is a reference of a known array type. */
    public static boolean isArray(BasicValue v) {
        return v != null && v.getType() != null && v.getType().getSort() == Type.ARRAY;
    }
}
