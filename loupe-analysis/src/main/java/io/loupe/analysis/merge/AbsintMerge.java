package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.deps.AbsintProfile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * What abstract interpretation at loop entry did, merged (docs/absint.md): on if it was on in any
 * profile; per loop in no eligible nest, why (the smaller reason as text if two runs disagree,
 * which their loops' metadata would then do too); per nest the invocations decided, the accesses
 * left untraced and the invocations profiled per reason add. A nest is named by its loops (the
 * root first), renumbered; its id is its rank in the merged profile, in the order of its root.
 */
final class AbsintMerge {

    private AbsintMerge() {
    }

    static AbsintProfile merge(List<Profile> inputs, MetadataIndex<?> loops) {
        boolean enabled = false;
        Map<Integer, String> ineligible = new HashMap<>();
        Map<List<Integer>, Nest> nests = new HashMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            AbsintProfile a = inputs.get(i).deps().absint();
            enabled |= a.enabled();
            for (Map.Entry<Integer, String> e : a.ineligible().entrySet()) {
                int loop = loops.map(i, e.getKey());
                if (loop >= 0) {
                    ineligible.merge(loop, e.getValue(), (x, y) -> x.compareTo(y) <= 0 ? x : y);
                }
            }
            for (AbsintProfile.NestRecord n : a.nests()) {
                List<Integer> nestLoops = new ArrayList<>(n.loops().size());
                for (int l : n.loops()) {
                    nestLoops.add(loops.map(i, l));
                }
                if (nestLoops.isEmpty() || nestLoops.contains(-1)) {
                    continue;   // a nest of a class whose loops conflict: kept from another profile
                }
                nests.computeIfAbsent(List.copyOf(nestLoops), Nest::new).add(n);
            }
        }
        if (!enabled && ineligible.isEmpty() && nests.isEmpty()) {
            return AbsintProfile.NONE;
        }
        List<Nest> ordered = new ArrayList<>(nests.values());
        ordered.sort((a, b) -> java.util.Arrays.compare(a.loops.stream().mapToInt(Integer::intValue).toArray(),
                b.loops.stream().mapToInt(Integer::intValue).toArray()));
        List<AbsintProfile.NestRecord> records = new ArrayList<>(ordered.size());
        for (int id = 0; id < ordered.size(); id++) {
            Nest n = ordered.get(id);
            records.add(new AbsintProfile.NestRecord(id, n.loops, n.decided, n.untraced, n.fallbacks));
        }
        return new AbsintProfile(enabled, ineligible, records);
    }

    /** One nest's figures, being added up. */
    private static final class Nest {
        final List<Integer> loops;
        long decided;
        long untraced;
        final Map<String, Long> fallbacks = new TreeMap<>();

        Nest(List<Integer> loops) {
            this.loops = loops;
        }

        void add(AbsintProfile.NestRecord n) {
            decided += n.decided();
            untraced += n.untracedAccesses();
            n.fallbacks().forEach((reason, count) -> fallbacks.merge(reason, count, Long::sum));
        }
    }
}
