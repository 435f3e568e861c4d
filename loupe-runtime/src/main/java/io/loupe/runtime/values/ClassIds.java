package io.loupe.runtime.values;

import java.util.ArrayList;
import java.util.List;

/**
 * Dense ids for the runtime classes of profiled references, so that a TNV table holds only
 * {@code long}s: 0 is null, classes get 1, 2, … in the order they are first seen. The lookup is a
 * {@link ClassValue} (no lock); recorders cache the last class they saw in front of it.
 */
final class ClassIds {

    private static final List<String> NAMES = new ArrayList<>(List.of("null"));

    private static final ClassValue<Long> IDS = new ClassValue<>() {
        @Override
        protected Long computeValue(Class<?> type) {
            synchronized (NAMES) {
                NAMES.add(type.getName());
                return (long) (NAMES.size() - 1);
            }
        }
    };

    private ClassIds() {
    }

    static long of(Class<?> type) {
        return IDS.get(type);
    }

    /** The class name of id {@code id}; {@code null} for 0. */
    static String name(long id) {
        synchronized (NAMES) {
            return id >= 0 && id < NAMES.size() ? NAMES.get((int) id) : "?" + id;
        }
    }
}
