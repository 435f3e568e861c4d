package io.loupe.analysis.recovery;

import io.loupe.data.deps.DepType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The dependences recovered so far, each static one with its dynamic count. */
final class DependenceTable {

    private record Key(DepType type, RecoveredDependence.Memory memory, long src, long dst,
                       RecoveredDependence.RecoveredBy by, int thread) {
    }

    private final Map<Key, long[]> counts = new HashMap<>();

    /** One execution of {@code dst} (packed {@code method << 32 | op}) depends on {@code src}. */
    void add(DepType type, RecoveredDependence.Memory memory, long src, long dst, RecoveredDependence.RecoveredBy by,
             int thread) {
        counts.computeIfAbsent(new Key(type, memory, src, dst, by, thread), k -> new long[1])[0]++;
    }

    List<RecoveredDependence> dependences() {
        List<RecoveredDependence> out = new ArrayList<>(counts.size());
        counts.forEach((k, n) -> out.add(new RecoveredDependence(k.type(), k.memory(), (int) (k.src() >>> 32),
                (int) k.src(), (int) (k.dst() >>> 32), (int) k.dst(), n[0], k.by(), k.thread())));
        return out;
    }
}
