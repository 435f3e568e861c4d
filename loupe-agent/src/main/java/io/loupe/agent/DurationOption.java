package io.loupe.agent;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A duration given to an option: a whole number and a unit, {@code ms}, {@code s}, {@code m} or {@code h} ({@code 30s}). */
final class DurationOption {

    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})(ms|s|m|h)");

    private DurationOption() {
    }

    /** The milliseconds {@code value} stands for; an {@link IllegalArgumentException} naming {@code key} if it is no duration or below {@code minMillis}. */
    static long millis(String key, String value, long minMillis) {
        Matcher m = DURATION.matcher(value.toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new IllegalArgumentException("option '" + key + "' needs a duration such as 500ms, 30s, 5m or 1h, got '"
                    + value + "'");
        }
        long n = Long.parseLong(m.group(1));
        long millis = switch (m.group(2)) {
            case "ms" -> n;
            case "s" -> n * 1000;
            case "m" -> n * 60_000;
            default -> n * 3_600_000;
        };
        if (millis < minMillis) {
            throw new IllegalArgumentException("option '" + key + "' must be at least " + minMillis + "ms, got '" + value + "'");
        }
        return millis;
    }
}
