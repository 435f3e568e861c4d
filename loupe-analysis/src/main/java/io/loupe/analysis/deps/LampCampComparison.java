package io.loupe.analysis.deps;

import io.loupe.data.deps.DepType;
import io.loupe.data.deps.DepsProfile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A LAMP (context-oblivious) and a CAMP (context-aware) dependence profile of one program compared,
 * as CAMP's evaluation compares them (docs/deps.md, "Comparing LAMP with CAMP"): the share of
 * LAMP's loop-carried dependences that are false positives once contexts are known (Figure 11)
 * and how many more loop contexts are parallelizable (Figure 10). Sites and loops are matched by
 * {@link SiteKey} and {@link LoopKey}, since ids differ between runs.
 *
 * <p>Both modes follow the same loops and compare the same accesses, so a LAMP dependence carried at
 * a loop is exactly what CAMP sees carried at some context of it, merged: LAMP's results lose the
 * contexts, not dependences. A client that must act on them per context — a compiler building the
 * dependence graph of a loop whose body reaches one getter from several call sites — has to assume
 * the dependence between every context its source ran in and every context its destination ran
 * in. Those context pairs are what LAMP's carried dependences stand for; the ones CAMP did not see
 * carried are the false positives. The contexts a site ran in are those CAMP saw it in as an end
 * of any dependence.
 */
public final class LampCampComparison {

    private final List<LoopComparison> loops;
    private final FalsePositives falsePositives;
    private final ParallelLoops parallelLoops;

    private LampCampComparison(List<LoopComparison> loops, FalsePositives falsePositives, ParallelLoops parallelLoops) {
        this.loops = loops;
        this.falsePositives = falsePositives;
        this.parallelLoops = parallelLoops;
    }

    /** A dependence carried at a loop, named across runs. */
    private record Carried(DepType type, SiteKey src, SiteKey dst, LoopKey loop) {
    }

    /** Where CAMP saw one carried: the loop context, and the contexts of its source and destination. */
    private record CarriedAt(int loopContext, int srcContext, int dstContext) {
    }

    /**
     * Compares the two analyses.
     *
     * @throws IllegalArgumentException if {@code lamp} is not a lamp profile or {@code camp} not a camp profile
     */
    public static LampCampComparison of(DepsAnalysis lamp, DepsAnalysis camp) {
        if (!DepsProfile.LAMP.equals(lamp.mode()) || !DepsProfile.CAMP.equals(camp.mode())) {
            throw new IllegalArgumentException("needs a lamp and a camp profile, got " + lamp.mode() + " and "
                    + camp.mode());
        }
        return new Builder(lamp, camp).build();
    }

    /** Every loop of the LAMP profile, in its order, with its CAMP contexts and figures. */
    public List<LoopComparison> loops() {
        return loops;
    }

    /** Figure 11: LAMP's carried dependences against CAMP's. */
    public FalsePositives falsePositives() {
        return falsePositives;
    }

    /** Figure 10: parallelizable loops and loop contexts. */
    public ParallelLoops parallelLoops() {
        return parallelLoops;
    }

    private static final class Builder {

        private final DepsAnalysis lamp;
        private final DepsAnalysis camp;
        /** Per CAMP loop context node: the context nodes each site ran in within it. */
        private final Map<Integer, Map<SiteKey, Set<Integer>>> sitesWithin = new HashMap<>();
        /** Per carried dependence named across runs: where CAMP saw it carried. */
        private final Map<Carried, Set<CarriedAt>> campCarried = new HashMap<>();
        private final Map<Integer, List<Integer>> enclosing = new HashMap<>();

        Builder(DepsAnalysis lamp, DepsAnalysis camp) {
            this.lamp = lamp;
            this.camp = camp;
        }

