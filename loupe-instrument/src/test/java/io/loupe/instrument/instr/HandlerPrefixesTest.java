package io.loupe.instrument.instr;

import io.loupe.data.values.SiteKind;
import io.loupe.instrument.DefiningLoader;
import io.loupe.instrument.deps.ShadowFields;
import io.loupe.instrument.values.ValueSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * No handler's range covers a call Loupe inserted at that handler's start ({@link HandlerPrefixes}):
 * HotSpot's C1 refuses a method in which it does. javac's {@code synchronized} blocks and
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
        for (byte[] original : List.of(bytes(Guarded.class), jdkClass("java/util/concurrent/ConcurrentHashMap"),
                jdkClass("java/util/Hashtable"))) {
            List<String> warnings = new ArrayList<>();
            byte[] out = new ClassInstrumenter(settings, warnings::add, ShadowFields.NONE, true).instrument(original);
            assertNotNull(out);
            assertTrue(warnings.stream().noneMatch(w -> w.contains("would not verify")), warnings.toString());
            selfCovering += selfCoveringHandlers(original);
            ClassNode cn = new ClassNode();
            new ClassReader(out).accept(cn, 0);
            for (MethodNode m : cn.methods) {
                for (TryCatchBlockNode t : m.tryCatchBlocks) {
                    int h = m.instructions.indexOf(t.handler);
                    if (m.instructions.indexOf(t.start) > h || h >= m.instructions.indexOf(t.end)) {
                        continue;
                    }
                    for (AbstractInsnNode n = t.handler; n != t.end; n = n.getNext()) {
                        assertFalse(n instanceof MethodInsnNode call && call.owner.startsWith("io/loupe/"),
                                cn.name + "." + m.name + m.desc + ": a handler covers Loupe's call at its start");
                    }
                }
            }
        }
        assertTrue(selfCovering > 0, "the samples have handlers that cover their own start");
        if (profiler.equals("deps")) {
            return;   // dependence probes need the runtime configured; the others run as they are
        }
        Class<?> c = new DefiningLoader(Map.of(Guarded.class.getName(),
                new ClassInstrumenter(settings, w -> { }, ShadowFields.NONE, true).instrument(bytes(Guarded.class))))
                .loadClass(Guarded.class.getName());
        Object g = c.getConstructor().newInstance();
        Guarded expected = new Guarded();
        for (int n : new int[] {5, -1, 3, -20}) {
            assertEquals(Guarded.run(expected, n), call(c, "run", g, n), "run(" + n + ")");
        }
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
