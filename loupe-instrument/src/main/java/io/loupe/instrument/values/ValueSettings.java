package io.loupe.instrument.values;

import io.loupe.data.values.SiteKind;

import java.util.EnumSet;
import java.util.Set;

/**
 * What value profiling needs to know from the agent options: the kinds of site to profile, and
 * whether profiling is convergent, which decides the probes' calls (the gate, or full profiling's
 * run counting: {@code io.loupe.runtime.values.Values}).
 *
 * @param kinds      the site kinds to instrument; at least one
 * @param convergent true for convergent profiling
 * @param quiet      convergent profiling only: quiet methods, which run a copy of their original
 *                   code while all their sites have converged ({@code QuietCopy})
 * @param freeze     quiet methods only: frozen quiet periods, in which the JIT compiles a quiet
 *                   method without its probed version ({@code io.loupe.runtime.values.FrozenMethods})
 */
public record ValueSettings(Set<SiteKind> kinds, boolean convergent, boolean quiet, boolean freeze) {

    public ValueSettings {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("value profiling needs at least one site kind");
        }
        if (quiet && !convergent) {
            throw new IllegalArgumentException("quiet methods need convergent profiling");
        }
        if (freeze && !quiet) {
            throw new IllegalArgumentException("frozen quiet periods need quiet methods");
        }
        kinds = Set.copyOf(EnumSet.copyOf(kinds));
    }

    /** Without frozen quiet periods. */
    public ValueSettings(Set<SiteKind> kinds, boolean convergent, boolean quiet) {
        this(kinds, convergent, quiet, false);
    }

    /** Full ({@code convergent} false) or convergent profiling of {@code kinds}, with quiet methods when convergent. */
    public ValueSettings(Set<SiteKind> kinds, boolean convergent) {
        this(kinds, convergent, convergent);
    }

    /** Full profiling of {@code kinds}. */
    public ValueSettings(Set<SiteKind> kinds) {
        this(kinds, false);
    }

    /** Every kind of site, full profiling. */
    public static ValueSettings all() {
        return new ValueSettings(EnumSet.allOf(SiteKind.class));
    }

    /** True if sites of {@code kind} are profiled. */
    public boolean profiles(SiteKind kind) {
        return kinds.contains(kind);
    }
}
