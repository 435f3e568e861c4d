package io.loupe.instrument.deps;

import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.DefiningLoader;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.deps.samples.FinalFields;
import io.loupe.runtime.sink.RuntimeSink;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertEquals;

class FinalFieldStoresTest {

    /** Tarjan's components against reachability: a node is on a cycle iff one of its successors reaches it. */
    @Property(tries = 300)
    void onCycleAgreesWithReachability(@ForAll("graphs") List<List<Integer>> successors) {
        boolean[] got = FinalFieldStores.onCycle(successors);
        for (int v = 0; v < successors.size(); v++) {
            boolean[] seen = new boolean[successors.size()];
            java.util.ArrayDeque<Integer> work = new java.util.ArrayDeque<>(successors.get(v));
            boolean back = false;
            while (!work.isEmpty() && !back) {
                int w = work.pop();
                back = w == v;
                if (!seen[w]) {
                    seen[w] = true;
                    work.addAll(successors.get(w));
                }
            }
            assertEquals(back, got[v], "node " + v + " of " + successors);
        }
    }

    @Provide
    Arbitrary<List<List<Integer>>> graphs() {
        return Arbitraries.integers().between(1, 24).flatMap(n -> Arbitraries.integers().between(0, n - 1)
                .list().ofMaxSize(3).list().ofSize(n));
    }

