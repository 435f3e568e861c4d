package io.loupe.instrument.emit;

import io.loupe.data.sink.RecordingSink;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.values.ValueSettings;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FrameNode;
import org.objectweb.asm.util.TraceClassVisitor;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CompressedFramesTest {

    /**
     * Real classes, as they are and as convergent value profiling instruments them (quiet copies,
     * whose frames carry the recorder local): written with the frames compressed here and with
     * ASM's own compression of expanded frames, they are the same class — the same code, and the
     * same frames once expanded again — and never larger.
     */
    @Test
    void realClassesWriteTheSameFramesAsAsmDoes() throws IOException {
        ClassInstrumenter instrumenter = new ClassInstrumenter(InstrumentSettings.values(
                new ValueSettings(EnumSet.allOf(SiteKind.class), true, true)).hugeMethodsCompiled(true), w -> { });
        int classes = 0;
        int identical = 0;
        try (FileSystem jrt = FileSystems.newFileSystem(URI.create("jrt:/"), Map.of())) {
            for (String pkg : List.of("java/util", "java/util/concurrent", "java/io", "java/time/format")) {
                List<Path> files;
                try (Stream<Path> s = Files.list(jrt.getPath("/modules/java.base/" + pkg))) {
                    files = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
                }
                for (Path p : files) {
                    byte[] original = Files.readAllBytes(p);
                    byte[] instrumented = instrumenter.instrument(original, new RecordingSink());
                    for (byte[] bytes : instrumented == null ? List.of(original) : List.of(original, instrumented)) {
                        ClassNode cn = read(bytes);
                        byte[] plain = plainWrite(read(bytes));
                        byte[] compressed = CompressedFrames.write(cn);
                        assertEquals(expanded(plain), expanded(compressed), p.toString());
                        assertTrue(compressed.length <= plain.length, p.toString());
                        classes++;
                        if (Arrays.equals(plain, compressed)) {
                            identical++;
                        }
                    }
                }
            }
        }
        assertTrue(classes > 1_000, "compared " + classes + " classes");
        // The one way the bytes may differ: a one-item frame 63 bytes after the one before, which
        // ASM writes in its extended form and the compressed path in its short one.
        assertTrue(identical > classes * 9 / 10, identical + " of " + classes + " byte for byte");
    }

    /** Each expanded frame becomes the least compressed frame that says the same. */
    @Test
    void eachKindOfFrameIsChosen() {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "t/Frames", null, "java/lang/Object", null);
        MethodVisitor mv = new CompressedFrames(cw).visitMethod(Opcodes.ACC_STATIC, "m", "(IJ)V", null, null);
        mv.visitCode();
        Object[] base = {Opcodes.INTEGER, Opcodes.LONG};
        Object[] more = {Opcodes.INTEGER, Opcodes.LONG, "java/lang/String", Opcodes.FLOAT};
        Object[][] locals = {base, base, more, base, {Opcodes.FLOAT}, {Opcodes.FLOAT, Opcodes.INTEGER, Opcodes.INTEGER,
                Opcodes.INTEGER, Opcodes.INTEGER}, {Opcodes.FLOAT, Opcodes.INTEGER, Opcodes.INTEGER, Opcodes.INTEGER,
                Opcodes.INTEGER}, {Opcodes.FLOAT, Opcodes.INTEGER}};
        Object[][] stacks = {{}, {"java/lang/Object"}, {}, {}, {}, {}, {Opcodes.INTEGER, Opcodes.INTEGER}, {}};
        for (int i = 0; i < locals.length; i++) {
            Label l = new Label();
            mv.visitLabel(l);
            mv.visitFrame(Opcodes.F_NEW, locals[i].length, locals[i], stacks[i].length, stacks[i]);
            mv.visitInsn(Opcodes.NOP);
        }
        mv.visitInsn(Opcodes.RETURN);
        mv.visitMaxs(4, 8);
        mv.visitEnd();
        cw.visitEnd();
        ClassNode cn = new ClassNode();
        new ClassReader(cw.toByteArray()).accept(cn, 0);
        List<Integer> kinds = new ArrayList<>();
        for (AbstractInsnNode n : cn.methods.get(0).instructions) {
            if (n instanceof FrameNode f) {
                kinds.add(f.type);
            }
        }
        // same as the descriptor's frame; one stack item; two locals more; two fewer; a local
        // changed; four more (more than an append can say); a stack of two; three fewer
        assertEquals(List.of(Opcodes.F_SAME, Opcodes.F_SAME1, Opcodes.F_APPEND, Opcodes.F_CHOP, Opcodes.F_FULL,
                Opcodes.F_FULL, Opcodes.F_FULL, Opcodes.F_CHOP), kinds);
    }

    @Test
    void theImplicitFrameIsTheDescriptors() {
        assertArrayEquals(new Object[] {Opcodes.INTEGER, Opcodes.LONG, Opcodes.DOUBLE, Opcodes.FLOAT, "[I", "java/lang/String"},
                FrameLocals.atEntry("a/B", Opcodes.ACC_STATIC, "m", "(ZJDF[ILjava/lang/String;)V"));
        assertArrayEquals(new Object[] {"a/B", Opcodes.INTEGER},
                FrameLocals.atEntry("a/B", 0, "m", "(C)I"));
        assertArrayEquals(new Object[] {Opcodes.UNINITIALIZED_THIS, "[[Ljava/lang/Object;"},
                FrameLocals.atEntry("a/B", 0, "<init>", "([[Ljava/lang/Object;)V"));
    }

    private static ClassNode read(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.EXPAND_FRAMES);
        return cn;
    }

    private static byte[] plainWrite(ClassNode cn) {
        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        return cw.toByteArray();
    }

    /** The class as text, its frames expanded: what two class files that say the same have in common. */
    private static String expanded(byte[] bytes) {
        StringWriter out = new StringWriter();
        new ClassReader(bytes).accept(new TraceClassVisitor(new PrintWriter(out)), ClassReader.EXPAND_FRAMES);
        return out.toString();
    }
}
