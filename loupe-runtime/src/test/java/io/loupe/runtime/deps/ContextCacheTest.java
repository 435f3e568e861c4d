package io.loupe.runtime.deps;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The per-thread caches of context children (DepThread: one direct-mapped slot per call site or
 * loop id modulo the cache size) must give the node the tree gives, also when two sites share a
 * slot and when one site is reached from several contexts.
 */
class ContextCacheTest {

    private static final int SLOTS = 1024;   // DepThread.CHILD_CACHE

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
}
