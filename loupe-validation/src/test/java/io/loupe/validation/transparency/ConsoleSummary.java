package io.loupe.validation.transparency;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The closing summary of the JUnit console launcher, line by line:
 * {@code [      9296 tests found           ]} becomes {@code "tests found" → 9296}.
 *
 * @param counts every summary line, in printed order
 */
record ConsoleSummary(Map<String, Long> counts) {

    private static final Pattern LINE = Pattern.compile("^\\[\\s*(\\d+) ((?:containers|tests) \\w+)\\s*]$");

    /** Parses a launcher's stdout; fails if it holds no summary (the launcher did not get that far). */
    static ConsoleSummary parse(String stdout) {
        Map<String, Long> counts = new LinkedHashMap<>();
        stdout.lines().map(String::strip).forEach(line -> {
            Matcher m = LINE.matcher(line);
            if (m.matches()) {
                counts.put(m.group(2), Long.parseLong(m.group(1)));
            }
        });
        if (!counts.containsKey("tests found")) {
            throw new IllegalStateException("no test summary in the launcher's output:\n" + stdout);
        }
        return new ConsoleSummary(Collections.unmodifiableMap(counts));
    }

    long get(String key) {
        Long v = counts.get(key);
        if (v == null) {
            throw new IllegalArgumentException("no '" + key + "' line in " + counts);
        }
        return v;
    }
}
