package io.loupe.runtime.deps;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * One thread's counts for the eligible nests it entered (abstract interpretation at loop entry):
 * per nest id, the invocations decided, the accesses they accounted for without tracing them, and
 * the invocations profiled per reason. Only the owning thread writes it; counting an invocation
 * allocates nothing (reasons are numbered once, for all threads).
 */
final class NestCounts {

    /** Reasons by number, and their numbers. */
    private static final CopyOnWriteArrayList<String> REASONS = new CopyOnWriteArrayList<>();
    private static final Map<String, Integer> REASON_IDS = new ConcurrentHashMap<>();

    private long[] decided = new long[0];
    private long[] untraced = new long[0];
    /** Per nest id: invocations profiled, per reason number (null before the first). */
    private long[][] fallbacks = new long[0][];

    /** The number of {@code reason}. */
    static int reason(String reason) {
        Integer id = REASON_IDS.get(reason);
        if (id == null) {
            synchronized (REASONS) {
                id = REASON_IDS.get(reason);
                if (id == null) {
                    id = REASONS.size();
                    REASONS.add(reason);
                    REASON_IDS.put(reason, id);
                }
            }
        }
        return id;
    }

    void decided(int nest, long accesses) {
        grow(nest);
        decided[nest]++;
        untraced[nest] += accesses;
    }

    /** An invocation of {@code nest} profiled for reason number {@code reason} ({@link #reason(String)}). */
    void fellBack(int nest, int reason) {
        grow(nest);
        long[] f = fallbacks[nest];
        if (f == null || reason >= f.length) {
            f = fallbacks[nest] = f == null ? new long[Math.max(8, reason + 1)] : Arrays.copyOf(f, Math.max(reason + 1, f.length * 2));
        }
        f[reason]++;
    }

    void fellBack(int nest, String reason) {
        fellBack(nest, reason(reason));
    }

    private void grow(int nest) {
        if (nest >= decided.length) {
            int n = Math.max(nest + 1, decided.length * 2);
            decided = Arrays.copyOf(decided, n);
            untraced = Arrays.copyOf(untraced, n);
            fallbacks = Arrays.copyOf(fallbacks, n);
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
            long[] f = fallbacks[n];
            if (f != null) {
                for (int r = 0; r < f.length; r++) {
                    if (f[r] != 0) {
                        into.grow(n);
                        long[] g = into.fallbacks[n];
                        if (g == null || r >= g.length) {
                            g = into.fallbacks[n] = g == null ? new long[f.length] : Arrays.copyOf(g, f.length);
                        }
                        g[r] += f[r];
                    }
                }
            }
        }
    }

    long decided(int nest) {
        return nest < decided.length ? decided[nest] : 0;
    }

    long untraced(int nest) {
        return nest < untraced.length ? untraced[nest] : 0;
    }

    /** Invocations of {@code nest} profiled, per reason. */
    Map<String, Long> fallbacks(int nest) {
        Map<String, Long> out = new TreeMap<>();
        long[] f = nest < fallbacks.length ? fallbacks[nest] : null;
        if (f != null) {
            for (int r = 0; r < f.length; r++) {
                if (f[r] != 0) {
                    out.put(REASONS.get(r), f[r]);
                }
            }
        }
        return out;
    }
}
