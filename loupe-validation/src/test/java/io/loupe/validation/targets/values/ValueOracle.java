package io.loupe.validation.targets.values;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The naive oracle of value profiling: the targets report every value they see at the sites the
 * tests check, and this counts them all exactly (no table, no sampling) and keeps the previous
 * value per site for MRV. It formats values itself, independently of Loupe. Never instrumented
 * (the tests exclude it).
 *
 * <p>Output, one line per site key: {@code key<TAB>executions<TAB>mrvHits<TAB>value=count<TAB>…},
 * values in first-seen order.
 */
public final class ValueOracle {

    private static final Map<String, Map<String, Long>> COUNTS = new LinkedHashMap<>();
    private static final Map<String, String> PREVIOUS = new LinkedHashMap<>();
    private static final Map<String, Long> MRV = new LinkedHashMap<>();

    private ValueOracle() {
    }

    public static synchronized void saw(String key, String printed) {
        COUNTS.computeIfAbsent(key, k -> new LinkedHashMap<>()).merge(printed, 1L, Long::sum);
        if (printed.equals(PREVIOUS.put(key, printed))) {
            MRV.merge(key, 1L, Long::sum);
        }
    }

    public static void saw(String key, int v) {
        saw(key, Integer.toString(v));
    }

    public static void saw(String key, long v) {
        saw(key, Long.toString(v));
    }

    public static void saw(String key, double v) {
        saw(key, Double.toString(v));
    }

    public static void saw(String key, boolean v) {
        saw(key, v ? "true" : "false");
    }

    public static void saw(String key, char v) {
        saw(key, "'" + v + "'");
    }

    public static void sawObject(String key, Object o) {
        saw(key, o == null ? "null" : o.getClass().getName());
    }

    public static synchronized void write(String file) throws IOException {
        List<String> lines = new ArrayList<>();
        COUNTS.forEach((key, counts) -> {
            long n = counts.values().stream().mapToLong(Long::longValue).sum();
            StringBuilder b = new StringBuilder(key).append('\t').append(n).append('\t').append(MRV.getOrDefault(key, 0L));
            counts.forEach((v, c) -> b.append('\t').append(v).append('=').append(c));
            lines.add(b.toString());
        });
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(Path.of(file), StandardCharsets.UTF_8))) {
            lines.forEach(w::println);
        }
    }
}
