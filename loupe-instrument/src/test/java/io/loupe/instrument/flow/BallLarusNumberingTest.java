package io.loupe.instrument.flow;

import io.loupe.data.meta.EdgeKind;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BallLarusNumberingTest {

    private static final int ENUMERATION_LIMIT = 50_000;

    @Property(tries = 400)
    void everyDagPathOfARandomMethodGetsADistinctIdBelowNumPaths(@ForAll long seed,
                                                                  @ForAll @IntRange(min = 1, max = 24) int blocks) {
        MethodModel model = MethodModel.of(RandomMethods.generate(seed, blocks));
        BallLarusDag dag = model.dag();
        List<long[]> paths = enumerate(dag);
        if (paths.size() >= ENUMERATION_LIMIT) {
            return;
        }
        assertEquals(model.numPaths(), paths.size(), "numPaths counts every ENTRY→EXIT path");
        Set<Long> ids = new HashSet<>();
        for (long[] p : paths) {
            assertTrue(p[0] >= 0 && p[0] < model.numPaths(), "id in range");
            assertTrue(ids.add(p[0]), "ids are distinct");
        }
    }

    @Property(tries = 400)
    void probeIncrementsAddUpToTheSameIdAsEdgeValues(@ForAll long seed, @ForAll @IntRange(min = 1, max = 24) int blocks) {
        BallLarusDag dag = MethodModel.of(RandomMethods.generate(seed, blocks)).dag();
        for (long[] p : enumerate(dag)) {
            assertEquals((int) p[0], (int) p[1], "sum of increments (mod 2^32) equals the path id");
        }
    }

    @Test
    void aMethodWithTwoToTheFortyPathsIsCutUntilItsIdsFitAnInt() {
        MethodNode m = diamonds(40);
        MethodModel model = MethodModel.of(m);
        assertTrue(model.numPaths() <= BallLarusNumbering.MAX_PATHS, "fits an int: " + model.numPaths());
        assertTrue(model.dag().cuts() > 0, "some edges were cut");
        // Random walks from ENTRY still give distinct ids in range whose increments agree.
        Random rnd = new Random(42);
        BallLarusDag dag = model.dag();
        for (int walk = 0; walk < 2000; walk++) {
            long val = 0;
            long inc = 0;
            int v = dag.entry();
            while (v != dag.exit()) {
                List<BallLarusDag.Edge> out = outgoing(dag, v);
                BallLarusDag.Edge e = out.get(rnd.nextInt(out.size()));
                val += e.val();
                inc += e.inc();
                v = e.to();
            }
            assertTrue(val >= 0 && val < model.numPaths());
            assertEquals((int) val, (int) inc);
        }
    }

    @Test
    void cutEdgesAreReplacedByDummyEdgesToExitAndFromEntry() {
        MethodModel model = MethodModel.of(diamonds(40));
        long cutExits = model.dag().edges().stream().filter(e -> e.kind() == EdgeKind.CUT_EXIT).count();
        long cutEntries = model.dag().edges().stream().filter(e -> e.kind() == EdgeKind.CUT_ENTRY).count();
        assertTrue(cutExits > 0 && cutEntries > 0);
    }

    /** {@code n} if-then-else diamonds in a row: 2^n paths. */
    static MethodNode diamonds(int n) {
        MethodNode m = new MethodNode(Opcodes.ACC_STATIC, "d", "(I)V", null, null);
        for (int i = 0; i < n; i++) {
            LabelNode otherwise = new LabelNode();
            LabelNode join = new LabelNode();
            m.instructions.add(new VarInsnNode(Opcodes.ILOAD, 0));
            m.instructions.add(new JumpInsnNode(Opcodes.IFEQ, otherwise));
            m.instructions.add(new org.objectweb.asm.tree.IincInsnNode(0, 1));
            m.instructions.add(new JumpInsnNode(Opcodes.GOTO, join));
            m.instructions.add(otherwise);
            m.instructions.add(new org.objectweb.asm.tree.IincInsnNode(0, 2));
            m.instructions.add(join);
        }
        m.instructions.add(new InsnNode(Opcodes.RETURN));
        return m;
    }

    private static List<BallLarusDag.Edge> outgoing(BallLarusDag dag, int v) {
        List<BallLarusDag.Edge> out = new ArrayList<>();
        for (BallLarusDag.Edge e : dag.edges()) {
            if (e.from() == v) {
                out.add(e);
            }
        }
        return out;
    }

    /** Every ENTRY→EXIT path as {sum of val, sum of inc}, up to the limit. */
    static List<long[]> enumerate(BallLarusDag dag) {
        List<long[]> paths = new ArrayList<>();
        List<List<BallLarusDag.Edge>> out = new ArrayList<>();
        for (int v = 0; v < dag.nodeCount(); v++) {
            out.add(outgoing(dag, v));
        }
        walk(dag, out, dag.entry(), 0, 0, paths);
        return paths;
    }

    private static void walk(BallLarusDag dag, List<List<BallLarusDag.Edge>> out, int v, long val, long inc,
                             List<long[]> paths) {
        if (paths.size() >= ENUMERATION_LIMIT) {
            return;
        }
        if (v == dag.exit()) {
            paths.add(new long[] {val, inc});
            return;
        }
        for (BallLarusDag.Edge e : out.get(v)) {
            walk(dag, out, e.to(), val + e.val(), inc + e.inc(), paths);
        }
    }
}
