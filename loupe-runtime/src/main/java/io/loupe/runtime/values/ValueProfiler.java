package io.loupe.runtime.values;

/**
 * The value profiler's configuration, set once by the agent before any instrumented class runs.
 * Recorders read it when they are created; changing it later affects only sites that have not
 * run yet.
 */
public final class ValueProfiler {

    private static volatile ValueConfig config = ValueConfig.DEFAULTS;

    private ValueProfiler() {
    }

    public static void configure(ValueConfig c) {
        config = c;
    }

    public static ValueConfig config() {
        return config;
    }
}
