package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Random profiles for properties: any value a component can hold, not only the ones the agent
 * writes (negative ids, lone surrogates, nulls, parents pointing anywhere), since the format
 * promises to give back exactly what it was given.
 */
final class ProfileArbitraries {

    private ProfileArbitraries() {
    }

    static Arbitrary<Profile> profiles() {
        Arbitrary<Map<String, Long>> stats = Combinators.combine(text(), Arbitraries.longs()).as(Tuple::of)
                .list().ofMaxSize(6).map(entries -> {
                    Map<String, Long> m = new LinkedHashMap<>();
                    entries.forEach(e -> m.put(e.get1(), e.get2()));
                    return m;
                });
        Arbitrary<Profile> withoutDeps = Combinators.combine(headers(), methods().list().ofMaxSize(4),
                counts().list().ofMaxSize(4), forests().list().ofMaxSize(3), stats, text().list().ofMaxSize(4),
                valueSites().list().ofMaxSize(3), valueProfiles().list().ofMaxSize(3)).as(Profile::new);
        return Combinators.combine(withoutDeps, deps()).as((p, deps) -> new Profile(p.header(), p.methods(),
                p.counts(), p.forests(), p.stats(), p.warnings(), p.valueSites(), p.values(), deps));
    }

    /** Dependence profiles: often none at all, otherwise any mode (null too) and lists of any values. */
    static Arbitrary<DepsProfile> deps() {
        Arbitrary<String> mode = Arbitraries.oneOf(Arbitraries.of("camp", "lamp"), text());
        Arbitrary<DepsProfile> some = Combinators.combine(mode, accessSites().list().ofMaxSize(4),
                depLoops().list().ofMaxSize(3), callSites().list().ofMaxSize(3), contexts().list().ofMaxSize(8),
                loopRecords().list().ofMaxSize(4), dependences().list().ofMaxSize(5)).as(DepsProfile::new);
        return Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just(DepsProfile.EMPTY)), Tuple.of(3, some));
    }

    static Arbitrary<AccessSiteMeta> accessSites() {
        Arbitrary<Tuple.Tuple4<String, String, String, String>> names =
                Combinators.combine(text(), text(), text(), text()).as(Tuple::of);
        Arbitrary<MemoryUpdate> update = Combinators.combine(Arbitraries.integers().greaterOrEqual(0),
                Arbitraries.of(MemoryUpdate.Op.class), Arbitraries.of(true, false)).as(MemoryUpdate::new);
        Arbitrary<Tuple.Tuple3<String, MemoryUpdate, String>> what = Combinators.combine(text(),
                update.injectNull(0.5), text()).as(Tuple::of);
        return Combinators.combine(Arbitraries.integers(), names, lines(), Arbitraries.integers(), text(),
                Arbitraries.of(true, false), Arbitraries.of(true, false), what).as((id, n, line, index, access,
                r, w, x) -> new AccessSiteMeta(id, n.get1(), n.get2(), n.get3(), n.get4(), line, index, access,
                r, w || x.get2() != null, x.get1(), x.get2(), x.get3()));
    }

    static Arbitrary<DepLoopMeta> depLoops() {
        Arbitrary<Tuple.Tuple4<String, String, String, String>> names =
                Combinators.combine(text(), text(), text(), text()).as(Tuple::of);
        return Combinators.combine(Arbitraries.integers(), names, lines(), Arbitraries.integers(), ids(),
                Arbitraries.of(true, false), registers().list().ofMaxSize(3)).as((id, n, line, index, parent,
                recursion, registers) -> new DepLoopMeta(id, n.get1(), n.get2(), n.get3(), n.get4(), line, index,
                parent, recursion, registers));
    }

    static Arbitrary<CarriedRegisterMeta> registers() {
        return Combinators.combine(Arbitraries.integers(), text(), Arbitraries.of(CarriedRegisterMeta.Kind.class))
                .as(CarriedRegisterMeta::new);
    }

    static Arbitrary<CallSiteMeta> callSites() {
        Arbitrary<Tuple.Tuple4<String, String, String, String>> names =
                Combinators.combine(text(), text(), text(), text()).as(Tuple::of);
        return Combinators.combine(Arbitraries.integers(), names, lines(), text()).as((id, n, line, callee) ->
                new CallSiteMeta(id, n.get1(), n.get2(), n.get3(), n.get4(), line, callee));
    }

    static Arbitrary<ContextNode> contexts() {
        return Combinators.combine(ids(), ids(), Arbitraries.of(ContextNode.Kind.class), ids()).as(ContextNode::new);
    }

    static Arbitrary<LoopRecord> loopRecords() {
        return Combinators.combine(ids(), ids(), Arbitraries.longs(), Arbitraries.longs()).as(LoopRecord::new);
    }

    static Arbitrary<Dependence> dependences() {
        Arbitrary<Tuple.Tuple2<Integer, Byte>> levels = Combinators.combine(ids(), Arbitraries.bytes()).as(Tuple::of);
        return Combinators.combine(Arbitraries.of(DepType.class), ids(), ids(), ids(), ids(), Arbitraries.longs(),
                Arbitraries.of(true, false), levels.list().ofMaxSize(5)).as((type, srcSite, srcContext, dstSite,
                dstContext, count, cross, l) -> {
                    int[] loops = l.stream().mapToInt(Tuple.Tuple2::get1).toArray();
                    byte[] relations = new byte[l.size()];
                    for (int i = 0; i < relations.length; i++) {
                        relations[i] = l.get(i).get2();
                    }
                    return new Dependence(type, srcSite, srcContext, dstSite, dstContext, count, cross, loops,
                            relations);
                });
    }

    /** Ids as the profiler hands them out (small, or -1 for none), and sometimes any int. */
    private static Arbitrary<Integer> ids() {
        return Arbitraries.frequencyOf(Tuple.of(2, Arbitraries.just(-1)), Tuple.of(5, Arbitraries.integers().between(0, 300)),
                Tuple.of(2, Arbitraries.integers()));
    }

    private static Arbitrary<Integer> lines() {
        return Arbitraries.oneOf(Arbitraries.just(-1), Arbitraries.integers());
    }

    static Arbitrary<ValueSiteMeta> valueSites() {
        Arbitrary<Tuple.Tuple4<String, String, String, String>> names =
                Combinators.combine(text(), text(), text(), text()).as(Tuple::of);
        Arbitrary<Tuple.Tuple3<String, String, String>> details = Combinators.combine(text(), text(), text()).as(Tuple::of);
        return Combinators.combine(Arbitraries.integers().greaterOrEqual(0), names, Arbitraries.integers(),
                Arbitraries.of(SiteKind.class), Arbitraries.of(ValueType.class), Arbitraries.integers().greaterOrEqual(0),
                details).as((id, n, line, kind, type, index, d) -> new ValueSiteMeta(id, n.get1(), n.get2(), n.get3(),
                n.get4(), line, kind, type, index, d.get1(), d.get2(), d.get3()));
    }

    /** Value profiles with measured figures beside the estimates, or without (a convergent site of format 3). */
    static Arbitrary<ValueSiteProfile> valueProfiles() {
        Arbitrary<Tuple.Tuple3<String, Long, Long>> entries = Combinators.combine(text(), Arbitraries.longs(),
                Arbitraries.longs()).as(Tuple::of);
        return Combinators.combine(Arbitraries.integers().greaterOrEqual(0), Arbitraries.longs().array(long[].class).ofSize(7),
                entries.list().ofMaxSize(70), Arbitraries.of(true, false)).as((site, c, top, measured) ->
                new ValueSiteProfile(site, c[0], measured ? c[6] : -1, c[1], c[2], c[3],
                        top.stream().map(Tuple.Tuple3::get1).toArray(String[]::new),
                        top.stream().mapToLong(Tuple.Tuple3::get2).toArray(),
                        measured ? top.stream().mapToLong(Tuple.Tuple3::get3).toArray() : null, c[4], c[5]));
    }

    /** Strings of any UTF-16 content, including unpaired surrogates, and sometimes null. */
    static Arbitrary<String> text() {
        return Arbitraries.oneOf(Arbitraries.strings().ofMaxLength(12),
                Arbitraries.strings().all().ofMaxLength(6)).injectNull(0.1);
    }

    static Arbitrary<ProfileHeader> headers() {
        return Combinators.combine(text(), Arbitraries.longs(), text(), Arbitraries.integers(), text(), text())
                .as(ProfileHeader::new);
    }

    static Arbitrary<MethodMeta> methods() {
        Arbitrary<BlockMeta> blocks = Combinators.combine(Arbitraries.integers(), Arbitraries.integers(), ints(),
                Arbitraries.of(true, false)).as(BlockMeta::new);
        Arbitrary<DagEdge> edges = Combinators.combine(small(), small(), Arbitraries.of(EdgeKind.class),
                Arbitraries.longs()).as(DagEdge::new);
        Arbitrary<LoopMeta> loops = Combinators.combine(small(), Arbitraries.integers().between(-1, 5), small(),
                ints(), ints(), Arbitraries.of(true, false)).as(LoopMeta::new);
        Arbitrary<Tuple.Tuple4<String, String, String, String>> names =
                Combinators.combine(text(), text(), text(), text()).as(Tuple::of);
        return Combinators.combine(Arbitraries.integers(), names, blocks.list().ofMaxSize(4),
                edges.list().ofMaxSize(6), loops.list().ofMaxSize(3), Arbitraries.longs(), Arbitraries.integers(),
                Arbitraries.of(MethodMeta.Storage.class)).as((id, n, b, e, l, numPaths, cut, storage) ->
                new MethodMeta(id, n.get1(), n.get2(), n.get3(), n.get4(), b, e, l, numPaths, cut, storage));
    }

    static Arbitrary<PathCounts> counts() {
        return Combinators.combine(Arbitraries.integers(), Arbitraries.longs().tuple2().list().ofMaxSize(8))
                .as((method, pairs) -> new PathCounts(method,
                        pairs.stream().mapToLong(t -> t.get1()).toArray(),
                        pairs.stream().mapToLong(t -> t.get2()).toArray()));
    }

    /**
     * Forests mostly shaped like the runtime's (roots, and children a few nodes after their parent
     * with the root's method), sometimes with parents and methods that are any int.
     */
    static Arbitrary<SlabForest> forests() {
        Arbitrary<Integer> parentDistance = Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.just(0)),                      // a root
                Tuple.of(6, Arbitraries.integers().between(1, 4)),     // i - distance
                Tuple.of(1, Arbitraries.integers().map(v -> -v)));     // anything at all
        Arbitrary<Tuple.Tuple4<Integer, Integer, Integer, Long>> nodes = Combinators.combine(parentDistance,
                Arbitraries.oneOf(Arbitraries.integers().between(-2, 3), Arbitraries.integers()), // 0: the parent's
                Arbitraries.integers(), Arbitraries.longs()).as(Tuple::of);
        return Combinators.combine(text(), Arbitraries.integers(), nodes.list().ofMaxSize(40), Arbitraries.longs(),
                Arbitraries.longs()).as((thread, k, list, pruned, prunedCount) -> {
                    int n = list.size();
                    int[] parent = new int[n];
                    int[] method = new int[n];
                    int[] label = new int[n];
                    long[] count = new long[n];
                    for (int i = 0; i < n; i++) {
                        var node = list.get(i);
                        int d = node.get1();
                        parent[i] = d == 0 ? -1 : d > 0 ? Math.max(-1, i - d) : -d;
                        boolean child = parent[i] >= 0 && parent[i] < i;
                        method[i] = child && node.get2() == 0 ? method[parent[i]] : node.get2();
                        label[i] = node.get3();
                        count[i] = node.get4();
                    }
                    return new SlabForest(thread, k, parent, method, label, count, pruned, prunedCount);
                });
    }

    private static Arbitrary<Integer> small() {
        return Arbitraries.integers().between(0, 12);
    }

    private static Arbitrary<int[]> ints() {
        return Arbitraries.integers().list().ofMaxSize(6).map(l -> l.stream().mapToInt(Integer::intValue).toArray());
    }
}
