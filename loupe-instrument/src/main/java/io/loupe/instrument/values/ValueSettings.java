package io.loupe.instrument.values;

import io.loupe.data.values.SiteKind;

import java.util.EnumSet;
import java.util.Set;

/**
 * What value profiling needs to know from the agent options: the kinds of site to profile.
 *
 * @param kinds the site kinds to instrument; at least one
 */
public record ValueSettings(Set<SiteKind> kinds) {

    public ValueSettings {
        if (kinds.isEmpty()) {
            throw new IllegalArgumentException("value profiling needs at least one site kind");
        }
        kinds = Set.copyOf(EnumSet.copyOf(kinds));
    }

    /** Every kind of site. */
    public static ValueSettings all() {
        return new ValueSettings(EnumSet.allOf(SiteKind.class));
    }

    /** True if sites of {@code kind} are profiled. */
    public boolean profiles(SiteKind kind) {
        return kinds.contains(kind);
    }
}
