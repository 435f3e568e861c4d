package io.loupe.runtime.deps;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One thread's counts for the eligible nests it entered (abstract interpretation at loop entry):
 * per nest id, the invocations decided, the accesses they accounted for without tracing, and the
 * invocations profiled per reason. Only the owning thread writes it.
 */
final class NestCounts {

    private long[] decided = new long[0];
    private long[] untraced = new long[0];
    private final Map<Integer, Map<String, Long>> fallbacks = new HashMap<>();

    void decided(int nest, long accesses) {
        grow(nest);
        decided[nest]++;
        untraced[nest] += accesses;
    }

    void fellBack(int nest, String reason) {
        fallbacks.computeIfAbsent(nest, k -> new HashMap<>()).merge(reason, 1L, Long::sum);
    }

    private void grow(int nest) {
        if (nest >= decided.length) {
            int n = Math.max(nest + 1, decided.length * 2);
            decided = Arrays.copyOf(decided, n);
            untraced = Arrays.copyOf(untraced, n);
        }
    }

    /** Adds this thread's counts to {@code into} (the dump's merge over threads). */
    void addTo(NestCounts into) {
        for (int n = 0; n < decided.length; n++) {
            if (decided[n] != 0) {
                into.grow(n);
                into.decided[n] += decided[n];
                into.untraced[n] += untraced[n];
            }
        }
        fallbacks.forEach((nest, reasons) -> reasons.forEach((r, c) ->
                into.fallbacks.computeIfAbsent(nest, k -> new HashMap<>()).merge(r, c, Long::sum)));
    }

    long decided(int nest) {
        return nest < decided.length ? decided[nest] : 0;
    }

    long untraced(int nest) {
        return nest < untraced.length ? untraced[nest] : 0;
    }

    Map<String, Long> fallbacks(int nest) {
        return fallbacks.getOrDefault(nest, Map.of());
    }
}
