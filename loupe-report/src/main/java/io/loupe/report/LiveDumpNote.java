package io.loupe.report;

import io.loupe.data.StatKeys;

import java.util.Map;

/** What a live dump's profile holds, in words: the text report's header and the HTML index say it. */
public final class LiveDumpNote {

    private LiveDumpNote() {
    }

    /**
     * What a live dump's profile holds ({@code loupe dump}, {@code dumpInterval}; docs/live-dumps.md),
     * or null for a profile written at exit since the JVM started.
     */
    public static String of(Map<String, Long> stats) {
        boolean live = stats.getOrDefault(StatKeys.DUMP_LIVE, 0L) != 0;
        boolean sinceReset = stats.getOrDefault(StatKeys.DUMP_SINCE_RESET, 0L) != 0;
        if (!live && !sinceReset) {
            return null;
        }
        String text = live ? "from the running JVM, its threads running; each count as read during the dump"
                : "at exit";
        text += sinceReset ? ", holding what was recorded since the last reset"
                + (stats.containsKey(StatKeys.VALUES_SITES) ? " (value counts are lower bounds)" : "")
                : ", holding what was recorded since the JVM started";
        long leftOut = stats.getOrDefault(StatKeys.DUMP_LEFT_OUT, 0L);
        if (leftOut > 0) {
            text += "; " + leftOut + (leftOut == 1 ? " part" : " parts") + " left out, counted in the next profile (see"
                    + " warnings)";
        }
        return text;
    }
}
