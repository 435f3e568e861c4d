package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The per-thread caches of context children (DepThread: direct-mapped, indexed by a hash of the
 * site and the parent context) must give the node the tree gives, also when two (site, context)
 * pairs share a slot and when one site is reached from several contexts in turn.
 */
class ContextCacheTest {

    private static final int SLOTS = 4096;   // DepThread.CHILD_CACHE

    @Test
    void sitesSharingASlotAndContextsSharingASiteGetTheirOwnNodes() {
        DepProfiler p = new DepProfiler(DepMode.CAMP, cs -> 100_000 + cs);
        DepThread th = p.newThread();
        ContextTree tree = p.tree();
        int[] calls = {5, 5 + SLOTS, 5 + 3 * SLOTS};
        int[] loops = {9, 9 + SLOTS};
        for (int round = 0; round < 3; round++) {
            for (int c = 0; c < calls.length; c++) {
                th.enterCall(calls[c], c);
                ContextTree.Node callee = tree.call(tree.root(), calls[c]);
                assertEquals(callee.id, th.context(), "call site " + calls[c]);
                for (int loop : loops) {
                    th.enterLoop(loop);
                    ContextTree.Node inLoop = tree.loop(callee, loop);
                    assertEquals(inLoop.id, th.context(), "loop " + loop + " under call site " + calls[c]);
                    th.enterCall(calls[0], 10);   // one call site, reached from every loop context
                    assertEquals(tree.call(inLoop, calls[0]).id, th.context(), "call site " + calls[0] + " in loop " + loop);
                    th.exitCall();
                    th.exitLoop();
                }
                th.exitCall();
                assertEquals(tree.root().id, th.context());
            }
        }
    }

    @Test
    void moreSitesAndContextsThanSlotsAllGetTheTreesNodes() {
        // 3 × 4,096 call sites, each from two contexts, three times over: pairs must share slots
        DepProfiler p = new DepProfiler(DepMode.CAMP, cs -> 100_000 + cs);
        DepThread th = p.newThread();
        ContextTree tree = p.tree();
        ContextTree.Node outer = tree.call(tree.root(), 1);
        for (int round = 0; round < 3; round++) {
            for (int site = 2; site < 2 + 3 * SLOTS; site++) {
                th.enterCall(site, 20);
                assertEquals(tree.call(tree.root(), site).id, th.context(), "site " + site + " from the root");
                th.exitCall();
                th.enterCall(1, 21);
                th.enterCall(site, 20);
                assertEquals(tree.call(outer, site).id, th.context(), "site " + site + " from call site 1");
                th.exitCall();
                th.exitCall();
            }
        }
    }
}
