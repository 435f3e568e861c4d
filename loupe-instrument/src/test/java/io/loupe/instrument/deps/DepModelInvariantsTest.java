package io.loupe.instrument.deps;

import io.loupe.data.meta.LoopMeta;
import io.loupe.instrument.deps.samples.Accesses;
import io.loupe.instrument.deps.samples.Loops;
import io.loupe.instrument.deps.samples.Registers;
import io.loupe.instrument.flow.ControlFlowGraph;
import io.loupe.instrument.flow.Dominators;
import io.loupe.instrument.flow.LoopForest;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.analysis.AnalyzerException;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Structural invariants of the static model over the samples and some large JDK classes. */
class DepModelInvariantsTest {

    @ParameterizedTest
    @ValueSource(classes = {Accesses.class, Loops.class, Registers.class, java.util.HashMap.class,
            java.util.TreeMap.class, java.util.Arrays.class, java.lang.String.class, java.util.regex.Pattern.class,
            java.math.BigInteger.class})
    void edgesSitesAndRegistersAreConsistentWithTheFlowModel(Class<?> c) throws IOException, AnalyzerException {
        ClassNode cn = new ClassNode();
        try (InputStream in = c.getResourceAsStream("/" + c.getName().replace('.', '/') + ".class")) {
            new ClassReader(in.readAllBytes()).accept(cn, ClassReader.EXPAND_FRAMES);
        }
        int loops = 0;
        for (MethodNode m : cn.methods) {
            DepSites s = DepSiteFinder.find(cn.name, m);
            List<LoopRegisters> regs = LoopRegisterAnalysis.analyze(cn.name, m);
            assertEquals(s.loops().size(), regs.size(), m.name);
            if (m.instructions.size() == 0) {
                continue;
            }
            ControlFlowGraph cfg = ControlFlowGraph.build(m);
            LoopForest forest = LoopForest.of(cfg, Dominators.of(cfg));
            for (int i = 0; i < s.accesses().size(); i++) {
                assertEquals(i, s.accesses().get(i).ordinal());
                assertTrue(i == 0 || s.accesses().get(i - 1).position() < s.accesses().get(i).position());
            }
            for (LoopSite l : s.loops()) {
                loops++;
                LoopMeta meta = forest.loops().get(l.ordinal());
                BitSet body = DepSiteFinder.body(meta);
                assertTrue(!l.entries().isEmpty() && !l.iterations().isEmpty(), m.name);
                for (LoopSite.Edge e : l.entries()) {
                    assertTrue(e.methodEntry() ? e.toBlock() == 0 : !body.get(e.fromBlock()) && isEdge(cfg, e), m.name);
                    assertTrue(body.get(e.toBlock()));
                    assertTrue(!meta.reducible() || e.toBlock() == l.header(), "a natural loop is entered at its header");
                }
                for (LoopSite.Edge e : l.iterations()) {
                    assertTrue(body.get(e.fromBlock()) && e.toBlock() == l.header() && isEdge(cfg, e));
                }
                for (LoopSite.Edge e : l.exits()) {
                    assertTrue(body.get(e.fromBlock()) && !body.get(e.toBlock()) && isEdge(cfg, e));
                }
                if (l.parent() >= 0) {
                    assertTrue(DepSiteFinder.body(forest.loops().get(l.parent())).get(l.header()));
                }
            }
            for (HandlerSite h : s.handlers()) {
                int[] depths = h.loops().stream().mapToInt(i -> forest.loops().get(i).depth()).toArray();
                int[] sorted = depths.clone();
                Arrays.sort(sorted);
                assertTrue(Arrays.equals(depths, sorted), "outermost first");
                assertEquals(forest.depth(h.block()), h.loops().size());
            }
            for (LoopRegisters r : regs) {
                for (CarriedRegister reg : r.carried()) {
                    assertTrue(reg.slot() >= 0 && reg.slot() < m.maxLocals);
                }
            }
        }
        assertTrue(c.getName().contains("Accesses") || loops > 0);
    }

    private static boolean isEdge(ControlFlowGraph cfg, LoopSite.Edge e) {
        ControlFlowGraph.Block from = cfg.block(e.fromBlock());
        AbstractInsnNode last = cfg.instructions().get(from.last());
        return Arrays.stream(from.successors()).anyMatch(s -> s == e.toBlock())
                && cfg.method().instructions.indexOf(last) == e.from()
                && cfg.method().instructions.get(e.to()) == cfg.instructions().get(cfg.block(e.toBlock()).first())
                && last.getOpcode() != Opcodes.ATHROW;
    }
}
