package io.loupe.analysis.view;

import io.loupe.analysis.advice.Advisor;
import io.loupe.analysis.advice.LoopAdvice;
import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.kpaths.HotKPath;
import io.loupe.analysis.kpaths.HotKPaths;
import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.values.SiteStats;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.TreeSet;

/**
 * One loop with everything the profiles know of it, in one place: from the path profile, how often
 * its header ran and its back edges were taken, and the acyclic paths and k-paths through it; from
 * the dependence profile, its verdict in each calling context and the dependences it carries; from
 * the value profile, the value sites on its lines; from the instrumenter, the locals it carries.
 *
 * <p>Path and dependence profiles name a loop the same way: its method and its ordinal in the
 * method's loop forest (both instrumenters build the forest from the same control-flow graph).
 * Value sites are placed in a loop by line: a site on a line that holds code of a block of the loop
 * (for a {@code for} header, its initialisation shares the line).
 */
public final class LoopView {

    /** Hot k-paths kept per loop. */
    public static final int KPATHS = 10;

    int id;
    private final MethodView method;
    private final int index;
    private final boolean recursion;
    private final LoopMeta meta;
    private final int headerLine;
    private final int[] lines;
    private final List<LoopVerdict> verdicts;
    private final List<DepEdge> dependences;
    private final Supplier<Advisor> advisor;
    /** Its advice per context, made when first asked for: the JSON report's view never asks. */
    private List<LoopAdvice> advice;
    final List<SiteStats> valueSites = new ArrayList<>();
    private long headerExecutions;
    private long backEdges;
    private final List<Integer> paths = new ArrayList<>();
    private List<HotKPath> kpaths = List.of();

    LoopView(MethodView method, int index, boolean recursion, LoopMeta meta, int headerLine,
             List<LoopVerdict> verdicts, List<DepEdge> dependences, Supplier<Advisor> advisor) {
        this.method = method;
        this.index = index;
        this.recursion = recursion;
        this.meta = meta;
        this.verdicts = List.copyOf(verdicts);
        this.advisor = advisor;
        this.lines = meta != null ? lines(method, meta) : headerLine >= 0 ? new int[] {headerLine} : new int[0];
        this.headerLine = meta != null && method.meta().blocks().get(meta.header()).lines().length > 0
                ? method.meta().blocks().get(meta.header()).lines()[0] : headerLine;
        this.dependences = List.copyOf(dependences);
        if (meta != null && method.paths() != null) {
            countPaths(method.paths());
        }
    }

