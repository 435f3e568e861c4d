package io.loupe.data.deps;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/** What an access's context is (docs/deps.md): the dependence profiler's mode, as options and profiles name it. */
public enum DepMode {
    /** CAMP: the context is a node of the context tree; a loop is keyed by its loop context node. */
    CAMP,
    /** LAMP, the context-oblivious baseline: no context (-1); a loop is keyed by its loop id. */
    LAMP;

    /** The name options, profiles and reports use: {@code camp} or {@code lamp}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode named {@code id}, or null (a profile's block may name a mode this version does not know). */
    public static DepMode ofId(String id) {
        for (DepMode m : values()) {
            if (m.id().equals(id)) {
                return m;
            }
        }
        return null;
    }

    /** Every mode's name. */
    public static List<String> ids() {
        return Arrays.stream(values()).map(DepMode::id).toList();
    }
}
