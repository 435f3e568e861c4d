package io.loupe.instrument.instr;

import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CodeSizesTest {

    /**
     * Known lengths, past a constant pool with two-slot entries (long, double), a field with an
     * attribute, an abstract method without code and a name outside ASCII.
     */
    @Test
    void readsTheLengthOfEveryMethodWithCode() {
        ClassNode cn = new ClassNode();
        cn.version = Opcodes.V17;
        cn.access = Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT;
        cn.name = "g/Sizes";
        cn.superName = "java/lang/Object";
        cn.fields.add(new FieldNode(Opcodes.ACC_STATIC | Opcodes.ACC_FINAL, "K", "J", null, 7L));
        MethodNode nops = method("nops", "()V");
        for (int i = 0; i < 100; i++) {
            nops.instructions.add(new InsnNode(Opcodes.NOP));
        }
        nops.instructions.add(new InsnNode(Opcodes.RETURN));
        MethodNode constants = method("constants\u00e9\u4e2d", "()D");
        constants.instructions.add(new LdcInsnNode(123456789012L));   // ldc2_w: 3 bytes
        constants.instructions.add(new InsnNode(Opcodes.POP2));
        constants.instructions.add(new LdcInsnNode(2.5d));
        constants.instructions.add(new InsnNode(Opcodes.DRETURN));
        MethodNode none = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_ABSTRACT, "none", "()V", null, null);
        cn.methods.add(nops);
        cn.methods.add(constants);
        cn.methods.add(none);
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        assertEquals(Map.of("nops()V", 101, "constants\u00e9\u4e2d()D", 8), CodeSizes.of(cw.toByteArray()));
    }

    private static MethodNode method(String name, String desc) {
        return new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, desc, null, null);
    }
}
