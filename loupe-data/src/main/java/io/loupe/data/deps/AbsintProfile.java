package io.loupe.data.deps;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What abstract interpretation at loop entry did in a run (docs/absint.md, "Report"): why each loop
 * that is in no eligible nest is not, and per eligible nest its invocations decided, the accesses
 * they accounted for without tracing them, and its invocations profiled per reason.
 *
 * @param enabled    whether the run had it on ({@code deps.absint=true})
 * @param ineligible per loop id in no eligible nest: why (the loops of the instrumented classes)
 * @param nests      the eligible nests, by nest id
 */
public record AbsintProfile(boolean enabled, Map<Integer, String> ineligible, List<NestRecord> nests) {

    /** A run without abstract interpretation. */
    public static final AbsintProfile NONE = new AbsintProfile(false, Map.of(), List.of());

    public AbsintProfile {
        ineligible = java.util.Collections.unmodifiableMap(new TreeMap<>(ineligible));
        nests = List.copyOf(nests);
    }

    /**
     * One eligible nest.
     *
     * @param nest             its id
     * @param loops            its loops' ids, the root first
     * @param decided          invocations decided
     * @param untracedAccesses the accesses the decided invocations accounted for without tracing them
     * @param fallbacks        invocations profiled (traced), per reason
     */
    public record NestRecord(int nest, List<Integer> loops, long decided, long untracedAccesses,
                             Map<String, Long> fallbacks) {

        public NestRecord {
            loops = List.copyOf(loops);
            fallbacks = java.util.Collections.unmodifiableMap(new TreeMap<>(fallbacks));
        }
    }
}
