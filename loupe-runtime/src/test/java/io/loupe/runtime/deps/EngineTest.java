package io.loupe.runtime.deps;

import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.LoopRecord;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pieces one by one: contexts, recursion, exceptions, deduplication, threads. */
class EngineTest {

    /** Across iterations, seen at distance 1: the location is touched every iteration. */
    private static final byte NEAR_INTER = Dependence.INTER | Dependence.NEAR;

    @Test
    void contextTreeFindsAndCreatesChildrenOnceEvenUnderRacingThreads() throws Exception {
        ContextTree tree = new ContextTree();
        int threads = 4;
        CountDownLatch start = new CountDownLatch(1);
        ConcurrentHashMap<Integer, ContextTree.Node> seen = new ConcurrentHashMap<>();
        List<Thread> all = new ArrayList<>();
        List<Throwable> failures = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads; t++) {
            Thread th = new Thread(() -> {
                try {
                    start.await();
                    for (int site = 0; site < 500; site++) {
                        ContextTree.Node c = tree.call(tree.root(), site);
                        ContextTree.Node prev = seen.putIfAbsent(site, c);
                        assertTrue(prev == null || prev == c);
                        ContextTree.Node l = tree.loop(c, 7);
                        assertSame(c, l.parent);
                        // by id, as a thread finds a node on a cache miss, while others grow the array
                        assertSame(l, tree.node(l.id));
                        assertSame(c, tree.node(l.parentId));
                        if (prev != null) {
                            assertSame(prev, tree.node(prev.id));   // made by another thread, maybe
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            th.start();
            all.add(th);
        }
        start.countDown();
        for (Thread th : all) {
            th.join();
        }
        assertEquals(List.of(), failures);
        assertEquals(1 + 500 * 2, tree.size());
        assertThrows(IllegalArgumentException.class, () -> tree.node(1 + 500 * 2));
        List<ContextNode> snap = tree.snapshot();
        for (ContextNode n : snap) {
            assertTrue(n.parent() < n.id());
        }
        assertEquals(ContextNode.Kind.ROOT, snap.get(0).kind());
    }

    @Test
    void recursionStaysAtItsFirstCallSiteAsALoopWhoseIterationsAreTheActivations() {
        DepProfiler p = new DepProfiler(DepMode.CAMP, cs -> 100 + cs);
        DepThread t = p.newThread();
        LocationHistory x = new LocationHistory();
        int f = 0;
        t.enterCall(1, f);                 // outermost activation through call site 1
        int outer = t.context();
        t.store(x, 10);
        t.enterCall(2, f);                 // recursion: a pseudo-loop below call site 1's node
        int pseudo = t.context();
        assertEquals(outer, p.tree().node(pseudo).parent.id);
        assertEquals(ContextNode.Kind.LOOP, p.tree().node(pseudo).kind);
        assertEquals(101, p.tree().node(pseudo).site);
        t.load(x, 11);
        t.store(x, 12);
        t.enterCall(2, f);                 // deeper: same context, next iteration
        assertEquals(pseudo, t.context());
        t.load(x, 11);
        t.exitCall();
        assertEquals(pseudo, t.context());
        t.exitCall();
        assertEquals(outer, t.context());
        t.exitCall();
        assertEquals(0, t.context());
        assertEquals(List.of(new LoopRecord(101, pseudo, 1, 2)), p.loops());
        Dependence inter = p.dependences().stream()
                .filter(d -> d.type() == DepType.RAW && d.srcSite() == 12 && d.dstSite() == 11).findFirst().orElseThrow();
        assertArrayEquals(new int[]{pseudo}, inter.loops());
        assertArrayEquals(new byte[]{NEAR_INTER}, inter.relations());   // two activations
        Dependence before = p.dependences().stream()
                .filter(d -> d.type() == DepType.RAW && d.srcSite() == 10).findFirst().orElseThrow();
        assertEquals(0, before.loops().length);   // the store preceded the recursion
    }

    @Test
    void deepRecursionKeepsTheStackAsDeepAsOneActivation() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 100 + cs);
        DepThread t = p.newThread();
        t.enterCall(1, 0);
        for (int d = 0; d < 1000; d++) {
            t.enterLoop(5);
            t.enterCall(2, 0);
            assertEquals(2, t.loopDepth());   // the outermost activation's loop, the pseudo-loop
        }
        for (int d = 0; d < 1000; d++) {
            t.exitCall();
            t.exitLoop();
        }
        t.exitCall();
        assertEquals(0, t.loopDepth());
    }

    @Test
    void aHandlerRestoresTheEntryStatePlusItsEnclosingLoops() {
        DepProfiler p = new DepProfiler(DepMode.CAMP, cs -> 100 + cs);
        DepThread t = p.newThread();
        t.enterCall(1, 0);
        long mark = t.mark();
        t.enterLoop(1);
        int loop = t.context();
        t.enterCall(2, 1);
        t.enterLoop(2);
        t.enterCall(3, 2);
        t.enterCall(4, 0);                 // a recursion, unwound by the exception
        t.restore(mark, 1);                // handler inside loop 1 of the method entered at call site 1
        assertEquals(1, t.loopDepth());
        assertEquals(loop, t.context());
        t.exitLoop();
        t.exitCall();
        assertEquals(0, t.context());
        assertEquals(0, t.loopDepth());
        t.enterCall(4, 0);                 // method 0 is no longer active: not a recursion
        assertEquals(ContextNode.Kind.CALL, p.tree().node(t.context()).kind);
    }

    @Test
    void aLoopReadingOneLocationEveryIterationKeepsTwoEntriesAndExactCounts() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 100 + cs);
        DepThread t = p.newThread();
        LocationHistory x = new LocationHistory();
        t.enterLoop(1);
        for (int i = 0; i < 1000; i++) {
            t.load(x, 1);
            t.load(x, 1);
            assertTrue(x.loadEntries() <= 2);
            t.nextIteration();
        }
        t.store(x, 2);
        t.exitLoop();
        Dependence war = p.dependences().get(0);
        assertEquals(DepType.WAR, war.type());
        assertEquals(1, war.count());      // one store, however many loads it follows
        assertArrayEquals(new int[]{1}, war.loops());
        assertArrayEquals(new byte[]{NEAR_INTER}, war.relations());
    }

