package io.loupe.instrument.emit;

import io.loupe.data.sink.RecordingSink;
import io.loupe.data.values.SiteKind;
import io.loupe.instrument.ClassInstrumenter;
import io.loupe.instrument.DefiningLoader;
import io.loupe.instrument.InstrumentSettings;
import io.loupe.instrument.deps.ShadowFields;
import io.loupe.instrument.paths.PathSettings;
import io.loupe.instrument.values.ValueSettings;
import io.loupe.runtime.sink.RuntimeSink;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No call Loupe inserted at a handler's start lies in the entry block of a handler that covers it,
 * and each stays under the handler's range ({@link HandlerPrefixes}): HotSpot's C1 refuses a method
 * that breaks the first rule, and both compilers one that breaks the second inside a
 * {@code synchronized} block. javac's {@code synchronized} blocks and
 * {@code finally} blocks have such self-covering handlers; the instrumented code still catches,
 * releases and rethrows as the original does.
 */
class HandlerPrefixesTest {

    @ParameterizedTest
    @ValueSource(strings = {"paths", "values", "convergent", "deps"})
    void noHandlerCoversLoupesCodeAtItsOwnStart(String profiler) throws Exception {
        InstrumentSettings settings = switch (profiler) {
            case "paths" -> InstrumentSettings.paths(new PathSettings(1, 4096, true, false, false));
            case "values" -> InstrumentSettings.values(ValueSettings.all());
            case "convergent" -> InstrumentSettings.values(new ValueSettings(EnumSet.allOf(SiteKind.class), true));
            case "deps" -> InstrumentSettings.depsAlone();
            default -> throw new AssertionError(profiler);
        };
        int selfCovering = 0;
        int releases = 0;
        int restores = 0;
        for (byte[] original : List.of(bytes(Guarded.class), jdkClass("java/util/concurrent/ConcurrentHashMap"),
                jdkClass("java/util/Hashtable"))) {
            List<String> warnings = new ArrayList<>();
            byte[] out = new ClassInstrumenter(settings, warnings::add, ShadowFields.NONE, true).instrument(original, new RecordingSink());
            assertNotNull(out);
            assertTrue(warnings.stream().noneMatch(w -> w.contains("would not verify")), warnings.toString());
            selfCovering += selfCoveringHandlers(original);
            ClassNode cn = new ClassNode();
            new ClassReader(out).accept(cn, 0);
            for (MethodNode m : cn.methods) {
                for (AbstractInsnNode n = m.instructions.getFirst(); n != null; n = n.getNext()) {
                    if (n.getOpcode() == Opcodes.MONITOREXIT) {
                        AbstractInsnNode c = n.getNext();
                        while (c != null && c.getOpcode() < 0) {
                            c = c.getNext();
                        }
                        // restore right after a release: not under the handler's range (checked below)
                        restores += c != null && c.getOpcode() != Opcodes.GOTO && isRestoreLoad(c) ? 1 : 0;
                    }
                }
                for (TryCatchBlockNode t : m.tryCatchBlocks) {
                    int h = m.instructions.indexOf(t.handler);
                    if (m.instructions.indexOf(t.start) > h || h >= m.instructions.indexOf(t.end)) {
                        continue;
                    }
                    String where = cn.name + "." + m.name + m.desc + " handler at " + h;
                    // C1: nothing of Loupe's in the handler's entry block (up to its first jump) under its own range
                    AbstractInsnNode n = t.handler;
                    for (; n != null && n != t.end && !(n instanceof JumpInsnNode) && n.getOpcode() != Opcodes.ATHROW;
                         n = n.getNext()) {
                        assertFalse(loupeCall(n), where + ": Loupe's call in the entry block of a handler that covers it");
                    }
                    // value probes and restore stay out of a synchronized block's release, up to its monitorexit
                    if (!profiler.equals("paths")) {
                        for (AbstractInsnNode c = t.handler; c != null && c != t.end; c = c.getNext()) {
                            if (c.getOpcode() == Opcodes.MONITOREXIT) {
                                releases++;
                                break;
                            }
                            assertFalse(loupeCall(c), where + ": Loupe's call in a synchronized block's release");
                        }
                    }
                    // the monitors: Loupe's code at the handler's start is still under its range
                    if (n instanceof JumpInsnNode jump && jump.getOpcode() == Opcodes.GOTO && jump.label == jump.getNext()) {
                        for (AbstractInsnNode c = jump.label; c != null && !original(c); c = c.getNext()) {
                            int at = m.instructions.indexOf(c);
                            assertTrue(!loupeCall(c) || at < m.instructions.indexOf(t.end), where + ": Loupe's call left uncovered");
                        }
                    }
                }
            }
        }
        assertTrue(selfCovering > 0, "the samples have handlers that cover their own start");
        if (!profiler.equals("paths")) {
            assertTrue(releases > 0, "the samples release monitors in handlers that cover their start");
        }
        if (profiler.equals("deps")) {
            assertTrue(restores > 0, "some synchronized block's release restores after its monitorexit");
            return;   // dependence probes need the runtime configured; the others run as they are
        }
        Class<?> c = new DefiningLoader(Map.of(Guarded.class.getName(),
                new ClassInstrumenter(settings, w -> { }, ShadowFields.NONE, true)
                        .instrument(bytes(Guarded.class), RuntimeSink.INSTANCE)))
                .loadClass(Guarded.class.getName());
        Object g = c.getConstructor().newInstance();
        Guarded expected = new Guarded();
        for (int n : new int[] {5, -1, 3, -20}) {
            assertEquals(Guarded.run(expected, n), call(c, "run", g, n), "run(" + n + ")");
        }
    }

