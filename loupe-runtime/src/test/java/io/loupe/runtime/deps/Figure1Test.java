package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Algorithm 1 on the example program of CAMP's Figure 1, written as the events it runs. */
class Figure1Test {

    /** Across iterations, seen at distance 1: the location is touched every iteration. */
    private static final byte NEAR_INTER = Dependence.INTER | Dependence.NEAR;

    static final int LD1 = 1, ST1 = 2;
    static final int CS1 = 1, CS2 = 2, CS3 = 3, CS4 = 4, CS5 = 5, CS6 = 6, CS7 = 7;
    static final int GET = 0, SET = 1, WORK = 2, UPDATE = 3, VALID = 4;
    static final int L1 = 1, L2 = 2;
    static final int T = 3, N = 4;

    static DepProfiler run(DepMode mode) {
        DepProfiler p = new DepProfiler(mode, cs -> 1000 + cs);
        DepThread th = p.newThread();
        LocationHistory[] sum = new LocationHistory[T];
        LocationHistory[] nodes = new LocationHistory[N];
        for (int i = 0; i < T; i++) {
            sum[i] = new LocationHistory();
        }
        for (int i = 0; i < N; i++) {
            nodes[i] = new LocationHistory();
        }
        th.enterLoop(L1);
        for (int t = 0; t < T; t++) {
            th.enterLoop(L2);
            for (int i = 0; i < N; i++) {
                th.enterCall(CS1, GET);
                th.load(sum[t], LD1);
                th.exitCall();
                th.enterCall(CS2, WORK);
                th.enterCall(CS4, GET);
                th.load(nodes[i], LD1);
                th.exitCall();
                th.enterCall(CS5, UPDATE);
                th.exitCall();
                setValue(th, CS6, nodes[i]);
                th.exitCall();
                setValue(th, CS3, sum[t]);
                if (i + 1 < N) {
                    th.nextIteration();
                }
            }
            th.exitLoop();
            if (t + 1 < T) {
                th.nextIteration();
            }
        }
        th.exitLoop();
        return p;
    }

    private static void setValue(DepThread th, int site, LocationHistory h) {
        th.enterCall(site, SET);
        th.enterCall(CS7, VALID);
        th.exitCall();
        th.store(h, ST1);
        th.exitCall();
    }

    private static Dependence find(List<Dependence> deps, DepType type, int src, int srcCtx, int dst, int dstCtx) {
        return deps.stream().filter(d -> d.type() == type && d.srcSite() == src && d.srcContext() == srcCtx
                && d.dstSite() == dst && d.dstContext() == dstCtx).findFirst().orElseThrow();
    }

    @Test
    void campSeparatesTheTwoRawDependencesAndTheLoopsThatCarryThem() {
        DepProfiler p = run(DepMode.CAMP);
        ContextTree tree = p.tree();
        ContextTree.Node l1 = tree.loop(tree.root(), L1);
        ContextTree.Node l2 = tree.loop(l1, L2);
        ContextTree.Node cs1 = tree.call(l2, CS1);
        ContextTree.Node cs3 = tree.call(l2, CS3);
        ContextTree.Node cs2 = tree.call(l2, CS2);
        ContextTree.Node cs4 = tree.call(cs2, CS4);
        ContextTree.Node cs6 = tree.call(cs2, CS6);
        List<Dependence> deps = p.dependences();

        Dependence sum = find(deps, DepType.RAW, ST1, cs3.id, LD1, cs1.id);
        assertEquals((long) T * (N - 1), sum.count());
        assertArrayEquals(new int[]{l1.id, l2.id}, sum.loops());
        assertArrayEquals(new byte[]{Dependence.INTRA, NEAR_INTER}, sum.relations());   // carried by L2

        Dependence node = find(deps, DepType.RAW, ST1, cs6.id, LD1, cs4.id);
        assertEquals((long) (T - 1) * N, node.count());
        assertArrayEquals(new int[]{l1.id}, node.loops());
        assertArrayEquals(new byte[]{NEAR_INTER}, node.relations());   // carried by L1 only

        // the context-aware profile sees no RAW between the two call paths
        assertTrue(deps.stream().noneMatch(d -> d.type() == DepType.RAW && d.srcContext() == cs3.id && d.dstContext() == cs4.id));
        assertEquals(tree.size(), p.contexts().size());
    }

    @Test
    void lampMergesThemSoBothLoopsLookCarried() {
        List<Dependence> deps = run(DepMode.LAMP).dependences();
        Dependence raw = find(deps, DepType.RAW, ST1, -1, LD1, -1);
        assertEquals((long) T * (N - 1) + (long) (T - 1) * N, raw.count());
        assertArrayEquals(new int[]{L1, L2}, raw.loops());
        assertArrayEquals(new byte[]{(byte) (Dependence.INTRA | NEAR_INTER), NEAR_INTER}, raw.relations());
    }

    @Test
    void loopRecordsCountInvocationsAndHeaderExecutions() {
        DepProfiler p = run(DepMode.LAMP);
        assertEquals(List.of(new io.loupe.data.deps.LoopRecord(L1, -1, 1, T), new io.loupe.data.deps.LoopRecord(L2, -1, T, (long) T * N)),
                p.loops());
    }
}
