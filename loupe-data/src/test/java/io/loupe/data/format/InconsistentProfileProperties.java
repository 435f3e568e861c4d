package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static io.loupe.data.format.ProfileAssertions.assertSameProfile;
import static io.loupe.data.format.ProfileEdits.plus;
import static io.loupe.data.format.ProfileEdits.replace;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Semantic fuzzing: random profiles that hold together (of every profiler, camp or lamp) are read
 * back as written; one random mutation that breaks an invariant, written with fresh checksums, is
 * always refused with a message naming the problem.
 */
class InconsistentProfileProperties {

    /** A way to break a profile, and words the reader's message must contain. */
    enum Mutation {
        PATH_ID_OUT_OF_RANGE("is out of range"),
        COUNTS_OF_AN_UNKNOWN_METHOD("which the profile does not describe"),
        METHOD_DESCRIBED_TWICE("is described twice"),
        SECOND_COUNTS_ENTRY("a second counts entry"),
        NEGATIVE_PATH_COUNT("negative count"),
        FOREST_LABEL_OUT_OF_RANGE("is out of range"),
        FOREST_PARENT_NOT_EARLIER("not an earlier node"),
        FOREST_OF_ANOTHER_K("is for k = "),
        UNKNOWN_MODE("unknown dependence profiling mode"),
        VALUES_OF_AN_UNKNOWN_SITE("which the profile does not describe"),
        SECOND_VALUE_PROFILE("a second value profile"),
        VALUE_SITE_DESCRIBED_TWICE("is described twice"),
        NEGATIVE_EXECUTIONS("is negative"),
        MEASURED_ABOVE_ESTIMATED("are not between 0 and its"),
        PROFILED_COUNT_ABOVE_COUNT("is not between 0 and its count"),
        ACCESS_SITE_OUT_OF_RANGE("access site"),
        DEPENDENCE_CONTEXT_OUT_OF_RANGE("context"),
        LOOP_RECORD_OF_AN_UNKNOWN_LOOP("which the profile does not describe"),
        SECOND_LOOP_RECORD("a second loop record"),
        RELATION_BITS("relation bits"),
        NEGATIVE_ITERATIONS("is negative");

        final String said;

        Mutation(String said) {
            this.said = said;
        }
    }

    @Property(tries = 300)
    void aProfileThatHoldsTogetherIsReadBackAsWritten(@ForAll("seeds") long seed) throws IOException {
        Profile p = valid(seed);
        assertSameProfile(p, ProfileReader.read(new ByteArrayInputStream(SampleProfiles.bytes(p)), "random.prof"));
    }