    /**
     * {@code sameInterval(a, b)} against a count of the model stack's thresholds at or before each
     * time, over random loop entries, iterations and exits with accesses between them.
     */
    @Property(tries = 300)
    void sameIntervalAgreesWithCountingThresholds(@ForAll @Size(max = 120) List<@IntRange(min = 0, max = 3) Integer> ops) {
        DepThread t = new DepProfiler(DepMode.LAMP, cs -> 100 + cs).newThread();
        long clock = 0;                          // every event below ticks the thread's clock once
        List<long[]> stack = new ArrayList<>();  // per level: {invocation, iteration}
        List<Long> times = new ArrayList<>();
        for (int op : ops) {
            clock++;
            if (op == 0) {
                t.enterLoop(1 + stack.size());
                stack.add(new long[]{clock, clock});
            } else if (op == 1 && !stack.isEmpty()) {
                t.nextIteration();
                stack.get(stack.size() - 1)[1] = clock;
            } else if (op == 2 && !stack.isEmpty()) {
                t.exitLoop();
                stack.remove(stack.size() - 1);
            } else {
                assertEquals(clock, t.tick());
                times.add(clock);
            }
            for (int i = 0; i < times.size(); i++) {
                for (int j = i; j < times.size(); j++) {
                    long a = times.get(i);
                    long b = times.get(j);
                    assertEquals(thresholdsAtOrBefore(stack, a) == thresholdsAtOrBefore(stack, b),
                            t.sameInterval(a, b), "times " + a + " and " + b);
                }
            }
        }
    }

    private static int thresholdsAtOrBefore(List<long[]> stack, long time) {
        int n = 0;
        for (long[] level : stack) {
            n += (level[0] <= time ? 1 : 0) + (level[1] <= time ? 1 : 0);
        }
        return n;
    }

