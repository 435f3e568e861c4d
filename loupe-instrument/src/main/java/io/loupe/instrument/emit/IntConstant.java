package io.loupe.instrument.emit;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.IntInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;

/** The shortest instruction that pushes an {@code int} constant (probes stay small, so methods stay inlinable). */
public final class IntConstant {

    private IntConstant() {
    }

    /** {@code iconst_*}, {@code bipush}, {@code sipush} or {@code ldc}, whichever is shortest for {@code value}. */
    public static AbstractInsnNode push(int value) {
        if (value >= -1 && value <= 5) {
            return new InsnNode(Opcodes.ICONST_0 + value);
        }
        if (value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE) {
            return new IntInsnNode(Opcodes.BIPUSH, value);
        }
        if (value >= Short.MIN_VALUE && value <= Short.MAX_VALUE) {
            return new IntInsnNode(Opcodes.SIPUSH, value);
        }
        return new LdcInsnNode(value);
    }
}
