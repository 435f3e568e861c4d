package io.loupe.runtime.registry;

import io.loupe.data.StatKeys;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * How many classes the agent handed to the instrumenter and how long that took, summed over the
 * threads that loaded them: the one-time part of a profiler's cost, which the profile reports
 * (stats {@code instrument.classes}, {@code instrument.rewritten}, {@code instrument.millis}) so
 * that a user can tell it from what the probes cost. Called once per class, after a transform of
 * milliseconds: a lock costs nothing here.
 */
public final class InstrumentationClock {

    private static long classes;
    private static long rewritten;
    private static long nanos;

    private InstrumentationClock() {
    }

    /** One class given to the instrumenter: {@code elapsed} nanoseconds, {@code changed} if it was rewritten. */
    public static synchronized void record(long elapsed, boolean changed) {
        classes++;
        if (changed) {
            rewritten++;
        }
        nanos += elapsed;
    }

    /** The stats so far; empty if no class was given to the instrumenter. */
    public static synchronized Map<String, Long> stats() {
        Map<String, Long> stats = new LinkedHashMap<>();
        if (classes > 0) {
            stats.put(StatKeys.INSTRUMENT_CLASSES, classes);
            stats.put(StatKeys.INSTRUMENT_REWRITTEN, rewritten);
            stats.put(StatKeys.INSTRUMENT_MILLIS, nanos / 1_000_000);
        }
        return stats;
    }
}
