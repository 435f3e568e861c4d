package io.loupe.instrument;

import io.loupe.data.sink.RecordingSink;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.check.BytecodeCheck;
import io.loupe.instrument.deps.ShadowFields;
import io.loupe.instrument.paths.PathClassRewrite;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BytecodeCheck} finds the mistakes instrumentation could make, passes real code as it
 * is and as Loupe instruments it, and {@link ClassInstrumenter} leaves a method that fails it as
 * it was.
 */
class BytecodeCheckTest {

    /** {@code static int m(int x) { if (x > 0) x++; return x; }} with the frame at the join given by {@code frame}. */
    private static byte[] join(Consumer<MethodVisitor> frame, int maxLocals) {
        return method("(I)I", 1, maxLocals, mv -> {
            Label join = new Label();
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitJumpInsn(Opcodes.IFLE, join);
            mv.visitIincInsn(0, 1);
            mv.visitLabel(join);
            frame.accept(mv);
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitInsn(Opcodes.IRETURN);
        });
    }

    private static byte[] method(String desc, int maxStack, int maxLocals, Consumer<MethodVisitor> code) {
        return method(Opcodes.V17, desc, maxStack, maxLocals, code);
    }

    private static byte[] method(int version, String desc, int maxStack, int maxLocals, Consumer<MethodVisitor> code) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(version, Opcodes.ACC_PUBLIC, "T", null, "java/lang/Object", null);
        MethodVisitor mv = cw.visitMethod(Opcodes.ACC_STATIC, "m", desc, null, null);
        mv.visitCode();
        code.accept(mv);
        mv.visitMaxs(maxStack, maxLocals);
        mv.visitEnd();
        cw.visitEnd();
        return cw.toByteArray();
    }

    /** The check of the class parsed back, which must find what the check of the tree it was written from finds. */
    private static BytecodeCheck.Failure checkM(byte[] bytes) {
        Set<String> methods = Set.of("m(I)I", "m()V");
        BytecodeCheck.Failure parsed = BytecodeCheck.firstFailure(bytes, methods);
        assertEquals(parsed, BytecodeCheck.firstFailure(bytes, tree(bytes), methods), "the tree checked as the class parsed back");
        return parsed;
    }

    /** The tree an instrumenter holds of {@code bytes}. */
    private static ClassNode tree(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, ClassReader.EXPAND_FRAMES);
        return cn;
    }

    @Test
    void aFrameThatAgreesPasses() {
        assertNull(checkM(join(mv -> mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {Opcodes.INTEGER}, 0, null), 1)));
    }

    @Test
    void aLocalOfTheWrongKindFails() {
        BytecodeCheck.Failure f = checkM(join(mv -> mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {Opcodes.FLOAT}, 0, null), 1));
        assertNotNull(f);
        assertEquals("m", f.name());
        assertEquals("(I)I", f.desc());
        assertTrue(f.reason().contains("local 0 declared float"), f.reason());
    }

    @Test
    void aReferenceWhereAnIntIsFails() {
        BytecodeCheck.Failure f = checkM(join(mv -> mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {"java/lang/String"}, 0, null), 1));
        assertNotNull(f);
        assertTrue(f.reason().contains("local 0 declared java/lang/String"), f.reason());
    }

    @Test
    void aStackOfTheWrongHeightFails() {
        BytecodeCheck.Failure f = checkM(join(mv -> mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {Opcodes.INTEGER},
                1, new Object[] {Opcodes.INTEGER}), 1));
        assertNotNull(f);
        assertTrue(f.reason().contains("stack height declared 1, 0 there"), f.reason());
    }

    @Test
    void aLocalBeyondMaxLocalsFails() {
        BytecodeCheck.Failure f = checkM(join(mv -> mv.visitFrame(Opcodes.F_NEW, 2,
                new Object[] {Opcodes.INTEGER, Opcodes.LONG}, 0, null), 2));
        assertNotNull(f);
        assertTrue(f.reason().contains("local 1 declared beyond max_locals 2"), f.reason());
    }

    /** {@code iadd} of an int and a long, in a class file of {@code version}. */
    private static byte[] wrongOperand(int version) {
        return method(version, "()V", 3, 0, mv -> {
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitInsn(Opcodes.LCONST_0);
            mv.visitInsn(Opcodes.IADD);
            mv.visitInsn(Opcodes.POP);
            mv.visitInsn(Opcodes.RETURN);
        });
    }

    @Test
    void anOperandOfTheWrongKindFails() {
        BytecodeCheck.Failure f = checkM(wrongOperand(Opcodes.V17));
        assertNotNull(f);
        assertEquals("()V", f.desc());
    }

    @Test
    void aStackBeyondMaxStackFails() {
        byte[] bytes = method("()V", 1, 0, mv -> {
            mv.visitInsn(Opcodes.ICONST_0);
            mv.visitInsn(Opcodes.ICONST_1);
            mv.visitInsn(Opcodes.POP2);
            mv.visitInsn(Opcodes.RETURN);
        });
        assertNotNull(checkM(bytes));
    }

    @Test
    void aJumpTargetWithoutAFrameFails() {
        BytecodeCheck.Failure f = checkM(join(mv -> { }, 1));
        assertNotNull(f);
        assertTrue(f.reason().contains("no frame at the target of a jump"), f.reason());
    }

    @Test
    void codeAfterAGotoWithoutAFrameFails() {
        byte[] bytes = method("(I)I", 1, 1, mv -> {
            Label end = new Label();
            mv.visitJumpInsn(Opcodes.GOTO, end);
            mv.visitIincInsn(0, 1);   // no frame: the JVM rejects it, dead or not
            mv.visitLabel(end);
            mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {Opcodes.INTEGER}, 0, null);
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitInsn(Opcodes.IRETURN);
        });
        BytecodeCheck.Failure f = checkM(bytes);
        assertNotNull(f);
        assertTrue(f.reason().contains("follows an unconditional transfer without a frame"), f.reason());
    }

    /** {@code try { x = x / 2; } catch (Throwable t) { } return x;} with the handler's frame declaring local 0 as {@code local0}. */
    private static byte[] guarded(Object local0, int maxLocals) {
        return method("(I)I", 2, maxLocals, mv -> {
            Label start = new Label();
            Label end = new Label();
            Label handler = new Label();
            Label join = new Label();
            mv.visitTryCatchBlock(start, end, handler, null);
            mv.visitLabel(start);
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitInsn(Opcodes.ICONST_2);
            mv.visitInsn(Opcodes.IDIV);
            mv.visitVarInsn(Opcodes.ISTORE, 0);
            mv.visitLabel(end);
            mv.visitJumpInsn(Opcodes.GOTO, join);
            mv.visitLabel(handler);
            mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {local0}, 1, new Object[] {"java/lang/Throwable"});
            mv.visitInsn(Opcodes.POP);
            mv.visitLabel(join);
            mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {Opcodes.INTEGER}, 0, null);
            mv.visitVarInsn(Opcodes.ILOAD, 0);
            mv.visitInsn(Opcodes.IRETURN);
        });
    }

    @Test
    void aHandlerFrameThatAgreesPasses() {
        assertNull(checkM(guarded(Opcodes.INTEGER, 1)));
        // a handler may forget local 0, but then it is not an int where the paths join
        BytecodeCheck.Failure f = checkM(guarded(Opcodes.TOP, 1));
        assertNotNull(f);
        assertTrue(f.reason().contains("local 0 declared int"), f.reason());
    }

    @Test
    void aHandlerFrameOfTheWrongKindFails() {
        BytecodeCheck.Failure f = checkM(guarded(Opcodes.LONG, 2));
        assertNotNull(f);
        assertTrue(f.reason().contains("exception handler: local 0 declared long"), f.reason());
    }

    @Test
    void classesWithoutFramesAreCheckedByAnalysis() {
        assertNotNull(checkM(wrongOperand(Opcodes.V1_5)));
    }

    @Test
    void onlyTheNamedMethodsAreChecked() {
        byte[] broken = join(mv -> mv.visitFrame(Opcodes.F_NEW, 1, new Object[] {Opcodes.FLOAT}, 0, null), 1);
        assertNull(BytecodeCheck.firstFailure(broken, Set.of()));
        assertNull(BytecodeCheck.firstFailure(broken, Set.of("m(F)F")));
    }

    /** Classes of the JDK, large and branchy, with every kind of frame javac writes. */
    private static final String[] REAL = {"java/util/HashMap", "java/util/concurrent/ConcurrentHashMap",
            "java/util/regex/Pattern", "java/math/BigInteger", "java/lang/String", "java/util/TreeMap"};

    private static byte[] jdkClass(String internalName) {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Set<String> everyMethod(byte[] bytes) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        Set<String> all = new HashSet<>();
        for (MethodNode m : cn.methods) {
            all.add(m.name + m.desc);
        }
        return all;
    }

    static String[] realClasses() {
        return REAL;
    }

    @ParameterizedTest
    @MethodSource("realClasses")
    void realCodePasses(String internalName) {
        byte[] bytes = jdkClass(internalName);
        assertNull(BytecodeCheck.firstFailure(bytes, everyMethod(bytes)));
        assertNull(BytecodeCheck.firstFailure(bytes, tree(bytes), everyMethod(bytes)));
    }

    /** Every profiler's instrumentation of real classes passes: the check raises no false alarm on Loupe's own code. */
    @ParameterizedTest
    @ValueSource(strings = {"paths1", "paths4", "values", "convergent", "pathsAndValues", "deps", "blocktrace"})
    void instrumentedRealCodePasses(String profiler) {
        InstrumentSettings settings = switch (profiler) {
            case "paths1" -> InstrumentSettings.paths(new PathSettings(1, 4096, true, false, false));
            case "paths4" -> InstrumentSettings.paths(new PathSettings(4, 4096, false, false, true));
            case "values" -> InstrumentSettings.values(ValueSettings.all());
            case "convergent" -> InstrumentSettings.values(new ValueSettings(EnumSet.allOf(SiteKind.class), true));
            case "pathsAndValues" -> new InstrumentSettings(new PathSettings(4, 4096, false, false, true),
                    ValueSettings.all(), false);
            case "deps" -> InstrumentSettings.depsAlone();
            case "blocktrace" -> InstrumentSettings.paths(new PathSettings(1, 4096, false, true, false));
            default -> throw new AssertionError(profiler);
        };
        for (String name : REAL) {
            List<String> warnings = new ArrayList<>();
            List<String> checked = new ArrayList<>();
            // The real check, recording what it was asked to check and failing the test on any alarm
            ClassInstrumenter instrumenter = new ClassInstrumenter(settings, warnings::add, ShadowFields.EVERY_CLASS,
                    (bytes, tree, methods) -> {
                        checked.addAll(methods);
                        BytecodeCheck.Failure failure = BytecodeCheck.firstFailure(bytes, tree, methods);
                        assertEquals(BytecodeCheck.firstFailure(bytes, methods), failure, "the tree checked as the class parsed back");
                        return failure;
                    });
            byte[] out = instrumenter.instrument(jdkClass(name), new RecordingSink());
            assertNotNull(out, name);
            assertFalse(checked.isEmpty(), name);
            assertTrue(warnings.stream().noneMatch(w -> w.contains("would not verify")), name + ": " + warnings);
        }
    }

    /** A sample whose methods all get path probes at k = 1. */
    static final class Sample {
        static int loop(int n) {
            int s = 0;
            for (int i = 0; i < n; i++) {
                s += (i & 1) == 0 ? i : -i;
            }
            return s;
        }

        static int branch(int x) {
            return x > 0 ? 1 : x < 0 ? -1 : 0;
        }
    }

    private static byte[] sampleBytes() {
        try (InputStream in = Sample.class.getResourceAsStream("BytecodeCheckTest$Sample.class")) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static MethodNode methodOf(byte[] bytes, String name) {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes).accept(cn, 0);
        return cn.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
    }

    private static byte[] code(MethodNode m) {
        ClassWriter cw = new ClassWriter(0);
        cw.visit(Opcodes.V17, 0, "C", null, "java/lang/Object", null);
        m.accept(cw);
        return cw.toByteArray();
    }

    @Test
    void aMethodThatFailsIsLeftAsItWasAndTheRestInstrumented() {
        byte[] original = sampleBytes();
        List<String> warnings = new ArrayList<>();
        List<Set<String>> asked = new ArrayList<>();
        ClassInstrumenter instrumenter = new ClassInstrumenter(
                InstrumentSettings.paths(new PathSettings(1, 4096, false, false, false)), warnings::add,
                ShadowFields.EVERY_CLASS, (bytes, tree, methods) -> {
                    asked.add(Set.copyOf(methods));
                    return methods.contains("loop(I)I") ? new BytecodeCheck.Failure("loop", "(I)I", "a test says no") : null;
                });
        byte[] out = instrumenter.instrument(original, new RecordingSink());
        assertNotNull(out);
        assertEquals(2, asked.size(), "checked again without the failed method");
        assertTrue(asked.get(0).containsAll(Set.of("loop(I)I", "branch(I)I")), asked.get(0).toString());
        assertFalse(asked.get(1).contains("loop(I)I"), asked.get(1).toString());
        assertTrue(asked.get(1).contains("branch(I)I"), asked.get(1).toString());
        assertEquals(1, warnings.size(), warnings.toString());
        assertTrue(warnings.get(0).contains("loop(I)I uninstrumented: its instrumented code would not verify (a test says no)"),
                warnings.get(0));
        assertArrayEquals(code(methodOf(original, "loop")), code(methodOf(out, "loop")), "loop left as it was");
        assertFalse(Arrays.equals(code(methodOf(original, "branch")), code(methodOf(out, "branch"))), "branch instrumented");
        assertNull(BytecodeCheck.firstFailure(out, everyMethod(out)));
    }

    @Test
    void aFailureInLoupesOwnMembersGivesUpTheClass() {
        ClassInstrumenter instrumenter = new ClassInstrumenter(
                InstrumentSettings.paths(new PathSettings(1, 4096, false, false, false)), w -> { },
                ShadowFields.EVERY_CLASS, (bytes, tree, methods) -> methods.stream().filter(PathClassRewrite::added)
                        .findFirst().map(m -> new BytecodeCheck.Failure(m.substring(0, m.indexOf('(')),
                                m.substring(m.indexOf('(')), "a test says no")).orElse(null));
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> instrumenter.instrument(sampleBytes(), new RecordingSink()));
        assertTrue(e.getMessage().contains("would not verify: a test says no"), e.getMessage());
    }
}
