package io.loupe.analysis.recovery;

import io.loupe.data.deps.DepType;

import java.util.HashMap;
import java.util.Map;

/**
 * The heap as the recovery replays it: per location, the instruction that stored to it last and
 * the instructions that loaded it since — what the dependence profiler keeps (docs/deps.md,
 * <i>History and deduplication</i>), so the dependences and their counts come out as it counts them:
 * a load has a RAW from the last store; a store a WAW from the last store and a WAR from each
 * distinct instruction that loaded since, once per execution of the store. A location is an
 * object's number and a field, an array's number and an index, or a static field; it has no
 * history until its first access.
 */
final class HeapState {

    /** One location's history; instructions are packed {@code method << 32 | op}. */
    private static final class History {
        long lastStore = -1;
        long[] readers = new long[2];
        int readerCount;

        void read(long insn) {
            for (int i = 0; i < readerCount; i++) {
                if (readers[i] == insn) {
                    return;
                }
            }
            if (readerCount == readers.length) {
                readers = java.util.Arrays.copyOf(readers, readerCount * 2);
            }
            readers[readerCount++] = insn;
        }
    }

    /** A location: {@code object} a number (a static field: {@code -1 - id}), {@code slot} a field id or an index. */
    private record Location(long object, long slot) {
    }

    private final Map<Location, History> histories = new HashMap<>();
    private final DependenceTable table;
    private final int thread;

    HeapState(DependenceTable table, int thread) {
        this.table = table;
        this.thread = thread;
    }

    void load(long object, long slot, long insn, RecoveredDependence.RecoveredBy by) {
        History h = histories.computeIfAbsent(new Location(object, slot), l -> new History());
        if (h.lastStore >= 0) {
            table.add(DepType.RAW, RecoveredDependence.Memory.HEAP, h.lastStore, insn, by, thread);
        }
        h.read(insn);
    }

    void store(long object, long slot, long insn, RecoveredDependence.RecoveredBy by) {
        History h = histories.computeIfAbsent(new Location(object, slot), l -> new History());
        for (int i = 0; i < h.readerCount; i++) {
            table.add(DepType.WAR, RecoveredDependence.Memory.HEAP, h.readers[i], insn, by, thread);
        }
        if (h.lastStore >= 0) {
            table.add(DepType.WAW, RecoveredDependence.Memory.HEAP, h.lastStore, insn, by, thread);
        }
        h.readerCount = 0;
        h.lastStore = insn;
    }

    /** Locations with a history. */
    int locations() {
        return histories.size();
    }
}
