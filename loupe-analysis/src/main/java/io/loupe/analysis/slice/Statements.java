package io.loupe.analysis.slice;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** The statements a slice is made of, a method and a source line each, numbered densely. */
final class Statements {

    private final Map<Long, Integer> ids = new HashMap<>();
    private final List<Long> keys = new ArrayList<>();

    int id(int method, int line) {
        long key = (long) method << 32 | (line & 0xffffffffL);
        return ids.computeIfAbsent(key, k -> {
            keys.add(k);
            return keys.size() - 1;
        });
    }

    int method(int id) {
        return (int) (keys.get(id) >>> 32);
    }

    int line(int id) {
        return (int) (long) keys.get(id);
    }
}