    private static int[] lines(MethodView m, LoopMeta loop) {
        TreeSet<Integer> lines = new TreeSet<>();
        for (int b : loop.blocks()) {
            for (int l : m.meta().blocks().get(b).lines()) {
                lines.add(l);
            }
        }
        return lines.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Header executions, back edges taken, and the paths that run through the loop's blocks. */
    private void countPaths(MethodProfile m) {
        BitSet body = new BitSet();
        for (int b : meta.blocks()) {
            body.set(b);
        }
        headerExecutions = method.lines().block(meta.header());
        for (int i = 0; i < m.pathCount(); i++) {
            DecodedPath p;
            try {
                p = m.decode(m.pathId(i));
            } catch (IllegalArgumentException e) {
                continue;
            }
            if (p.end() == EdgeKind.LOOP_EXIT && p.loopHeader() == meta.header()) {
                backEdges += m.count(i);
            }
            for (int b : p.blocks()) {
                if (body.get(b)) {
                    paths.add(i);
                    break;
                }
            }
        }
        Set<Long> through = new HashSet<>();
        for (int i : paths) {
            through.add(m.pathId(i));
        }
        paths.sort(Comparator.comparingLong((Integer i) -> -m.count(i)).thenComparingLong(m::pathId));
        List<HotKPath> chains = new ArrayList<>();
        for (HotKPath c : HotKPaths.select(List.of(m.kpaths()), KPATHS * 4)) {
            if (chains.size() < KPATHS && through.contains(c.ids()[0])) {
                chains.add(c);
            }
        }
        kpaths = List.copyOf(chains);
    }

    /** Its position in {@link ProgramView#loops()}. */
    public int id() {
        return id;
    }

    public MethodView method() {
        return method;
    }

    /** Its ordinal among its method's loops (for a recursion pseudo-loop, the profile's). */
    public int index() {
        return index;
    }

    /** True for the pseudo-loop of a recursive call (its iterations are the recursion depth). */
    public boolean recursion() {
        return recursion;
    }

    /** Its loop-forest entry of the path profile, or null without one. */
    public LoopMeta meta() {
        return meta;
    }

    /** The source line of its header, or -1. */
    public int headerLine() {
        return headerLine;
    }

    /** The lines holding code of its blocks, ascending (its header line alone without path metadata). */
    public int[] lines() {
        return lines.clone();
    }

    /** Its nesting depth in its method (1 for an outermost loop), 0 when not known. */
    public int depth() {
        return meta != null ? meta.depth() : 0;
    }

    /** True when the path profile counted it. */
    public boolean hasPaths() {
        return meta != null && method.paths() != null;
    }

    /** How often its header block ran (path profile). */
    public long headerExecutions() {
        return headerExecutions;
    }

    /** How often a back edge to its header was taken (path profile): iterations after the first. */
    public long backEdges() {
        return backEdges;
    }

    /** How often it was entered from outside (path profile): header executions not after a back edge. */
    public long entries() {
        return headerExecutions - backEdges;
    }

    /** The acyclic paths of its method through its blocks, as indexes into the method's profile, hottest first. */
    public List<Integer> paths() {
        return List.copyOf(paths);
    }

    /** Executions of the paths through it. */
    public long pathExecutions() {
        long sum = 0;
        for (int i : paths) {
            sum += method.paths().count(i);
        }
        return sum;
    }

    /** The hottest multi-iteration paths of its method whose first path runs through it. */
    public List<HotKPath> kpaths() {
        return kpaths;
    }

    /** Its dependence verdicts, one per calling context (camp) or one (lamp); empty without a dependence profile. */
    public List<LoopVerdict> verdicts() {
        return verdicts;
    }

    /** What would make it parallel, per calling context, parallel to {@link #verdicts()} (docs/deps.md, "What to do next"). */
    public List<LoopAdvice> advice() {
        if (advice == null) {
            Advisor a = advisor.get();
            advice = verdicts.stream().map(a::advise).toList();
        }
        return advice;
    }

    /**
     * The advice's kinds over its contexts, most constraining first ({@code blocked}, {@code privatize},
     * {@code reduction}, {@code doall}), distinct; null without a dependence profile.
     */
    public String adviceKinds() {
        if (verdicts.isEmpty()) {
            return null;
        }
        return String.join(", ", advice().stream().map(LoopAdvice::kind).distinct()
                .sorted(Comparator.comparing(LoopAdvice.Kind::ordinal).reversed()).map(LoopAdvice.Kind::label).toList());
    }

    /** True when a dependence profile saw it run. */
    public boolean hasDependences() {
        return !verdicts.isEmpty();
    }

    /** Invocations over its contexts (dependence profile). */
    public long invocations() {
        return verdicts.stream().mapToLong(LoopVerdict::invocations).sum();
    }

    /** Iterations over its contexts (dependence profile). */
    public long iterations() {
        return verdicts.stream().mapToLong(LoopVerdict::iterations).sum();
    }

    /**
     * {@code parallelizable} when it carries no dependence in any context, {@code privatizable} when
     * in none it carries a RAW, {@code not parallelizable} otherwise, {@code mixed} when contexts
     * differ; null without a dependence profile.
     */
    public String verdict() {
        if (verdicts.isEmpty()) {
            return null;
        }
        boolean all = verdicts.stream().allMatch(LoopVerdict::parallelizable);
        boolean none = verdicts.stream().noneMatch(LoopVerdict::parallelizable);
        if (all) {
            return "parallelizable";
        }
        if (verdicts.stream().allMatch(v -> v.parallelizable() || v.privatizable())) {
            return "privatizable";
        }
        return none ? "not parallelizable" : "mixed";
    }

    /** The dependences with a level at this loop (in any of its contexts). */
    public List<DepEdge> dependences() {
        return dependences;
    }

    /** The dependences one of its contexts carries: same thread, across iterations at its level. */
    public List<DepEdge> carried(LoopVerdict context) {
        return dependences.stream().filter(e -> !e.crossThread() && relation(e, context) != null
                && relation(e, context).carried()).toList();
    }

    /** How {@code e} was seen at the level of {@code context}, or null when it has no such level. */
    public static LoopRelation.Relation relation(DepEdge e, LoopVerdict context) {
        for (LoopRelation r : e.loops()) {
            if (r.loop() == context) {
                return r.relation();
            }
        }
        return null;
    }

    /** The locals it carries from one iteration to the next (from its first context's metadata). */
    public List<CarriedRegisterMeta> registers() {
        return verdicts.isEmpty() ? List.of() : verdicts.get(0).registers();
    }

    /** The value sites that ran on its lines. */
    public List<SiteStats> valueSites() {
        return List.copyOf(valueSites);
    }

    /** Its value sites invariant more often than not. */
    public long invariantSites() {
        return valueSites.stream().filter(s -> s.inv1() >= ProgramView.INVARIANT_INV1).count();
    }

    /** {@code Class.method(desc):line}, as people name the loop. */
    public String displayName() {
        return (recursion ? "recursion at " : "") + method.displayName() + (headerLine >= 0 ? ":" + headerLine : "");
    }
}
