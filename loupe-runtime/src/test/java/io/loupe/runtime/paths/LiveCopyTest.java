package io.loupe.runtime.paths;

import io.loupe.data.paths.SlabForest;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A live dump's copies of a thread's path recorders while the thread goes on recording: each copy
 * is a state the recorder had (a forest whose parents come before their children, a table whose
 * entries are ids it was given), its counts never fall from one copy to the next, and once the
 * owner stops the copy equals the recorder's own snapshot.
 */
class LiveCopyTest {

    @Test
    void forestCopiesWhileTheOwnerStreamsAreStatesItHad() throws InterruptedException {
        int k = 3;
        KSlabForest forest = new KSlabForest(k, 5_000);   // small: it prunes while copied
        AtomicBoolean done = new AtomicBoolean();
        Thread owner = new Thread(() -> {
            long cursor = KSlabForest.START;
            long x = 1;
            for (int i = 0; i < 3_000_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
                int method = (int) ((x >>> 60) & 3);
                int path = (int) ((x >>> 40) % (method == 0 ? 2 : 40));
                cursor = (x & 0xff) == 0 ? KSlabForest.START : forest.step(cursor, method, path);
            }
            done.set(true);
        });
        owner.start();
        List<Long> totals = new ArrayList<>();
        while (!done.get()) {
            SlabForest f = forest.consistentSnapshot("owner", k, 1_000);
            if (f == null) {
                continue;
            }
            long total = 0;   // the counts of pruned nodes are in residual roots: prunedCount() sums them again
            for (int i = 0; i < f.size(); i++) {
                assertTrue(f.parent()[i] < i, "a parent after its child");
                assertTrue(f.count()[i] >= 0);
                if (f.parent()[i] >= 0) {
                    assertEquals(f.method()[f.parent()[i]], f.method()[i], "a child of another method's node");
                }
                total += f.count()[i];
            }
            totals.add(total);
        }
        owner.join();
        assertTrue(totals.size() > 2, "copies made while the owner ran: " + totals.size());
        for (int i = 1; i < totals.size(); i++) {
            assertTrue(totals.get(i) >= totals.get(i - 1), "items counted fell between copies: " + totals);
        }
        SlabForest still = forest.consistentSnapshot("owner", k, 1);
        SlabForest own = forest.snapshot("owner", k);
        assertArrayEquals(own.count(), still.count());
        assertArrayEquals(own.parent(), still.parent());
        assertEquals(forest.items(), total(still));
    }

    private static long total(SlabForest f) {
        long n = 0;
        for (long c : f.count()) {
            n += c;
        }
        return n;
    }

    @Test
    void tableCopiesWhileTheOwnerGrowsItHoldEveryIdOnce() throws InterruptedException {
        PathTable table = new PathTable();
        AtomicBoolean done = new AtomicBoolean();
        int ids = 200_000;
        Thread owner = new Thread(() -> {
            for (int round = 0; round < 3; round++) {
                for (int id = 0; id < ids; id++) {
                    table.add(id * 7, 1);
                }
            }
            done.set(true);
        });
        owner.start();
        long lastTotal = 0;
        int copies = 0;
        while (!done.get()) {
            long[][] c = table.copy(1_000);
            if (c == null) {
                continue;
            }
            copies++;
            long total = 0;
            java.util.Set<Long> seen = new java.util.HashSet<>();
            for (int i = 0; i < c[0].length; i++) {
                assertEquals(0, c[0][i] % 7, "an id the owner never added");
                assertTrue(seen.add(c[0][i]), "an id twice: a copy torn by the table's growth");
                assertTrue(c[1][i] >= 0 && c[1][i] <= 3);
                total += c[1][i];
            }
            assertTrue(total >= lastTotal, "counts fell between copies");
            lastTotal = total;
        }
        owner.join();
        assertTrue(copies > 0);
        long[][] end = table.copy(1);
        assertEquals(ids, end[0].length);
        for (long count : end[1]) {
            assertEquals(3, count);
        }
    }
}
