package io.loupe.analysis.slice;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * {@link LineSets} against {@code TreeSet}s, and {@link CellSets} against a {@code HashMap}: the
 * same sets and the same contents after any sequence of operations.
 */
class LineSetsProperties {

    @Property(tries = 300)
    void unionsAreSetUnionsAndEqualSetsHaveOneName(@ForAll @Size(max = 200) List<@IntRange(min = 0, max = 40) Integer> ops) {
        LineSets sets = new LineSets();
        List<Integer> ids = new ArrayList<>(List.of(LineSets.EMPTY));
        List<TreeSet<Integer>> model = new ArrayList<>(List.of(new TreeSet<>()));
        for (int k = 0; k < ops.size(); k++) {
            int op = ops.get(k);
            if (op < 20) {   // a singleton
                ids.add(sets.of(op));
                model.add(new TreeSet<>(List.of(op)));
            } else {          // a union of two sets made before
                int a = (op * 7 + k) % ids.size();
                int b = (op * 13 + 3 * k) % ids.size();
                ids.add(sets.union(ids.get(a), ids.get(b)));
                TreeSet<Integer> u = new TreeSet<>(model.get(a));
                u.addAll(model.get(b));
                model.add(u);
            }
        }
        Map<TreeSet<Integer>, Integer> named = new HashMap<>();
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(List.copyOf(model.get(i)), Arrays.stream(sets.members(ids.get(i))).boxed().toList());
            Integer before = named.putIfAbsent(model.get(i), ids.get(i));
            if (before != null) {
                assertEquals(before, ids.get(i), "an equal set has the same name");
            }
        }
    }

    @Property(tries = 300)
    void cellsHoldWhatWasPutLast(@ForAll @Size(max = 3000) List<@IntRange(min = 0, max = 200) Integer> ops) {
        CellSets cells = new CellSets();
        Map<Long, Integer> model = new HashMap<>();
        for (int k = 0; k < ops.size(); k++) {
            int op = ops.get(k);
            long a = op % 67;
            long b = op % 3 - 1;   // negative, zero and positive halves of a key
            if (op % 5 == 0) {
                cells.remove(a, b);
                model.remove(a * 4 + b);
            } else {
                int set = op % 7;   // 0 is the empty set: not stored
                cells.put(a, b, set);
                if (set == 0) {
                    model.remove(a * 4 + b);
                } else {
                    model.put(a * 4 + b, set);
                }
            }
            assertEquals(model.size(), cells.size());
        }
        for (long a = 0; a < 67; a++) {
            for (long b = -1; b <= 1; b++) {
                assertEquals(model.getOrDefault(a * 4 + b, 0), cells.get(a, b), a + "," + b);
            }
        }
    }
}
