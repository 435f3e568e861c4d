package io.loupe.instrument.flow;

import io.loupe.data.meta.LoopMeta;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LoopForestTest {

    /** Compiled by javac: the loops of real bytecode. */
    static int nested(int n) {
        int s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                s += j;
            }
        }
        while (s > 100) {
            s /= 2;
        }
        return s;
    }

    @Test
    void javacLoopsAreNaturalAndNestedAsInTheSource() throws IOException {
        MethodModel model = MethodModel.of(method("nested"));
        List<LoopMeta> loops = model.loops().loops();
        assertEquals(3, loops.size());
        assertTrue(loops.stream().allMatch(LoopMeta::reducible));
        LoopMeta inner = loops.stream().filter(l -> l.depth() == 2).findFirst().orElseThrow();
        LoopMeta outer = loops.get(inner.parent());
        assertEquals(1, outer.depth());
        assertTrue(Arrays.stream(outer.blocks()).boxed().toList().containsAll(Arrays.stream(inner.blocks()).boxed().toList()),
                "the inner loop's blocks are inside the outer loop");
        assertEquals(2, loops.stream().filter(l -> l.depth() == 1).count());
        for (LoopMeta l : loops) {
            for (int t : l.backEdgeSources()) {
                assertTrue(model.dominators().dominates(l.header(), t), "a natural loop's header dominates its latches");
            }
        }
    }

    @Test
    void theEntryBlockDominatesEveryReachableBlock() throws IOException {
        MethodModel model = MethodModel.of(method("nested"));
        for (int b = 0; b < model.cfg().size(); b++) {
            if (model.dominators().reachable(b)) {
                assertTrue(model.dominators().dominates(0, b));
            }
        }
    }

    @Test
    void aLoopEnteredInTwoPlacesIsIrreducibleAndStillCutIntoAcyclicPaths() {
        // entry: if (x == 0) goto B; A: x++; B: x--; if (x != 0) goto A; return
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "irr", "(I)V", null, null);
        LabelNode a = new LabelNode();
        LabelNode b = new LabelNode();
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new JumpInsnNode(Opcodes.IFEQ, b));
        m.instructions.add(a);
        m.instructions.add(new IincInsnNode(0, 1));
        m.instructions.add(b);
        m.instructions.add(new IincInsnNode(0, -1));
        m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
        m.instructions.add(new JumpInsnNode(Opcodes.IFNE, a));
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        MethodModel model = MethodModel.of(m);
        List<LoopMeta> loops = model.loops().loops();
        assertEquals(1, loops.size());
        assertFalse(loops.get(0).reducible(), "neither A nor B dominates the other");
        assertTrue(model.numPaths() > 0);
        assertFalse(BallLarusNumberingTest.enumerate(model.dag()).isEmpty());
    }

    @Test
    void aHandlerBlockIsMarkedAndReachableOnlyThroughItsExceptionEdge() throws IOException {
        MethodModel model = MethodModel.of(method("withHandler"));
        long handlers = model.cfg().blocks().stream().filter(ControlFlowGraph.Block::handler).count();
        assertEquals(1, handlers);
        ControlFlowGraph.Block h = model.cfg().blocks().stream().filter(ControlFlowGraph.Block::handler).findFirst().orElseThrow();
        assertTrue(model.dominators().reachable(h.index()));
        assertTrue(h.lines().length > 0, "source lines are kept per block");
    }

    static int withHandler(int x) {
        try {
            return 10 / x;
        } catch (ArithmeticException e) {
            return -1;
        }
    }

    private static MethodNode method(String name) throws IOException {
        try (InputStream in = LoopForestTest.class.getResourceAsStream("LoopForestTest.class")) {
            ClassNode cn = new ClassNode();
            new ClassReader(in.readAllBytes()).accept(cn, ClassReader.EXPAND_FRAMES);
            return cn.methods.stream().filter(m -> m.name.equals(name)).findFirst().orElseThrow();
        }
    }
}
