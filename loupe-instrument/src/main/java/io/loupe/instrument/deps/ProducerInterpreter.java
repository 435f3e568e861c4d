package io.loupe.instrument.deps;

import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * A {@link SourceInterpreter} whose stack copies keep the instruction that produced the value: after
 * {@code dup}, {@code dup2}, {@code dup_x1} … and {@code swap} both copies name the original
 * producer, not the {@code dup}. Two operands with one producer are then one value, which is how
 * {@code acc.total += x} ({@code aload acc; dup; getfield; …; putfield}) and {@code hist[k] += x}
 * ({@code aload hist; iload k; dup2; iaload; …; iastore}) show that load and store touch the same
 * object, array and index.
 */
final class ProducerInterpreter extends SourceInterpreter {

    ProducerInterpreter() {
        super(Opcodes.ASM9);
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
