package io.loupe.runtime.trace;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ObjectIdsTest {

    @Test
    void anObjectKeepsItsNumberAndEqualObjectsDoNotShareOne() {
        ObjectIds ids = new ObjectIds();
        String a = new String("x");
        String b = new String("x");
        long ia = ids.id(a);
        long ib = ids.id(b);
        assertNotEquals(ia, ib, "identity, not equals");
        assertEquals(ia, ids.id(a));
        assertEquals(ib, ids.id(b));
        assertEquals(2, ids.count());
    }

    @Test
    void numbersStayDistinctAcrossRebuildsAndCollections() {
        ObjectIds ids = new ObjectIds();
        List<Object> kept = new ArrayList<>();
        List<Long> keptIds = new ArrayList<>();
        Set<Long> seen = new HashSet<>();
        for (int round = 0; round < 20; round++) {
            for (int i = 0; i < 20_000; i++) {
                Object o = new Object();
                long id = ids.id(o);
                assertTrue(seen.add(id), "a number handed out twice");
                if (i % 100 == 0) {
                    kept.add(o);
                    keptIds.add(id);
                }
            }
            System.gc();
        }
        // the kept ones still have their first numbers, whatever the table went through
        for (int i = 0; i < kept.size(); i++) {
            assertEquals(keptIds.get(i), ids.id(kept.get(i)));
        }
        assertEquals(400_000, ids.count(), "no second number for an object already numbered");
    }

    @Test
    void threadsAgreeOnEveryNumber() throws InterruptedException {
        ObjectIds ids = new ObjectIds();
        Object[] shared = new Object[5_000];
        for (int i = 0; i < shared.length; i++) {
            shared[i] = new Object();
        }
        ConcurrentHashMap<Integer, Long> first = new ConcurrentHashMap<>();
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            int seed = t;
            threads[t] = new Thread(() -> {
                for (int k = 0; k < shared.length; k++) {
                    int i = (k * 7 + seed * 1_231) % shared.length;
                    long id = ids.id(shared[i]);
                    Long before = first.putIfAbsent(i, id);
                    if (before != null && before != id) {
                        problems.add(i + ": " + before + " and " + id);
                    }
                    ids.id(new Object());   // the table keeps growing meanwhile
                }
            });
            threads[t].start();
        }
        for (Thread t : threads) {
            t.join();
        }
        assertEquals(List.of(), problems);
        assertEquals(shared.length, new HashSet<>(first.values()).size());
    }
}