    /** The sealing stores as {@code method field how}, in method then instruction order. */
    private static List<String> sealing(ClassNode cn) {
        Map<AbstractInsnNode, FinalFieldStores.Seal> single = FinalFieldStores.of(cn);
        List<String> out = new java.util.ArrayList<>();
        for (MethodNode m : cn.methods) {
            for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                if (single.containsKey(n)) {
                    out.add(m.name + m.desc + " " + ((FieldInsnNode) n).name + " " + single.get(n));
                }
            }
        }
        return out;
    }

    @Test
    void javacsStoresOfFinalFields() {
        assertEquals(List.of("<init>(I)V lock ALWAYS", "<init>(I)V size ALWAYS", "<clinit>()V TABLE ALWAYS"),
                sealing(Bytecode.classNode(FinalFields.class)),
                "NAMES is stored twice in <clinit>, plain and counter are not final, <init>() delegates");
        assertEquals(List.of("<init>(I)V size OWN_CLASS"), sealing(Bytecode.classNode(FinalFields.Open.class)),
                "an open class's too: the runtime seals only objects of the class itself");
    }

    private static final String NAME = "io/loupe/Gen";

    /** A class with final field {@code int f} and one constructor {@code (LGen;)V} whose body follows super(). */
    private static ClassNode generated(int classAccess, Consumer<MethodVisitor> body, boolean storeInMethod) {
        return generated(Opcodes.V17, classAccess, body, storeInMethod);
    }

    private static ClassNode generated(int version, int classAccess, Consumer<MethodVisitor> body, boolean storeInMethod) {
        ClassNode cn = new ClassNode();
        cn.visit(version, Opcodes.ACC_PUBLIC | classAccess, NAME, null, "java/lang/Object", null);
        cn.visitField(Opcodes.ACC_FINAL, "f", "I", null, null).visitEnd();
        MethodVisitor mv = cn.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "(L" + NAME + ";)V", null, null);
        mv.visitCode();
        mv.visitVarInsn(Opcodes.ALOAD, 0);
        mv.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
        body.accept(mv);
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(3, 3);
        mv.visitEnd();
        if (storeInMethod) {   // a class file before version 53 may store a final field outside <init>
            MethodVisitor set = cn.visitMethod(Opcodes.ACC_PUBLIC, "reset", "()V", null, null);
            set.visitCode();
            set.visitVarInsn(Opcodes.ALOAD, 0);
            set.visitInsn(Opcodes.ICONST_0);
            set.visitFieldInsn(Opcodes.PUTFIELD, NAME, "f", "I");
            set.visitInsn(Opcodes.RETURN);
            set.visitMaxs(2, 1);
            set.visitEnd();
        }
        cn.visitEnd();
        return cn;
    }

    private static void store(MethodVisitor mv, int receiver) {
        mv.visitVarInsn(Opcodes.ALOAD, receiver);
        mv.visitInsn(Opcodes.ICONST_1);
        mv.visitFieldInsn(Opcodes.PUTFIELD, NAME, "f", "I");
    }

    @Test
    void oneStoreIntoThisSeals() {
        String store = "<init>(Lio/loupe/Gen;)V f ";
        assertEquals(List.of(store + "ALWAYS"), sealing(generated(Opcodes.ACC_FINAL, mv -> store(mv, 0), false)));
        assertEquals(List.of(store + "OWN_CLASS"), sealing(generated(0, mv -> store(mv, 0), false)),
                "an open class: the probe passes the class, and the runtime compares the object's");
        assertEquals(List.of(store + "ALWAYS"), sealing(generated(Opcodes.V1_4, Opcodes.ACC_FINAL, mv -> store(mv, 0), false)));
        assertEquals(List.of(), sealing(generated(Opcodes.V1_4, 0, mv -> store(mv, 0), false)),
                "an open class whose class file cannot name a class constant");
    }

    @Test
    void sealedStoresOfAnOldClassFileVerify() throws Exception {
        for (int access : new int[] {Opcodes.ACC_FINAL, 0}) {   // a seal without a class constant; no seal
            ClassWriter cw = new ClassWriter(0);
            generated(Opcodes.V1_4, access, mv -> store(mv, 0), false).accept(cw);
            List<String> warnings = new java.util.ArrayList<>();
            byte[] out = new ClassInstrumenter(InstrumentSettings.depsAlone(), warnings::add, ShadowFields.NONE, false).instrument(cw.toByteArray(), RuntimeSink.INSTANCE);
            assertEquals(List.of(), warnings);
            // linking verifies the constructor: a class constant in a version-48 class file is a VerifyError
            Class<?> c = Class.forName("io.loupe.Gen", true, new DefiningLoader(Map.of("io.loupe.Gen", out)));
            assertEquals(access != 0, java.lang.reflect.Modifier.isFinal(c.getModifiers()));
        }
    }

    @Test
    void storesThatMayRunTwiceOrElsewhereDoNot() {
        assertEquals(List.of(), sealing(generated(Opcodes.ACC_FINAL, mv -> {
            store(mv, 0);
            store(mv, 0);
        }, false)), "two stores in one constructor");
        assertEquals(List.of(), sealing(generated(Opcodes.ACC_FINAL, mv -> {
            Label top = new Label();
            mv.visitLabel(top);
            store(mv, 0);
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitJumpInsn(Opcodes.IFNONNULL, top);
        }, false)), "a store in a loop");
        assertEquals(List.of(), sealing(generated(Opcodes.ACC_FINAL, mv -> store(mv, 1), false)),
                "a store into another object, which the JVM allows in a constructor");
        assertEquals(List.of(), sealing(generated(Opcodes.ACC_FINAL, mv -> {
            mv.visitVarInsn(Opcodes.ALOAD, 1);
            mv.visitVarInsn(Opcodes.ASTORE, 0);
            store(mv, 0);
        }, false)), "local 0 reassigned: no longer this");
        assertEquals(List.of(), sealing(generated(Opcodes.ACC_FINAL, mv -> store(mv, 0), true)),
                "a store outside the constructors");
    }

    @Test
    void aStoreOnAnExceptionCycleDoesNot() {
        ClassNode cn = generated(Opcodes.ACC_FINAL, mv -> {
            Label start = new Label(), end = new Label(), handler = new Label();
            mv.visitTryCatchBlock(start, end, handler, null);
            mv.visitLabel(start);
            store(mv, 0);
            mv.visitMethodInsn(Opcodes.INVOKESTATIC, "java/lang/Thread", "yield", "()V", false);
            mv.visitLabel(end);
            Label done = new Label();
            mv.visitJumpInsn(Opcodes.GOTO, done);
            mv.visitLabel(handler);
            mv.visitInsn(Opcodes.POP);
            mv.visitJumpInsn(Opcodes.GOTO, start);   // retry: the store may run again
            mv.visitLabel(done);
        }, false);
        assertEquals(List.of(), sealing(cn));
    }
}
