package io.loupe.runtime.seqlock;

import org.junit.jupiter.api.Test;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The sequence lock of live dumps: a reader keeps only copies of states the owner's data had,
 * however the owner's changes interleave with it; an owner that never rests answers the reader;
 * one stuck in a change makes the reader give up rather than wait.
 */
class SeqlockTest {

    /** Two fields the owner always changes together: a copy with them unequal is torn. */
    private static final class Pair {
        final Seqlock lock = new Seqlock();
        long a;
        long b;

        void set(long v) {
            lock.beginWrite();
            try {
                a = v;
                for (int spin = 0; spin < 50; spin++) {
                    Thread.onSpinWait();   // the change takes a while: a reader meets it often
                }
                b = v;
            } finally {
                lock.endWrite();
            }
        }

        long[] copy() {
            return new long[] {a, b};
        }
    }

    private static Thread owner(Pair p, AtomicBoolean stop) {
        Thread t = new Thread(() -> {
            for (long v = 1; !stop.get(); v++) {
                p.set(v);
            }
        }, "owner");
        t.setDaemon(true);
        t.start();
        return t;
    }

    @Test
    void aReaderKeepsOnlyStatesTheOwnerHad() throws InterruptedException {
        Pair p = new Pair();
        AtomicBoolean stop = new AtomicBoolean();
        Thread owner = owner(p, stop);
        long last = 0;
        int copies = 0;
        for (int i = 0; i < 2_000; i++) {
            long[] c = p.lock.read(p::copy, 1_000);
            if (c != null) {
                assertEquals(c[0], c[1], "a copy made while a change was under way");
                assertTrue(c[0] >= last, "states are read in the order the owner made them");
                last = c[0];
                copies++;
            }
        }
        stop.set(true);
        owner.join();
        assertTrue(copies > 1_000, "copies kept: " + copies);
    }

    @Test
    void aReaderThatKeepsLosingIsAnsweredByTheOwner() throws InterruptedException {
        Pair p = new Pair();
        AtomicBoolean stop = new AtomicBoolean();
        Thread owner = owner(p, stop);
        for (int i = 0; i < 20; i++) {
            // a copy the reader cannot make itself (as when the owner is never still for its length):
            // only the owner's, made at the end of one of its changes, can be had
            long[] c = p.lock.read(() -> Thread.currentThread() == owner ? p.copy() : null, 1_000);
            assertNotNull(c, "the owner answers within the attempts");
            assertEquals(c[0], c[1], "the owner's copy is of a state at rest");
        }
        stop.set(true);
        owner.join();
    }

    @Test
    void aReaderGivesUpOnAnOwnerStuckInAChange() throws InterruptedException {
        Pair p = new Pair();
        CountDownLatch inChange = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        Thread owner = new Thread(() -> {
            p.lock.beginWrite();
            p.a = 1;
            inChange.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            p.b = 1;
            p.lock.endWrite();
        });
        owner.start();
        inChange.await();
        assertNull(p.lock.read(p::copy, 80));
        release.countDown();
        owner.join();
        long[] c = p.lock.read(p::copy, 80);
        assertEquals(1, c[0]);
        assertEquals(1, c[1]);
    }

    @Test
    void nestedBracketsChangeTheVersionOnce() {
        Seqlock lock = new Seqlock();
        int rest = lock.readBegin();
        lock.beginWrite();
        lock.beginWrite();
        lock.endWrite();
        assertEquals(1, lock.readBegin() & 1, "still changing: the outer bracket is open");
        lock.endWrite();
        assertEquals(rest + 2, lock.readBegin());
        assertTrue(lock.readValid(rest + 2));
        assertTrue(!lock.readValid(rest));
    }

    @Test
    void aCopyThatFailsAtRestIsABugAndIsThrown() {
        Seqlock lock = new Seqlock();
        assertThrows(IllegalStateException.class, () -> lock.read(() -> {
            throw new IllegalStateException("not a race");
        }, 5));
    }

    @Test
    void aCopyThatFailsDuringAChangeIsMadeAgain() {
        Seqlock lock = new Seqlock();
        int[] calls = {0};
        String got = lock.read(() -> {
            if (calls[0]++ == 0) {
                lock.beginWrite();   // the owner began a change while this copy ran
                lock.endWrite();
                throw new ArrayIndexOutOfBoundsException("torn");
            }
            return "whole";
        }, 5);
        assertEquals("whole", got);
        assertEquals(2, calls[0]);
    }

    @Test
    void aReaderAlsoWaitsOutAnotherWritersChange() throws InterruptedException {
        Seqlock owner = new Seqlock();
        Seqlock other = new Seqlock();
        other.beginWrite();   // a quiet period's credits under way in another thread, say
        assertNull(Seqlock.read(() -> "copy", 70, owner, other));
        other.endWrite();
        assertEquals("copy", Seqlock.read(() -> "copy", 70, owner, other));
    }
}
