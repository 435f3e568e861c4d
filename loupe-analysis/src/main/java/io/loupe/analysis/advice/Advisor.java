package io.loupe.analysis.advice;

import io.loupe.analysis.deps.DepEdge;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopRelation;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.values.SiteKind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Says per loop what would make it parallel (docs/deps.md, "What to do next"). At a loop's level,
 * from the dependences between accesses of one thread that have a relation there:
 * <ol>
 *   <li><b>Reductions through memory</b> (DiscoPoP's reduction detection, on what the profile saw):
 *       the memory updates of one location with one operation ({@code acc.total += x}: the load and
 *       the store that writes it back, {@link MemoryUpdate}) form a group; a group is a reduction of
 *       the loop when it carries a dependence between the group's sites and no other site has a
 *       dependence with them at the loop's level, within or across iterations. Its carried
 *       dependences no longer block: partial results per thread combine after the loop. A field's
 *       group is a {@link Action.Kind#REDUCTION}, an array's a {@link Action.Kind#ARRAY_REDUCTION}.</li>
 *   <li><b>Blocked</b>: every other carried RAW, and every local the register analysis calls
 *       {@code OTHER}.</li>
 *   <li><b>Privatize</b>: the locations with only WAR or WAW among the other carried dependences
 *       (CAMP's verdict per location instead of per loop).</li>
 *   <li><b>DOALL</b>: none of these, and no reduction in a local either.</li>
 * </ol>
 * The loop's kind is the first that applies of blocked, privatize, reduction, DOALL.
 */
public final class Advisor {

    private final DepsAnalysis deps;
    private final ValueAnalysis values;
    /** Per loop id: the same-thread dependences with a relation at that loop, in the analysis' order. */
    private final Map<Integer, List<DepEdge>> atLevel = new HashMap<>();
    /** Per access site id: the update group it belongs to (load or store of a memory update). */
    private final Map<Integer, UpdateGroup> groups = new HashMap<>();

    /** The memory updates of one location with one operation: the sites of its loads and stores. */
    private record UpdateGroup(String location, String brief, boolean array, MemoryUpdate.Op op, boolean inexact) {
    }

    private Advisor(DepsAnalysis deps, ValueAnalysis values) {
        this.deps = deps;
        this.values = values;
        Map<String, AccessSiteMeta> byOrdinal = new HashMap<>();
        Set<AccessSiteMeta> stores = new LinkedHashSet<>();
        for (DepEdge e : deps.dependences()) {
            for (AccessSiteMeta s : List.of(e.src().site(), e.dst().site())) {
                byOrdinal.putIfAbsent(ordinalKey(s, s.index()), s);
                if (s.update() != null) {
                    stores.add(s);
                }
            }
            if (e.crossThread()) {
                continue;
            }
            for (LoopRelation r : e.loops()) {
                atLevel.computeIfAbsent(r.loop().id(), k -> new ArrayList<>()).add(e);
            }
        }
        Map<UpdateGroup, UpdateGroup> canonical = new HashMap<>();
        for (AccessSiteMeta s : stores) {
            MemoryUpdate u = s.update();
            UpdateGroup g = new UpdateGroup(Locations.full(s), Locations.brief(s), Locations.isArray(s), u.op(),
                    u.inexact());
            g = canonical.computeIfAbsent(g, k -> k);
            groups.put(s.id(), g);
            AccessSiteMeta load = byOrdinal.get(ordinalKey(s, u.load()));
            if (load != null) {
                groups.putIfAbsent(load.id(), g);
            }
        }
    }

    /** An advisor for the loops of {@code deps}; {@code values}, a value profile of the same program, may be null. */
    public static Advisor of(DepsAnalysis deps, ValueAnalysis values) {
        return new Advisor(deps, values);
    }

    /** The advice for one loop of {@code deps} ({@link #of} then {@link #advise(LoopVerdict)}). */
    public static LoopAdvice advise(DepsAnalysis deps, LoopVerdict loop, ValueAnalysis values) {
        return of(deps, values).advise(loop);
    }

    /** The advice for every loop, in the order of {@link DepsAnalysis#loops()} (the position is the loop's id). */
    public List<LoopAdvice> all() {
        return deps.loops().stream().map(this::advise).toList();
    }

    /** The advice for {@code loop}, a loop of this advisor's analysis. */
    public LoopAdvice advise(LoopVerdict loop) {
        List<DepEdge> level = atLevel.getOrDefault(loop.id(), List.of());
        List<DepEdge> carried = level.stream().filter(e -> carriedAt(e, loop)).toList();
        Set<UpdateGroup> reductions = reductions(level, carried);

        List<Action> blocking = new ArrayList<>();
        List<DepEdge> raws = new ArrayList<>();
        Map<String, Boolean> reused = new TreeMap<>();          // location → read across iterations?
        Map<String, String> briefs = new HashMap<>();
        for (DepEdge e : carried) {
            UpdateGroup g = groups.get(e.src().site().id());
            if (g != null && reductions.contains(g) && g == groups.get(e.dst().site().id())) {
                continue;
            }
            if (e.type() == DepType.RAW) {
                raws.add(e);
            }
            for (AccessSiteMeta s : List.of(e.src().site(), e.dst().site())) {
                reused.merge(Locations.full(s), e.type() == DepType.RAW, Boolean::logicalOr);
                briefs.put(Locations.full(s), Locations.brief(s));
            }
        }
        raws.sort(Comparator.comparing(DepEdge::count, Comparator.reverseOrder()).thenComparing(DepsAnalysis.DEPENDENCE_ORDER));
        for (DepEdge e : raws) {
            blocking.add(new Action(Action.Kind.BLOCKED_BY_DEPENDENCE, blockedText(e, loop), null, null, false, e));
        }
        for (CarriedRegisterMeta r : loop.registers()) {
            if (r.kind() == CarriedRegisterMeta.Kind.OTHER) {
                blocking.add(new Action(Action.Kind.BLOCKED_BY_REGISTER, "blocked by the local `" + r.label()
                        + "` carried across iterations", r.label(), null, false, null));
            }
        }
        List<Action> reducing = new ArrayList<>();
        reductions.stream().sorted(Comparator.comparing(UpdateGroup::location).thenComparing(UpdateGroup::op))
                .forEach(g -> reducing.add(reduction(g)));
        for (String local : loop.reductions()) {
            reducing.add(new Action(Action.Kind.LOCAL_REDUCTION, "reduction into the local `" + local + "`", local, null,
                    false, null));
        }
        List<Action> privatizing = new ArrayList<>();
        reused.forEach((location, read) -> {
            if (!read) {
                privatizing.add(new Action(Action.Kind.PRIVATIZE, "privatize `" + briefs.get(location) + "`", location,
                        null, false, null));
            }
        });

        LoopAdvice.Kind kind = !blocking.isEmpty() ? LoopAdvice.Kind.BLOCKED : !privatizing.isEmpty()
                ? LoopAdvice.Kind.PRIVATIZE : !reducing.isEmpty() ? LoopAdvice.Kind.REDUCTION : LoopAdvice.Kind.DOALL;
        List<Action> actions = new ArrayList<>(blocking);
        actions.addAll(reducing);
        actions.addAll(privatizing);
        if (kind == LoopAdvice.Kind.DOALL) {
            actions.add(new Action(Action.Kind.DOALL, doallText(loop), null, null, false, null));
        }
        Evidence evidence = new Evidence(loop.invocations(), loop.iterations(), carried, loop.inductionVariables(),
                bounds(loop));
        return new LoopAdvice(loop, kind, actions, evidence);
    }

    /**
     * The update groups that are reductions of the loop: they carry a dependence among their own
     * sites, and every dependence at the loop's level that touches one of their sites has both ends
     * in the group.
     */
    private Set<UpdateGroup> reductions(List<DepEdge> level, List<DepEdge> carried) {
        Set<UpdateGroup> candidates = new HashSet<>();
        for (DepEdge e : carried) {
            UpdateGroup g = groups.get(e.src().site().id());
            if (g != null && g == groups.get(e.dst().site().id())) {
                candidates.add(g);
            }
        }
        for (DepEdge e : level) {
            UpdateGroup src = groups.get(e.src().site().id());
            UpdateGroup dst = groups.get(e.dst().site().id());
            if (src != dst) {
                candidates.remove(src);
                candidates.remove(dst);
            }
        }
        return candidates;
    }

    private static Action reduction(UpdateGroup g) {
        String op = g.op().symbol() + (g.inexact() ? ", up to rounding" : "");
        if (g.array()) {
            return new Action(Action.Kind.ARRAY_REDUCTION, "array reduction on `" + g.brief() + "` (" + op + ")",
                    g.location(), g.op().symbol(), g.inexact(), null);
        }
        return new Action(Action.Kind.REDUCTION, "reduction on `" + g.brief() + "` (" + op + ")", g.location(),
                g.op().symbol(), g.inexact(), null);
    }

    /**
     * {@code blocked by RAW line 41 → 38 on `a[]` at distance 1}, {@code at distance 2 or more}, or
     * {@code across iterations} when the profile does not say; files named when not the loop's.
     */
    private static String blockedText(DepEdge e, LoopVerdict loop) {
        AccessSiteMeta src = e.src().site();
        AccessSiteMeta dst = e.dst().site();
        String from = place(src, loop);
        String to = place(dst, loop);
        boolean sameFile = from.startsWith("line ") && to.startsWith("line ");
        String target = Locations.brief(dst);
        return "blocked by RAW " + from + " → " + (sameFile ? to.substring("line ".length()) : to) + " on `" + target
                + "` " + distance(e, loop);
    }

    /** {@code line 41} in the loop's own source file, else {@code Other.java:41}. */
    private static String place(AccessSiteMeta s, LoopVerdict loop) {
        boolean home = s.className().equals(loop.meta().className())
                || s.sourceFile() != null && s.sourceFile().equals(loop.meta().sourceFile());
        if (home) {
            return "line " + s.line();
        }
        String file = s.sourceFile() != null ? s.sourceFile() : s.className();
        return file + ":" + s.line();
    }

    private static String doallText(LoopVerdict loop) {
        if (loop.meta().recursion()) {
            return "DOALL: its recursive calls can run in parallel";
        }
        return loop.inductionVariables().isEmpty() ? "DOALL: parallel over its iterations"
                : "DOALL: a parallel stream over the index range";
    }

    /** Value sites of the loop's method on its header line, hottest first, but references and the loop's own locals. */
    private List<TripBound> bounds(LoopVerdict loop) {
        if (values == null || loop.meta().recursion() || loop.meta().line() < 0) {
            return List.of();
        }
        Set<String> carriedLocals = new TreeSet<>();
        loop.registers().forEach(r -> carriedLocals.add(r.label()));
        List<TripBound> out = new ArrayList<>();
        for (SiteStats s : values.sites()) {
            var m = s.meta();
            if (!m.className().equals(loop.meta().className()) || !m.method().equals(loop.meta().method())
                    || !m.desc().equals(loop.meta().desc()) || m.line() != loop.meta().line() || s.isReference()
                    || s.topValue() == null || m.kind() == SiteKind.LOCAL && carriedLocals.contains(m.detail())) {
                continue;
            }
            String name = m.kind() == SiteKind.FIELD ? Locations.lastTwo(m.detail()) : m.detail();
            out.add(new TripBound(s, name, s.topValue(), s.inv1()));
        }
        return out;
    }

    private static boolean carriedAt(DepEdge e, LoopVerdict loop) {
        for (LoopRelation r : e.loops()) {
            if (r.loop().id() == loop.id()) {
                return r.relation().carried();
            }
        }
        return false;
    }

    /** How far apart {@code loop}'s iterations that {@code e} joins are, as words. */
    private static String distance(DepEdge e, LoopVerdict loop) {
        for (LoopRelation r : e.loops()) {
            if (r.loop().id() == loop.id() && r.distanceOne() != null) {
                return r.distanceOne() ? "at distance 1" : "at distance 2 or more";
            }
        }
        return "across iterations";
    }

    private static String ordinalKey(AccessSiteMeta s, int index) {
        return s.className() + ' ' + s.signature() + ' ' + index;
    }
}
