package io.loupe.instrument.trace;

import io.loupe.data.trace.MethodFlow;
import io.loupe.instrument.flow.ControlFlowGraph;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.BasicInterpreter;
import org.objectweb.asm.tree.analysis.BasicValue;
import org.objectweb.asm.tree.analysis.Frame;

import java.io.InputStream;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Each instruction's stack effect in slots ({@link MethodFlowFinder}) against ASM's own
 * interpretation of it ({@link Frame#execute}), over every method of classes rich in every kind of
 * instruction: the slots it pops are on the stack, and the stack after it is the stack before,
 * less what it pops, plus what it pushes.
 */
class MethodFlowFinderTest {

    @ParameterizedTest
    @ValueSource(classes = {java.util.HashMap.class, java.math.BigInteger.class, java.math.BigDecimal.class,
        java.util.concurrent.ConcurrentHashMap.class, java.lang.Math.class, java.util.Arrays.class,
        java.lang.StringBuilder.class, java.util.Formatter.class, java.lang.invoke.MethodHandles.class})
    void stackEffectsAreWhatTheJvmDoes(Class<?> c) throws Exception {
        ClassNode cn = new ClassNode();
        try (InputStream in = ClassLoader.getSystemResourceAsStream(c.getName().replace('.', '/') + ".class")) {
            new ClassReader(in.readAllBytes()).accept(cn, 0);
        }
        int checked = 0;
        for (MethodNode m : cn.methods) {
            if (m.instructions.size() == 0) {
                continue;
            }
            ControlFlowGraph cfg = ControlFlowGraph.build(m);
            if (cfg.hasSubroutines()) {
                continue;
            }
            MethodFlow flow = MethodFlowFinder.find(m, cfg, Set.of());
            Frame<BasicValue>[] frames = new Analyzer<>(new BasicInterpreter()).analyze(cn.name, m);
            BasicInterpreter interpreter = new BasicInterpreter();
            for (int i = 0; i < cfg.instructions().size(); i++) {
                AbstractInsnNode insn = cfg.instructions().get(i);
                Frame<BasicValue> before = frames[m.instructions.indexOf(insn)];
                if (before == null) {
                    continue;   // unreachable
                }
                int e = flow.effects()[i];
                int slots = slots(before);
                assertTrue(MethodFlow.pops(e) <= slots, m.name + " #" + i + ": pops more than the stack holds");
                Frame<BasicValue> after = new Frame<>(before);
                after.execute(insn, interpreter);
                assertEquals(slots(after), slots - MethodFlow.pops(e) + MethodFlow.pushes(e),
                        cn.name + "." + m.name + m.desc + " #" + i + " opcode " + insn.getOpcode());
                checked++;
            }
        }
        assertTrue(checked > 300, "instructions checked: " + checked);
    }

    private static int slots(Frame<BasicValue> f) {
        int n = 0;
        for (int k = 0; k < f.getStackSize(); k++) {
            n += f.getStack(k).getSize();
        }
        return n;
    }
}
