package io.loupe.instrument;

import io.loupe.data.meta.MethodMeta;
import io.loupe.data.sink.RecordingSink;
import io.loupe.instrument.check.BytecodeCheck;
import io.loupe.instrument.emit.CodeSizes;
import io.loupe.instrument.paths.PathSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Path profiling alone (the value profiler has its own test): a method that fits 64 KiB but would
 * not with its probes is left exactly as it was, registered uninstrumented, with one warning; the
 * rest of its class is instrumented and the class passes the bytecode check.
 */
class TooLargeTest {

    /** {@code big(int n)}: a loop around 21,835 {@code iinc}s (65,505 bytes); {@code small(int n)}: the same loop around one. */
    private static byte[] bigAndSmall() {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "g/TooLarge", null, "java/lang/Object", null);
        loop(cw, "big", 21_835);
        loop(cw, "small", 1);
        cw.visitEnd();
        return cw.toByteArray();
    }

    private static void loop(ClassWriter cw, String name, int increments) {
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_PUBLIC | Opcodes.ACC_STATIC, name, "(I)I", null, null);
        mv.visitCode();
        mv.visitInsn(Opcodes.ICONST_0);
        mv.visitVarInsn(Opcodes.ISTORE, 1);
        Label head = new Label();
        Label done = new Label();
        mv.visitLabel(head);
        mv.visitVarInsn(Opcodes.ILOAD, 0);
        mv.visitJumpInsn(Opcodes.IFLE, done);
        for (int i = 0; i < increments; i++) {
            mv.visitIincInsn(1, 1);
        }
        mv.visitIincInsn(0, -1);
        mv.visitJumpInsn(Opcodes.GOTO, head);
        mv.visitLabel(done);
        mv.visitVarInsn(Opcodes.ILOAD, 1);
        mv.visitInsn(Opcodes.IRETURN);
        mv.visitMaxs(0, 0);
        mv.visitEnd();
    }

    private static byte[] code(byte[] classFile, String name) {
        ClassNode cn = new ClassNode();
        new ClassReader(classFile).accept(cn, ClassReader.SKIP_DEBUG);
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals(name)).findFirst().orElseThrow();
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, 0, "C", null, "java/lang/Object", null);
        m.accept(cw);
        return cw.toByteArray();
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 4})
    void aMethodThatWouldExceed64KiBIsLeftAsItWas(int k) {
        byte[] original = bigAndSmall();
        assertTrue(CodeSizes.of(original).get("big(I)I") > 65_000);
        List<String> warnings = new ArrayList<>();
        RecordingSink sink = new RecordingSink();
        byte[] out = new ClassInstrumenter(new PathSettings(k, 4096, false, false, k >= 2), warnings::add)
                .instrument(original, sink);
        assertEquals(List.of("left g.TooLarge.big(I)I uninstrumented: its code would exceed 64 KiB"), warnings);
        assertArrayEquals(code(original, "big"), code(out, "big"), "big left as it was");
        assertFalse(Arrays.equals(code(original, "small"), code(out, "small")), "small instrumented");
        assertNull(BytecodeCheck.firstFailure(out, Set.of("big(I)I", "small(I)I")));
        ClassNode written = new ClassNode();   // a method over 32 KiB: the check of the tree parses the class back
        new ClassReader(out).accept(written, ClassReader.EXPAND_FRAMES);
        assertNull(BytecodeCheck.firstFailure(out, written, Set.of("big(I)I", "small(I)I")));
        List<MethodMeta> metas = sink.methods();
        MethodMeta big = metas.stream().filter(m -> m.name().equals("big")).findFirst().orElseThrow();
        MethodMeta small = metas.stream().filter(m -> m.name().equals("small")).findFirst().orElseThrow();
        assertEquals(MethodMeta.Storage.NONE, big.storage());
        assertEquals(MethodMeta.Storage.ARRAY, small.storage());
    }
}
