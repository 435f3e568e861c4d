package io.loupe.runtime.dump;

import java.util.ArrayList;
import java.util.List;

/**
 * Loupe's own diagnostics: printed once on stderr (prefixed {@code [loupe]}, never on the
 * program's stdout) and kept for the profile, so a report shows what was left uninstrumented.
 */
public final class Warnings {

    private static final int MAX_KEPT = 10_000;
    private static final List<String> KEPT = new ArrayList<>();
    private static int dropped;

    private Warnings() {
    }

    /** Prints {@code message} on stderr and keeps it for the profile. */
    public static void warn(String message) {
        System.err.println("[loupe] " + message);
        synchronized (KEPT) {
            if (KEPT.size() < MAX_KEPT) {
                KEPT.add(message);
            } else {
                dropped++;
            }
        }
    }

    /** Prints an informational line on stderr without keeping it. */
    public static void info(String message) {
        System.err.println("[loupe] " + message);
    }

    public static List<String> all() {
        synchronized (KEPT) {
            List<String> copy = new ArrayList<>(KEPT);
            if (dropped > 0) {
                copy.add(dropped + " more warnings not kept");
            }
            return copy;
        }
    }
}