    /**
     * Code at the start of every handler (a call that may throw, as Loupe's may): a
     * {@code synchronized} block's release keeps its range over it, behind a {@code goto} that ends
     * the handler's entry block; a {@code finally} block's range is split around it. The class
     * still verifies and computes what it did.
     */
    @Test
    void aReleaseKeepsItsRangeOverCodeAtItsStartBehindAGoto() throws Exception {
        ClassNode cn = new ClassNode();
        new ClassReader(bytes(Guarded.class)).accept(cn, ClassReader.EXPAND_FRAMES);
        MethodNode run = cn.methods.stream().filter(m -> m.name.equals("run")).findFirst().orElseThrow();
        HandlerPrefixes prefixes = HandlerPrefixes.of(run);
        Set<AbstractInsnNode> starts = Collections.newSetFromMap(new IdentityHashMap<>());
        for (TryCatchBlockNode t : run.tryCatchBlocks) {
            AbstractInsnNode first = t.handler;
            while (first.getOpcode() < 0) {
                first = first.getNext();
            }
            if (starts.add(first)) {
                run.instructions.insertBefore(first, new MethodInsnNode(Opcodes.INVOKESTATIC, "java/lang/Thread", "onSpinWait", "()V"));
            }
        }
        prefixes.separate(run);

        int jumped = 0;
        for (TryCatchBlockNode t : run.tryCatchBlocks) {
            int h = run.instructions.indexOf(t.handler);
            if (run.instructions.indexOf(t.start) > h || h >= run.instructions.indexOf(t.end)) {
                continue;
            }
            AbstractInsnNode n = t.handler;
            while (n.getOpcode() < 0) {
                n = n.getNext();
            }
            // only a release still covers its start: first a goto over the code, which stays under the range
            assertTrue(n instanceof JumpInsnNode j && j.getOpcode() == Opcodes.GOTO, "a goto first");
            AbstractInsnNode call = ((JumpInsnNode) n).label;
            while (call.getOpcode() < 0) {
                call = call.getNext();
            }
            assertTrue(call instanceof MethodInsnNode c && c.name.equals("onSpinWait"));
            assertTrue(run.instructions.indexOf(call) < run.instructions.indexOf(t.end), "still under the range");
            jumped++;
        }
        assertEquals(1, jumped, "the synchronized block's release");

        ClassWriter cw = new ClassWriter(ClassWriter.COMPUTE_MAXS);
        cn.accept(cw);
        Class<?> c = new DefiningLoader(Map.of(Guarded.class.getName(), cw.toByteArray())).loadClass(Guarded.class.getName());
        Object g = c.getConstructor().newInstance();
        Guarded expected = new Guarded();
        for (int n : new int[] {5, -1, 3, -20}) {
            assertEquals(Guarded.run(expected, n), call(c, "run", g, n), "run(" + n + ")");
        }
    }

    /** Whether {@code n} begins dependence profiling's {@code restore}: the thread's local, then the call a few instructions on. */
    private static boolean isRestoreLoad(AbstractInsnNode n) {
        for (int i = 0; i < 5 && n != null; i++, n = n.getNext()) {
            if (n instanceof MethodInsnNode call && call.name.equals("restore")) {
                return true;
            }
        }
        return false;
    }

    private static boolean loupeCall(AbstractInsnNode n) {
        return n instanceof MethodInsnNode call && call.owner.startsWith("io/loupe/");
    }

    /**
     * Whether {@code n} is past Loupe's code at a handler's start: an instruction of the program's
     * (Loupe's inserted code is calls into the runtime, with pushes of their arguments).
     */
    private static boolean original(AbstractInsnNode n) {
        return n.getOpcode() == Opcodes.ASTORE || n.getOpcode() == Opcodes.POP || n.getOpcode() == Opcodes.ATHROW;
    }

    /** Handlers of {@code original} whose range covers their own start (javac's {@code synchronized} and {@code finally}). */
    private static int selfCoveringHandlers(byte[] original) {
        ClassNode cn = new ClassNode();
        new ClassReader(original).accept(cn, 0);
        int n = 0;
        for (MethodNode m : cn.methods) {
            for (TryCatchBlockNode t : m.tryCatchBlocks) {
                int h = m.instructions.indexOf(t.handler);
                n += m.instructions.indexOf(t.start) <= h && h < m.instructions.indexOf(t.end) ? 1 : 0;
            }
        }
        return n;
    }

    private static Object call(Class<?> c, String name, Object receiver, int arg) throws Exception {
        for (Method m : c.getDeclaredMethods()) {
            if (m.getName().equals(name)) {
                try {
                    return m.invoke(null, receiver, arg);
                } catch (InvocationTargetException e) {
                    throw (Exception) e.getCause();
                }
            }
        }
        throw new AssertionError(name);
    }

    private static byte[] bytes(Class<?> c) throws IOException {
        return jdkClass(c.getName().replace('.', '/'));
    }

    private static byte[] jdkClass(String internalName) throws IOException {
        try (InputStream in = ClassLoader.getSystemResourceAsStream(internalName + ".class")) {
            return in.readAllBytes();
        }
    }

    /** A {@code synchronized} block, a {@code finally} block and a caught exception that is used. */
    public static final class Guarded {
        private int count;

        public static int run(Guarded g, int n) {
            int r;
            synchronized (g) {
                g.count += n;
                r = g.count;
            }
            try {
                if (n < 0) {
                    throw new IllegalArgumentException("negative " + n);
                }
                r += n;
            } catch (IllegalArgumentException e) {
                r -= e.getMessage().length();
            } finally {
                r *= 2;
            }
            return r;
        }
    }
}
