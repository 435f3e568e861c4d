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
