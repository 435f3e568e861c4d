package io.loupe.runtime.deps;

import io.loupe.data.deps.DepMode;
import io.loupe.data.deps.Dependence;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** A final field's location, sealed by its one store ({@link LocationHistory#SEALING_STORE}). */
class SealedLocationTest {

    private static Map<String, Long> counts(DepProfiler p) {
        Map<String, Long> out = new TreeMap<>();
        for (Dependence d : p.dependences()) {
            out.put(d.type() + " " + d.srcSite() + "->" + d.dstSite(), d.count());
        }
        return out;
    }

    @Test
    void loadsAfterTheSealingStoreKeepNoEntryButEachGetsItsRaw() {
        DepProfiler p = new DepProfiler(DepMode.CAMP, cs -> 10_000 + cs);
        DepThread t = p.newThread();
        LocationHistory h = new LocationHistory();
        t.load(h, 1);                 // a load before the store (a constructor leaking this): kept
        t.sealingStore(h, 2);
        assertEquals(0, h.loadEntries(), "the store took its WAR from the load before it");
        for (int i = 0; i < 5; i++) {
            t.load(h, 3);
            t.load(h, 4);
        }
        assertEquals(0, h.loadEntries(), "a sealed location's loads keep no entry");
        assertEquals(Map.of("WAR 1->2", 1L, "RAW 2->3", 5L, "RAW 2->4", 5L), counts(p));
        assertEquals(0, p.storesAfterSeal());
        assertEquals(java.util.List.of(), p.warnings());
    }

    @Test
    void aStoreAfterTheSealIsCountedForTheWarning() {
        DepProfiler p = new DepProfiler(DepMode.LAMP, cs -> 10_000 + cs);
        DepThread t = p.newThread();
        LocationHistory h = new LocationHistory();
        t.sealingStore(h, 1);
        t.load(h, 2);
        t.store(h, 3);               // the instrumenter was wrong: the WAR 2->3 is lost, and said to be
        t.load(h, 4);
        assertEquals(1, p.storesAfterSeal());
        assertEquals(java.util.List.of("1 store(s) to a final field's location after the store taken to be its only one:"
                + " WAR dependences from the loads between them may be missing"), p.warnings());
        assertEquals(1, h.loadEntries(), "an ordinary store unseals: loads keep entries again");
        assertEquals(Map.of("RAW 1->2", 1L, "WAW 1->3", 1L, "RAW 3->4", 1L), counts(p));
    }
}