        LampCampComparison build() {
            Map<LoopKey, List<LoopVerdict>> contexts = new LinkedHashMap<>();
            for (LoopVerdict l : camp.loops()) {
                contexts.computeIfAbsent(LoopKey.of(l.meta()), k -> new ArrayList<>()).add(l);
            }
            for (DepEdge e : camp.dependences()) {
                ranWithin(e.src());
                ranWithin(e.dst());
                if (e.crossThread()) {
                    continue;
                }
                for (LoopRelation r : e.loops()) {
                    if (r.relation().carried()) {
                        Carried key = new Carried(e.type(), SiteKey.of(e.src().site()), SiteKey.of(e.dst().site()),
                                LoopKey.of(r.loop().meta()));
                        campCarried.computeIfAbsent(key, k -> new HashSet<>()).add(new CarriedAt(r.loop().contextNode(),
                                e.src().contextNode(), e.dst().contextNode()));
                    }
                }
            }
            Map<Integer, List<DepEdge>> lampCarried = new HashMap<>();
            for (DepEdge e : lamp.dependences()) {
                if (e.crossThread()) {
                    continue;
                }
                for (LoopRelation r : e.loops()) {
                    if (r.relation().carried()) {
                        lampCarried.computeIfAbsent(r.loop().id(), k -> new ArrayList<>()).add(e);
                    }
                }
            }
            List<LoopComparison> loops = new ArrayList<>();
            Set<LoopKey> lampKeys = new HashSet<>();
            for (LoopVerdict l : lamp.loops()) {
                LoopKey key = LoopKey.of(l.meta());
                lampKeys.add(key);
                loops.add(loop(l, key, contexts.getOrDefault(key, List.of()),
                        lampCarried.getOrDefault(l.id(), List.of())));
            }
            int unmatchedCamp = 0;
            for (Map.Entry<LoopKey, List<LoopVerdict>> e : contexts.entrySet()) {
                if (!lampKeys.contains(e.getKey())) {
                    unmatchedCamp += e.getValue().size();
                }
            }
            return new LampCampComparison(List.copyOf(loops), falsePositives(loops),
                    parallelLoops(loops, unmatchedCamp));
        }

        /** Notes that an end's site ran in its context within each loop context enclosing it. */
        private void ranWithin(DepEnd end) {
            SiteKey site = SiteKey.of(end.site());
            for (int loopNode : enclosing(end.contextNode())) {
                sitesWithin.computeIfAbsent(loopNode, k -> new HashMap<>())
                        .computeIfAbsent(site, k -> new HashSet<>()).add(end.contextNode());
            }
        }

        private List<Integer> enclosing(int contextNode) {
            return enclosing.computeIfAbsent(contextNode, camp::enclosingLoopContexts);
        }

        private LoopComparison loop(LoopVerdict l, LoopKey key, List<LoopVerdict> contexts, List<DepEdge> carried) {
            int unmatched = 0;
            int notCarried = 0;
            long pairs = 0;
            long real = 0;
            for (DepEdge e : carried) {
                SiteKey src = SiteKey.of(e.src().site());
                SiteKey dst = SiteKey.of(e.dst().site());
                Set<CarriedAt> seen = campCarried.getOrDefault(new Carried(e.type(), src, dst, key), Set.of());
                long depPairs = 0;
                long depReal = 0;
                for (LoopVerdict c : contexts) {
                    Map<SiteKey, Set<Integer>> within = sitesWithin.getOrDefault(c.contextNode(), Map.of());
                    Set<Integer> srcContexts = within.getOrDefault(src, Set.of());
                    Set<Integer> dstContexts = within.getOrDefault(dst, Set.of());
                    depPairs += (long) srcContexts.size() * dstContexts.size();
                    for (CarriedAt at : seen) {
                        // real pairs are among the pairs counted: a well-formed profile's ends lie within the loop
                        if (at.loopContext() == c.contextNode() && srcContexts.contains(at.srcContext())
                                && dstContexts.contains(at.dstContext())) {
                            depReal++;
                        }
                    }
                }
                if (depPairs == 0) {
                    unmatched++;
                    continue;
                }
                if (depReal == 0) {
                    notCarried++;
                }
                pairs += depPairs;
                real += depReal;
            }
            return new LoopComparison(l, List.copyOf(contexts), carried.size(), unmatched, notCarried, pairs, real);
        }

        private static FalsePositives falsePositives(List<LoopComparison> loops) {
            int carried = 0;
            int unmatched = 0;
            int notCarried = 0;
            long pairs = 0;
            long real = 0;
            for (LoopComparison c : loops) {
                carried += c.carried();
                unmatched += c.unmatched();
                notCarried += c.notCarriedInCamp();
                pairs += c.contextPairs();
                real += c.real();
            }
            return new FalsePositives(carried, unmatched, notCarried, pairs, real);
        }

        private ParallelLoops parallelLoops(List<LoopComparison> loops, int unmatchedCamp) {
            int lampParallelizable = 0;
            int lampParallelizableContexts = 0;
            int lost = 0;
            int unmatchedLamp = 0;
            List<LoopVerdict> gained = new ArrayList<>();
            for (LoopComparison c : loops) {
                if (c.lamp().parallelizable()) {
                    lampParallelizable++;
                    lampParallelizableContexts += c.contexts().size();
                }
                if (c.contexts().isEmpty()) {
                    unmatchedLamp++;
                }
                gained.addAll(c.gained());
                lost += c.lost().size();
            }
            gained.sort(DepsAnalysis.LOOP_ORDER);
            return new ParallelLoops(loops.size(), lampParallelizable, camp.loops().size(),
                    camp.parallelizable().size(), lampParallelizableContexts, List.copyOf(gained), lost, unmatchedLamp,
                    unmatchedCamp);
        }
    }
}
