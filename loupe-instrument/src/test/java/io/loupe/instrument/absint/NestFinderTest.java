package io.loupe.instrument.absint;

import io.loupe.data.deps.NestModel;
import io.loupe.instrument.absint.samples.Kernels;
import io.loupe.instrument.deps.DepSiteFinder;
import io.loupe.instrument.deps.DepSites;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NestFinderTest {

    private static NestFinder.Result find(String method) throws Exception {
        ClassNode cn = new ClassNode();
        try (InputStream in = Kernels.class.getResourceAsStream("Kernels.class")) {
            new ClassReader(in.readAllBytes()).accept(cn, ClassReader.EXPAND_FRAMES);
        }
        MethodNode m = cn.methods.stream().filter(x -> x.name.equals(method)).findFirst().orElseThrow();
        DepSites sites = DepSiteFinder.find(cn.name, m);
        return NestFinder.find(cn.name, m, sites);
    }

    private static NestModel only(NestFinder.Result r) {
        assertEquals(1, r.nests().size(), Arrays.toString(r.reasons()));
        return r.nests().get(0).model();
    }

    private static String inputs(NestModel n) {
        return n.inputs().stream().map(i -> i.name() + ":" + i.kind()).toList().toString();
    }

    @Test
    void gemmIsOneNestOfFourLoops() throws Exception {
        NestFinder.Result r = find("gemm");
        NestModel n = only(r);
        assertEquals(4, n.loops().size());
        assertTrue(Arrays.stream(r.reasons()).allMatch(x -> x == null), Arrays.toString(r.reasons()));
        NestModel.Loop i = n.loops().get(0);
        assertEquals(NestModel.Stay.LT, i.stay());
        assertEquals(1, i.step());
        assertEquals("v6", i.init().toString(), "the root starts where the entry leaves it: an input");
        // the root's body: the two inner loops i→j and i→k
        assertArrayEquals(new int[] {-2, -3}, i.body());
        assertEquals(List.of(-1, 0, 0, 2), n.loops().stream().map(NestModel.Loop::parent).toList());
        // c[i][j] *= beta: aaload c[i], daload, dastore; the second nest: aaload c[i], daload, aaload a[i], daload, aaload b[k], daload, dastore
        assertEquals(10, n.sites().size());
        NestModel.Site row = n.sites().get(0);
        assertTrue(row.rows());
        assertEquals(NestModel.RefKind.INPUT, row.refKind());
        NestModel.Site store = n.sites().get(2);
        assertTrue(store.store());
        assertEquals(NestModel.RefKind.LOADED, store.refKind());
        assertEquals(0, store.ref());
        assertEquals("[ni:INT, nj:INT, nk:INT, c:REFERENCE, a:REFERENCE, b:REFERENCE, i:INT]", inputs(n));
        assertEquals("v8", store.index().toString(), "c[i][j]: j is the second loop's variable, after seven inputs");
    }

    @Test
    void aTriangularNestBoundsItsInnerLoopByTheOuterVariable() throws Exception {
        NestModel n = only(find("triangular"));
        assertEquals(2, n.loops().size());
        NestModel.Loop j = n.loops().get(1);
        assertEquals("v" + n.ivVariable(0), j.bound().toString());
        assertEquals("v" + n.ivVariable(0), n.sites().get(n.sites().size() - 1).index().toString(), "x[i] = x[i] / l[i][i]");
    }

    @Test
    void aDownwardLoopOverALengthByTwo() throws Exception {
        NestModel n = only(find("overLength"));
        NestModel.Loop i = n.loops().get(0);
        assertEquals(-2, i.step());
        assertEquals(NestModel.Stay.GE, i.stay());
        assertEquals("v1", i.init().toString());
        assertEquals("[y:REFERENCE, i:INT]", inputs(n), "the length is read before the loop, into i");
    }

    @Test
    void indicesAreLinearFormsOfShiftsAndProducts() throws Exception {
        NestModel n = only(find("offsets"));
        List<String> indices = n.sites().stream().map(s -> s.index().toString()).toList();
        assertEquals(List.of("v1 + 2·v4 + 1", "v4", "v1 + 2·v4"), indices);
    }

    @Test
    void loopsThatAreNotEligibleSayWhy() throws Exception {
        assertEquals("call", find("calls").reasons()[0]);
        assertEquals("index not linear", find("indirect").reasons()[0]);
        assertEquals("access not run on every iteration", find("conditional").reasons()[0]);
        assertEquals("exit other than the loop test", find("withBreak").reasons()[0]);
        assertEquals("field access", find("field").reasons()[0]);
        assertEquals("address or bound uses a value the loop carries", find("counter").reasons()[0]);
        assertEquals("loop test not linear", find("longCounter").reasons()[0], "lcmp gives an int the walk does not know");
    }

    /**
     * Two loops tested at their bottom, as older javac compiles them ({@code goto TEST} first): the
     * outer loop's header, its test, comes after the inner loop's, so ordered by header the inner
     * loop is loop 0. {@code a[j] = 0}; with {@code nonLinear} the inner test is
     * {@code j < (n & 1)}, which only the symbolic walk finds not linear.
     */
    private static MethodNode bottomTested(boolean nonLinear) {
        MethodNode m = new MethodNode(org.objectweb.asm.Opcodes.ACC_STATIC, "fill", "([II)V", null, null);
        org.objectweb.asm.tree.InsnList c = m.instructions;
        org.objectweb.asm.tree.LabelNode bodyI = new org.objectweb.asm.tree.LabelNode();
        org.objectweb.asm.tree.LabelNode testI = new org.objectweb.asm.tree.LabelNode();
        org.objectweb.asm.tree.LabelNode bodyJ = new org.objectweb.asm.tree.LabelNode();
        org.objectweb.asm.tree.LabelNode testJ = new org.objectweb.asm.tree.LabelNode();
        c.add(new org.objectweb.asm.tree.InsnNode(org.objectweb.asm.Opcodes.ICONST_0));
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ISTORE, 2));
        c.add(new org.objectweb.asm.tree.JumpInsnNode(org.objectweb.asm.Opcodes.GOTO, testI));
        c.add(bodyI);
        c.add(new org.objectweb.asm.tree.InsnNode(org.objectweb.asm.Opcodes.ICONST_0));
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ISTORE, 3));
        c.add(new org.objectweb.asm.tree.JumpInsnNode(org.objectweb.asm.Opcodes.GOTO, testJ));
        c.add(bodyJ);
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ALOAD, 0));
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ILOAD, 3));
        c.add(new org.objectweb.asm.tree.InsnNode(org.objectweb.asm.Opcodes.ICONST_0));
        c.add(new org.objectweb.asm.tree.InsnNode(org.objectweb.asm.Opcodes.IASTORE));
        c.add(new org.objectweb.asm.tree.IincInsnNode(3, 1));
        c.add(testJ);
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ILOAD, 3));
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ILOAD, 1));
        if (nonLinear) {
            c.add(new org.objectweb.asm.tree.InsnNode(org.objectweb.asm.Opcodes.ICONST_1));
            c.add(new org.objectweb.asm.tree.InsnNode(org.objectweb.asm.Opcodes.IAND));
        }
        c.add(new org.objectweb.asm.tree.JumpInsnNode(org.objectweb.asm.Opcodes.IF_ICMPLT, bodyJ));
        c.add(new org.objectweb.asm.tree.IincInsnNode(2, 1));
        c.add(testI);
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ILOAD, 2));
        c.add(new org.objectweb.asm.tree.VarInsnNode(org.objectweb.asm.Opcodes.ILOAD, 1));
        c.add(new org.objectweb.asm.tree.JumpInsnNode(org.objectweb.asm.Opcodes.IF_ICMPLT, bodyI));
        c.add(new org.objectweb.asm.tree.InsnNode(org.objectweb.asm.Opcodes.RETURN));
        m.maxLocals = 4;
        m.maxStack = 3;
        return m;
    }

    @Test
    void loopsTestedAtTheirBottomAreFoundInnerFirst() throws Exception {
        MethodNode eligible = bottomTested(false);
        NestFinder.Result r = NestFinder.find("Fill", eligible, DepSiteFinder.find("Fill", eligible));
        assertEquals(1, r.nests().size(), Arrays.toString(r.reasons()));
        assertEquals(2, r.nests().get(0).model().loops().size());
        assertEquals(NestModel.Stay.LT, r.nests().get(0).model().loops().get(1).stay());

        MethodNode nonLinear = bottomTested(true);
        r = NestFinder.find("Fill", nonLinear, DepSiteFinder.find("Fill", nonLinear));
        assertEquals(List.of(), r.nests(), "the inner loop's test is not linear, so neither is eligible; and the finder ends");
        assertEquals(List.of("loop test not linear", "inner loop: loop test not linear"), Arrays.asList(r.reasons()));
    }

    @Test
    void anInnerLoopIsANestWhenItsOuterLoopIsNot() throws Exception {
        NestFinder.Result r = find("outerCallsInnerClean");
        assertEquals("field access", r.reasons()[0], "System.out");
        assertNull(r.reasons()[1]);
        assertNull(r.reasons()[2]);
        assertEquals(2, r.nests().size());
        assertEquals("[a:REFERENCE, row:LENGTH, j:INT]", inputs(r.nests().get(0).model()));
        assertEquals("[a:REFERENCE, a:LENGTH, j:INT]", inputs(r.nests().get(1).model()));
    }
}
