package io.loupe.instrument.values;

import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TypeInsnNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Hand-written bytecode that javac never emits: uninitialized objects stored in local variables.
 * The verifier accepts it; a value probe that passed such a value to the runtime would not be.
 */
final class Uninitialized {

    static final String NAME = "io/loupe/instrument/values/generated/Uninit";

    private Uninitialized() {
    }

    /**
     * {@code <init>(I)V}: {@code aload_0; astore_2} (this, uninitialized), {@code super()}, then
     * {@code aload_2; astore_3} (initialized now), return.
     */
    static MethodNode constructorStoringThisBeforeSuper() {
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC, "<init>", "(I)V", null, null);
        m.instructions.add(new VarInsnNode(Opcodes.ALOAD, 0));
        m.instructions.add(new VarInsnNode(Opcodes.ASTORE, 2));
        m.instructions.add(new VarInsnNode(Opcodes.ALOAD, 0));
        m.instructions.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false));
        m.instructions.add(new VarInsnNode(Opcodes.ALOAD, 2));
        m.instructions.add(new VarInsnNode(Opcodes.ASTORE, 3));
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        m.maxStack = 1;
        m.maxLocals = 4;
        return m;
    }

    /**
     * {@code static Object make()}: {@code new Object; dup; dup; astore_0} (uninitialized), then
     * {@code invokespecial <init>} (which initializes the stored copy too), {@code astore_1}
     * (initialized), {@code aload_0; areturn}.
     */
    static MethodNode methodStoringANewObjectBeforeItsConstructor() {
        MethodNode m = new MethodNode(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, "make", "()Ljava/lang/Object;", null, null);
        m.instructions.add(new TypeInsnNode(Opcodes.NEW, "java/lang/Object"));
        m.instructions.add(new InsnNode(Opcodes.DUP));
        m.instructions.add(new InsnNode(Opcodes.DUP));
        m.instructions.add(new VarInsnNode(Opcodes.ASTORE, 0));
        m.instructions.add(new MethodInsnNode(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false));
        m.instructions.add(new VarInsnNode(Opcodes.ASTORE, 1));
        m.instructions.add(new VarInsnNode(Opcodes.ALOAD, 0));
        m.instructions.add(new InsnNode(Opcodes.ARETURN));
        m.maxStack = 3;
        m.maxLocals = 2;
        return m;
    }

    /** A class with both methods (no branches, so no stack map frames are needed), version 17. */
    static byte[] classBytes() {
        ClassNode cn = new ClassNode();
        cn.version = Opcodes.V17;
        cn.access = Opcodes.ACC_PUBLIC | Opcodes.ACC_SUPER;
        cn.name = NAME;
        cn.superName = "java/lang/Object";
        cn.methods.add(constructorStoringThisBeforeSuper());
        cn.methods.add(methodStoringANewObjectBeforeItsConstructor());
        ClassWriter cw = new ClassWriter(0);
        cn.accept(cw);
        return cw.toByteArray();
    }
}
