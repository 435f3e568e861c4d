package io.loupe.instrument.flow;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.BasicVerifier;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.Interpreter;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;
import org.objectweb.asm.tree.analysis.Value;

import java.io.IOException;
import java.net.URI;
import java.nio.file.FileSystem;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link BlockFrames} against ASM's own {@link Analyzer}, the oracle: the same frame before every
 * instruction, or null in the same places, with ASM's interpreters (which Loupe did not write).
 */
class BlockFramesTest {

    @Property(tries = 300)
    void randomControlFlowGetsAnalyzersFrames(@ForAll long seed, @ForAll @IntRange(min = 1, max = 30) int blocks)
            throws AnalyzerException {
        // each block's iinc defines local 0: its producers are the definitions that reach each instruction
        MethodNode m = RandomMethods.generate(seed, blocks);
        m.maxLocals = 1;
        m.maxStack = 1;
        assertSameFrames("Random", m, SourceInterpreter::new);
    }

    /**
     * Every method of the JDK's java.util, java.util.concurrent, java.lang and java.io packages:
     * real handlers, switches, loops, long values, constructors; with the producers' sets, the
     * verifier's types and the uninitialized objects' analysis.
     */
    @Test
    void realMethodsGetAnalyzersFrames() throws IOException, AnalyzerException {
        int methods = 0;
        try (FileSystem jrt = FileSystems.newFileSystem(URI.create("jrt:/"), Map.of())) {
            for (String pkg : List.of("java/util", "java/util/concurrent", "java/lang", "java/io")) {
                Path dir = jrt.getPath("/modules/java.base/" + pkg);
                List<Path> classes;
                try (Stream<Path> s = Files.list(dir)) {
                    classes = s.filter(p -> p.toString().endsWith(".class")).sorted().toList();
                }
                for (Path p : classes) {
                    ClassNode cn = new ClassNode();
                    new ClassReader(Files.readAllBytes(p)).accept(cn, ClassReader.EXPAND_FRAMES);
                    for (MethodNode m : cn.methods) {
                        if (m.instructions.size() == 0 || BlockFrames.hasSubroutines(m)) {
                            continue;
                        }
                        assertSameFrames(cn.name, m, SourceInterpreter::new);
                        assertSameFrames(cn.name, m, BasicVerifier::new);
                        assertSameInitFrames(cn.name, m);
                        methods++;
                    }
                }
            }
        }
        assertTrue(methods > 5_000, "compared " + methods + " methods");
    }

    @Test
    void unreachableCodeHasNoFrame() throws AnalyzerException {
        MethodNode m = RandomMethods.generate(1, 1);   // one block: iinc, return
        m.instructions.add(new InsnNode(Opcodes.NOP));
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        m.maxLocals = 1;
        BlockFrames<?> frames = BlockFrames.analyze("Random", m, new SourceInterpreter());
        int nop = m.instructions.size() - 2;
        assertFalse(frames.reachable(nop));
        assertNull(frames.frameAt(nop));
        assertSameFrames("Random", m, SourceInterpreter::new);
    }

    @Test
    void subroutinesAreRefused() {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "m", "()V", null, null);
        LabelNode sub = new LabelNode();
        m.instructions.add(new JumpInsnNode(Opcodes.JSR, sub));
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        m.instructions.add(sub);
        m.instructions.add(new VarInsnNode(Opcodes.ASTORE, 0));
        m.instructions.add(new VarInsnNode(Opcodes.RET, 0));
        m.maxLocals = 1;
        m.maxStack = 1;
        assertThrows(AnalyzerException.class, () -> BlockFrames.analyze("C", m, new SourceInterpreter()));
    }

    private static String describe(Value v, MethodNode m) {
        if (v instanceof SourceValue sv) {
            return sv.insns.stream().map(n -> String.valueOf(m.instructions.indexOf(n))).sorted().toList().toString();
        }
        return String.valueOf(v);
    }

    /** With the frames of {@link UninitializedObjects}, whose {@code execute} also rewrites locals. */
    private static void assertSameInitFrames(String owner, MethodNode m) throws AnalyzerException {
        compare(owner, m, new UninitializedObjects.InitAnalyzer(new UninitializedObjects.InitInterpreter(m)).analyze(owner, m),
                BlockFrames.analyze(owner, m, new UninitializedObjects.InitInterpreter(m), UninitializedObjects.INIT_FRAMES));
    }

    private static <V extends Value> void assertSameFrames(String owner, MethodNode m, Supplier<Interpreter<V>> interpreter)
            throws AnalyzerException {
        Frame<V>[] expected;
        try {
            expected = new Analyzer<>(interpreter.get()).analyze(owner, m);
        } catch (AnalyzerException e) {   // random code need not verify: then neither analysis may pass it
            assertThrows(AnalyzerException.class, () -> BlockFrames.analyze(owner, m, interpreter.get()));
            return;
        }
        compare(owner, m, expected, BlockFrames.analyze(owner, m, interpreter.get()));
    }

    private static <V extends Value> void compare(String owner, MethodNode m, Frame<V>[] expected, BlockFrames<V> actual) {
        String where = owner + "." + m.name + m.desc;
        for (int i = 0; i < expected.length; i++) {
            Frame<V> e = expected[i];
            Frame<V> a = actual.frameAt(i);
            assertEquals(e != null, actual.reachable(i), where + " reachable at " + i);
            if (e == null) {
                assertNull(a, where + " at " + i);
                continue;
            }
            assertEquals(e.getLocals(), a.getLocals(), where + " locals at " + i);
            assertEquals(e.getStackSize(), a.getStackSize(), where + " stack height at " + i);
            for (int l = 0; l < e.getLocals(); l++) {
                assertTrue(Objects.equals(e.getLocal(l), a.getLocal(l)), where + " local " + l + " at " + i + ": "
                        + describe(e.getLocal(l), m) + " against " + describe(a.getLocal(l), m));
            }
            for (int s = 0; s < e.getStackSize(); s++) {
                assertTrue(Objects.equals(e.getStack(s), a.getStack(s)), where + " stack " + s + " at " + i);
            }
        }
    }
}