    @Test
    void manySitesReadingOneLocationGoThroughTheIndexAndStayBounded() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 100 + cs);
        DepThread t = p.newThread();
        LocationHistory x = new LocationHistory();
        int sites = 3 * LoadChains.INDEXED;
        t.enterLoop(1);
        for (int i = 0; i < 50; i++) {
            t.enterLoop(2);
            for (int j = 0; j < 3; j++) {
                for (int s = 1; s <= sites; s++) {
                    t.load(x, s);
                }
                t.nextIteration();
            }
            t.exitLoop();
            assertTrue(x.loadEntries() <= sites * (2 * 2 + 2), "entries " + x.loadEntries());
            t.nextIteration();
        }
        t.store(x, 1000);
        t.exitLoop();
        List<Dependence> deps = p.dependences();
        assertEquals(sites, deps.size());
        for (Dependence d : deps) {
            assertEquals(DepType.WAR, d.type());
            assertEquals(1, d.count());
            // loads of this outer iteration's inner loop and of earlier outer iterations
            assertArrayEquals(new int[]{1}, d.loops());
            assertArrayEquals(new byte[]{NEAR_INTER}, d.relations());
        }
        assertEquals(0, x.loadEntries());
    }

    @Test
    void anotherThreadsAccessIsCrossThreadWithoutRelations() throws Exception {
        DepProfiler p = new DepProfiler(DepMode.CAMP, cs -> 100 + cs);
        LocationHistory x = new LocationHistory();
        DepThread a = p.newThread();
        a.enterLoop(1);
        a.store(x, 1);
        Thread other = new Thread(() -> {
            DepThread b = p.newThread();
            b.enterLoop(1);
            b.load(x, 2);
            b.load(x, 2);
        });
        other.start();
        other.join();
        a.store(x, 3);
        List<Dependence> deps = p.dependences();
        Dependence raw = deps.stream().filter(d -> d.type() == DepType.RAW).findFirst().orElseThrow();
        assertTrue(raw.crossThread());
        assertEquals(2, raw.count());
        assertEquals(0, raw.loops().length);
        Dependence war = deps.stream().filter(d -> d.type() == DepType.WAR).findFirst().orElseThrow();
        assertTrue(war.crossThread());
        assertEquals(1, war.count());
        Dependence waw = deps.stream().filter(d -> d.type() == DepType.WAW).findFirst().orElseThrow();
        assertTrue(!waw.crossThread());
        assertArrayEquals(new byte[]{Dependence.INTRA}, waw.relations());
    }

    @Test
    void concurrentAccessesToOneHistoryNeitherCrashNorLoseCounts() throws Exception {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 100 + cs);
        LocationHistory x = new LocationHistory();
        p.newThread().store(x, 99);   // so that every load follows a store, whatever the interleaving
        int threads = 4, n = 20_000;
        List<Thread> all = new ArrayList<>();
        for (int i = 0; i < threads; i++) {
            int site = i;
            Thread th = new Thread(() -> {
                DepThread t = p.newThread();
                t.enterLoop(1);
                for (int k = 0; k < n; k++) {
                    t.load(x, site);
                    t.store(x, 10 + site);
                    t.nextIteration();
                }
            });
            th.start();
            all.add(th);
        }
        for (Thread th : all) {
            th.join();
        }
        long raws = p.dependences().stream().filter(d -> d.type() == DepType.RAW).mapToLong(Dependence::count).sum();
        assertEquals((long) threads * n, raws);
    }

    @Test
    void theSecondThreadTurnsTheLocksOnWhileTheFirstRunsWithoutThemAndNoAccessIsLost() throws Exception {
        DepProfiler p = new DepProfiler(DepMode.CAMP, cs -> 100 + cs);
        LocationHistory[] xs = new LocationHistory[4];
        for (int j = 0; j < xs.length; j++) {
            xs[j] = new LocationHistory();
        }
        int rounds = 100_000;
        CountDownLatch unlocked = new CountDownLatch(1);
        long[] loads = new long[2];
        long[] stores = new long[2];
        Runnable work = () -> {
            DepThread t = p.newThread();
            int me = t.id();
            if (me == 0) {
                for (LocationHistory x : xs) {
                    t.store(x, 50);   // every later load follows a store, and every later store has a WAW
                }
                stores[0] += xs.length;
                assertTrue(!p.shared());
                unlocked.countDown();
            }
            t.enterLoop(1);
            for (int k = 0; k < rounds; k++) {
                for (int j = 0; j < xs.length; j++) {
                    t.enterCall(j % 3, 7);   // contexts and sites vary, so chains and indexes grow
                    t.load(xs[j], k % 5);
                    t.load(xs[(j * 7 + k) % xs.length], 5 + me);
                    t.exitCall();
                    loads[me] += 2;
                    if ((k + j) % 4 == 0) {
                        t.store(xs[j], 10 + me);
                        stores[me]++;
                    }
                }
                t.nextIteration();
            }
        };
        List<Throwable> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        Thread first = new Thread(work);
        first.setUncaughtExceptionHandler((th, e) -> failures.add(e));
        first.start();
        unlocked.await();
        Thread second = new Thread(work);   // starts while the first updates histories without their locks
        second.setUncaughtExceptionHandler((th, e) -> failures.add(e));
        second.start();
        first.join();
        second.join();
        assertEquals(List.of(), failures);
        for (LocationHistory x : xs) {
            assertTrue(x.consistent());   // two threads updating one history at once break its chains
        }
        assertTrue(p.shared());
        List<Dependence> deps = p.dependences();
        long raw = deps.stream().filter(d -> d.type() == DepType.RAW).mapToLong(Dependence::count).sum();
        long waw = deps.stream().filter(d -> d.type() == DepType.WAW).mapToLong(Dependence::count).sum();
        assertEquals(loads[0] + loads[1], raw);   // one RAW per load: from the location's last store
        assertEquals(stores[0] + stores[1] - xs.length, waw);   // one WAW per store but the first
    }

    @Test
    void oneThreadKeepsItsHistoriesUnlockedUntilASecondStateIsMade() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 100 + cs);
        DepThread t = p.newThread();
        LocationHistory x = new LocationHistory();
        t.store(x, 1);
        t.load(x, 2);
        assertTrue(!p.shared());
        p.newThread();   // a second state on the same thread: shared, with nothing to wait for
        assertTrue(p.shared());
    }
}