    @Property(tries = 1000)
    void everyBrokenInvariantIsRefusedByName(@ForAll("seeds") long seed, @ForAll Mutation mutation) {
        Profile broken = mutate(valid(seed), mutation, new SplittableRandom(seed ^ 0x5DEECE66DL));
        byte[] file = SampleProfiles.bytes(broken);
        ProfileFormatException e = assertThrows(ProfileFormatException.class,
                () -> ProfileReader.read(new ByteArrayInputStream(file), "random.prof"), mutation.name());
        String message = e.getMessage();
        assertTrue(message.startsWith("random.prof: inconsistent profile: "), message);
        assertTrue(message.contains(mutation.said), mutation + ": " + message);
        assertTrue(message.lines().count() == 1, message);
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    // ---------------------------------------------------------------- valid profiles

    /** A random profile that holds together: paths (k ≥ 2, with a forest), values and dependences. */
    static Profile valid(long seed) {
        SplittableRandom r = new SplittableRandom(seed);
        int k = 2 + r.nextInt(3);
        int nMethods = 1 + r.nextInt(5);
        List<MethodMeta> methods = new ArrayList<>();
        for (int i = 0; i < nMethods; i++) {
            MethodMeta m = SampleProfiles.loopMethod(i);
            long numPaths = 1 + r.nextInt(50);
            methods.add(new MethodMeta(i, "com.example.C" + i, m.name(), m.desc(), m.sourceFile(), m.blocks(),
                    m.edges(), m.loops(), numPaths, 0, MethodMeta.Storage.ARRAY));
        }
        List<PathCounts> counts = new ArrayList<>();
        for (MethodMeta m : methods) {
            if (counts.isEmpty() || r.nextBoolean()) {
                long[] ids = r.longs(1 + r.nextInt(5), 0, m.numPaths()).distinct().sorted().toArray();
                counts.add(new PathCounts(m.id(), ids, r.longs(ids.length, 0, 1000).toArray()));
            }
        }
        List<SlabForest> forests = new ArrayList<>();
        for (int t = 0, threads = 1 + r.nextInt(2); t < threads; t++) {
            int n = 1 + r.nextInt(20);
            int[] parent = new int[n];
            int[] method = new int[n];
            int[] label = new int[n];
            for (int i = 0; i < n; i++) {
                parent[i] = i == 0 || r.nextInt(4) == 0 ? -1 : r.nextInt(i);
                method[i] = parent[i] < 0 ? r.nextInt(nMethods) : method[parent[i]];
                label[i] = r.nextInt((int) methods.get(method[i]).numPaths());
            }
            forests.add(new SlabForest("thread-" + t, k, parent, method, label, r.longs(n, 0, 100).toArray(),
                    r.nextInt(3), r.nextInt(30)));
        }
        int nSites = 1 + r.nextInt(6);
        List<ValueSiteMeta> sites = new ArrayList<>();
        List<ValueSiteProfile> values = new ArrayList<>();
        for (int i = 0; i < nSites; i++) {
            sites.add(new ValueSiteMeta(i, "com.example.C0", "sum", "(I)I", null, i, SiteKind.PARAM, ValueType.INT, i,
                    "#" + i, null, null));
            if (values.isEmpty() || r.nextBoolean()) {
                long executed = r.nextLong(1, 1000);
                if (r.nextBoolean()) {   // full profiling
                    values.add(new ValueSiteProfile(i, executed, executed, executed, r.nextLong(executed),
                            new String[] {"1", "2"}, new long[] {executed / 2, executed / 4}, 0, 0));
                } else {   // convergent: estimates, and below them what was measured
                    long counted = r.nextLong(executed + 1);
                    long profiled = r.nextLong(counted + 1);
                    long[] estimated = {executed / 2, executed / 4};
                    long[] seen = {Math.min(estimated[0], profiled / 2), Math.min(estimated[1], profiled / 4)};
                    values.add(new ValueSiteProfile(i, executed, counted, profiled, executed, r.nextLong(profiled + 1),
                            new String[] {"1", "2"}, estimated, seen, r.nextInt(3), r.nextInt(3)));
                }
            }
        }
        ProfileHeader h = SampleProfiles.header();
        return new Profile(new ProfileHeader(h.loupeVersion(), h.createdMillis(), h.options(), k, h.jvm(), h.command()),
                methods, counts, forests, Map.of("paths.threads", 1L), List.of(), sites, values, deps(r));
    }

    /**
     * Dependences in either mode, with at least one of each: access site, loop, call site, loop
     * record, dependence with a loop level (and in camp mode a loop node under the root).
     */
    private static DepsProfile deps(SplittableRandom r) {
        boolean camp = r.nextBoolean();
        int nSites = 1 + r.nextInt(5);
        int nLoops = 1 + r.nextInt(4);
        int nCalls = 1 + r.nextInt(4);
        List<AccessSiteMeta> sites = new ArrayList<>();
        for (int i = 0; i < nSites; i++) {
            sites.add(new AccessSiteMeta(i, "com.example.D", "f", "()V", null, i, i, "getfield", true, false, "D.x"));
        }
        List<DepLoopMeta> loops = new ArrayList<>();
        for (int i = 0; i < nLoops; i++) {
            loops.add(new DepLoopMeta(i, "com.example.D", "f", "()V", null, i, i, i == 0 || r.nextBoolean() ? -1
                    : r.nextInt(i), false));
        }
        List<CallSiteMeta> calls = new ArrayList<>();
        for (int i = 0; i < nCalls; i++) {
            calls.add(new CallSiteMeta(i, "com.example.D", "f", "()V", null, i, "com.example.D.g()V"));
        }
        List<ContextNode> contexts = new ArrayList<>();
        List<Integer> loopNodes = new ArrayList<>();
        List<LoopRecord> records = new ArrayList<>();
        if (camp) {
            contexts.add(new ContextNode(0, -1, ContextNode.Kind.ROOT, -1));
            for (int i = 1, n = 2 + r.nextInt(10); i < n; i++) {
                int parent = r.nextInt(i);
                if (i == 1 || r.nextBoolean()) {
                    int loop = r.nextInt(nLoops);
                    contexts.add(new ContextNode(i, parent, ContextNode.Kind.LOOP, loop));
                    loopNodes.add(i);
                    records.add(new LoopRecord(loop, i, r.nextLong(1, 10), r.nextLong(0, 100)));
                } else {
                    contexts.add(new ContextNode(i, parent, ContextNode.Kind.CALL, r.nextInt(nCalls)));
                }
            }
        } else {
            for (int loop = 0; loop < nLoops; loop++) {
                if (loop == 0 || r.nextBoolean()) {
                    records.add(new LoopRecord(loop, -1, r.nextLong(1, 10), r.nextLong(0, 100)));
                }
            }
        }
        List<Dependence> dependences = new ArrayList<>();
        for (int i = 0, n = 1 + r.nextInt(6); i < n; i++) {
            int levels = i == 0 ? 1 : r.nextInt(3);
            int[] at = new int[levels];
            byte[] relations = new byte[levels];
            for (int l = 0; l < levels; l++) {
                at[l] = camp ? loopNodes.get(r.nextInt(loopNodes.size())) : r.nextInt(nLoops);
                relations[l] = (byte) (1 + r.nextInt(3));
            }
            int src = camp ? r.nextInt(contexts.size()) : -1;
            int dst = camp ? r.nextInt(contexts.size()) : -1;
            dependences.add(new Dependence(DepType.values()[r.nextInt(3)], r.nextInt(nSites), src, r.nextInt(nSites),
                    dst, r.nextLong(0, 1000), r.nextInt(5) == 0, at, relations));
        }
        return new DepsProfile(camp ? DepsProfile.CAMP : DepsProfile.LAMP, sites, loops, calls, contexts, records,
                dependences);
    }

    // ---------------------------------------------------------------- mutations

    private static <T> int any(List<T> list, SplittableRandom r) {
        return r.nextInt(list.size());
    }

    static Profile mutate(Profile p, Mutation mutation, SplittableRandom r) {
        DepsProfile d = p.deps();
        return switch (mutation) {
            case PATH_ID_OUT_OF_RANGE -> {
                int i = any(p.counts(), r);
                PathCounts c = p.counts().get(i);
                long[] ids = c.ids().clone();
                // the last id moves to numPaths or beyond: still ascending, no longer a path of the method
                ids[ids.length - 1] = p.methods().get(c.methodId()).numPaths() + r.nextInt(3);
                yield ProfileEdits.counts(p, replace(p.counts(), i, x -> new PathCounts(c.methodId(), ids, c.counts())));
            }
            case COUNTS_OF_AN_UNKNOWN_METHOD -> ProfileEdits.counts(p, plus(p.counts(),
                    new PathCounts(p.methods().size() + r.nextInt(3), new long[] {0}, new long[] {1})));
            case METHOD_DESCRIBED_TWICE -> ProfileEdits.methods(p, plus(p.methods(), p.methods().get(any(p.methods(), r))));
            case SECOND_COUNTS_ENTRY -> ProfileEdits.counts(p, plus(p.counts(), p.counts().get(any(p.counts(), r))));
            case NEGATIVE_PATH_COUNT -> {
                int i = any(p.counts(), r);
                PathCounts c = p.counts().get(i);
                long[] counts = c.counts().clone();
                counts[r.nextInt(counts.length)] = -1 - r.nextInt(100);
                yield ProfileEdits.counts(p, replace(p.counts(), i, x -> new PathCounts(c.methodId(), c.ids(), counts)));
            }
            case FOREST_LABEL_OUT_OF_RANGE -> editForest(p, r, (f, node) -> {
                int[] label = f.label().clone();
                label[node] = (int) p.methods().get(f.method()[node]).numPaths() + r.nextInt(3);
                return new SlabForest(f.thread(), f.k(), f.parent(), f.method(), label, f.count(), f.pruned(),
                        f.prunedCount());
            });
            case FOREST_PARENT_NOT_EARLIER -> editForest(p, r, (f, node) -> {
                int[] parent = f.parent().clone();
                parent[node] = node + r.nextInt(f.size() - node); // itself or a later node
                return new SlabForest(f.thread(), f.k(), parent, f.method(), f.label(), f.count(), f.pruned(),
                        f.prunedCount());
            });
            case FOREST_OF_ANOTHER_K -> editForest(p, r, (f, node) -> new SlabForest(f.thread(), f.k() + 1 + r.nextInt(3),
                    f.parent(), f.method(), f.label(), f.count(), f.pruned(), f.prunedCount()));
            case UNKNOWN_MODE -> ProfileEdits.mode(p, List.of("CAMP", "Lamp", "clamp", "", "camp ", "none")
                    .get(r.nextInt(6)));
            case VALUES_OF_AN_UNKNOWN_SITE -> ProfileEdits.values(p, plus(p.values(), new ValueSiteProfile(
                    p.valueSites().size() + r.nextInt(3), 1, 1, 1, 0, new String[] {"1"}, new long[] {1}, 0, 0)));
            case SECOND_VALUE_PROFILE -> ProfileEdits.values(p, plus(p.values(), p.values().get(any(p.values(), r))));
            case VALUE_SITE_DESCRIBED_TWICE -> ProfileEdits.valueSites(p, plus(p.valueSites(),
                    p.valueSites().get(any(p.valueSites(), r))));
            case NEGATIVE_EXECUTIONS -> ProfileEdits.values(p, replace(p.values(), any(p.values(), r),
                    v -> new ValueSiteProfile(v.siteId(), -1 - r.nextInt(10), v.profiled(), v.weight(), v.mrvHits(),
                            v.values(), v.counts(), v.switchedOff(), v.switchedOn())));
            case MEASURED_ABOVE_ESTIMATED -> ProfileEdits.values(p, replace(p.values(), any(p.values(), r),
                    v -> new ValueSiteProfile(v.siteId(), v.executed(), v.executed() + 1 + r.nextInt(10), v.profiled(),
                            v.weight(), v.mrvHits(), v.values(), v.counts(), v.profiledCounts(), v.switchedOff(),
                            v.switchedOn())));
            case PROFILED_COUNT_ABOVE_COUNT -> ProfileEdits.values(p, replace(p.values(), any(p.values(), r), v -> {
                long[] seen = v.counts().clone();
                seen[0] += 1 + r.nextInt(10);
                return new ValueSiteProfile(v.siteId(), v.executed(), v.counted(), v.profiled(), v.weight(),
                        v.mrvHits(), v.values(), v.counts(), seen, v.switchedOff(), v.switchedOn());
            }));
            case ACCESS_SITE_OUT_OF_RANGE -> ProfileEdits.dependences(p, replace(d.dependences(), any(d.dependences(), r),
                    x -> new Dependence(x.type(), x.srcSite(), x.srcContext(), d.sites().size() + r.nextInt(3),
                            x.dstContext(), x.count(), x.crossThread(), x.loops(), x.relations())));
            case DEPENDENCE_CONTEXT_OUT_OF_RANGE -> ProfileEdits.dependences(p, replace(d.dependences(),
                    any(d.dependences(), r), x -> new Dependence(x.type(), x.srcSite(), d.contexts().size() + r.nextInt(3),
                            x.dstSite(), x.dstContext(), x.count(), x.crossThread(), x.loops(), x.relations())));
            case LOOP_RECORD_OF_AN_UNKNOWN_LOOP -> ProfileEdits.loopRecords(p, replace(d.loopRecords(),
                    any(d.loopRecords(), r), x -> new LoopRecord(d.loops().size() + r.nextInt(3), x.context(),
                            x.invocations(), x.iterations())));
            case SECOND_LOOP_RECORD -> ProfileEdits.loopRecords(p, plus(d.loopRecords(),
                    d.loopRecords().get(any(d.loopRecords(), r))));
            case RELATION_BITS -> {
                int i = 0; // the first dependence always has a loop level
                Dependence x = d.dependences().get(i);
                byte[] relations = x.relations().clone();
                // none, NEAR without INTER, or a bit beyond INTRA | INTER | NEAR (6 and 7 are valid since format 7)
                relations[0] = (byte) (r.nextBoolean() ? new int[] {0, 4, 5}[r.nextInt(3)] : 8 + r.nextInt(248));
                yield ProfileEdits.dependences(p, replace(d.dependences(), i, y -> new Dependence(x.type(), x.srcSite(),
                        x.srcContext(), x.dstSite(), x.dstContext(), x.count(), x.crossThread(), x.loops(), relations)));
            }
            case NEGATIVE_ITERATIONS -> ProfileEdits.loopRecords(p, replace(d.loopRecords(), any(d.loopRecords(), r),
                    x -> new LoopRecord(x.loop(), x.context(), x.invocations(), -1 - r.nextInt(10))));
        };
    }

    private interface ForestEdit {
        SlabForest edit(SlabForest f, int node);
    }

    private static Profile editForest(Profile p, SplittableRandom r, ForestEdit edit) {
        int i = any(p.forests(), r);
        SlabForest f = p.forests().get(i);
        return ProfileEdits.forests(p, replace(p.forests(), i, x -> edit.edit(f, r.nextInt(f.size()))));
    }
}
