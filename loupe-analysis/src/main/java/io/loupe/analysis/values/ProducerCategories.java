package io.loupe.analysis.values;

import java.util.Set;

/**
 * Which producer categories of {@code local} sites are loads. The propagation estimate of
 * Calder et al. (§6) profiles loads and estimates the rest, so its figures are over the
 * "non-load instructions": in Loupe, local sites whose stored value came from a field, an array
 * element or a call (whose invariance is measured at the load's own site).
 */
public final class ProducerCategories {

    /** The producer categories that are loads. */
    public static final Set<String> LOADS = Set.of("field", "array", "call");

    private ProducerCategories() {
    }

    /** True when a value produced by {@code producer} was loaded rather than computed. */
    public static boolean isLoad(String producer) {
        return producer != null && LOADS.contains(producer);
    }
}
