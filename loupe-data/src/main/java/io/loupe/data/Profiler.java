package io.loupe.data;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Loupe's profilers, by the names the agent's {@code profile} option, the CLI's {@code --profile}
 * and the reports use.
 */
public enum Profiler {
    /** Ball–Larus path profiling, and k-iteration paths with {@code k} ≥ 2. */
    PATHS,
    /** Value profiling: TNV tables per site, fully or convergently. */
    VALUES,
    /** Memory dependence profiling, LAMP or CAMP ({@link io.loupe.data.deps.DepMode}). */
    DEPS,
    /** The naive block tracer, the oracle path profiling is tested against. */
    BLOCKTRACE,
    /** The whole-program trace: every thread's paths, calls and exceptions, compressed as it runs (docs/trace.md). */
    TRACE;

    /** The name options and reports use: {@code paths}, {@code values}, … */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The profiler named {@code id}, or null. */
    public static Profiler ofId(String id) {
        for (Profiler p : values()) {
            if (p.id().equals(id)) {
                return p;
            }
        }
        return null;
    }

    /** Every profiler's name, in declaration order. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(Profiler::id).toList();
    }
}
