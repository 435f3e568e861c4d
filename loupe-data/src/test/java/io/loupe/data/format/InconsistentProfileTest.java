package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteProfile;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static io.loupe.data.format.Frames.block;
import static io.loupe.data.format.Frames.concat;
import static io.loupe.data.format.Frames.slice;
import static io.loupe.data.format.ProfileAssertions.assertSameProfile;
import static io.loupe.data.format.ProfileEdits.plus;
import static io.loupe.data.format.ProfileEdits.replace;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Profiles whose checksums are right but whose content does not hold together: written by
 * {@link ProfileWriter} from a broken {@link Profile} (so every checksum is fresh), or patched
 * byte by byte with the block's checksum computed anew. The reader refuses each with one line that
 * names the first problem.
 */
class InconsistentProfileTest {

    private static final Profile SMALL = SampleProfiles.small();
    private static final String SUM = "method 0 (com.example.Main.sum(I)I)";
    private static final String RUN = "method 1 (com.example.Main$Inner.run()V)";

    /** The reader's message for {@code p}, written as it is; the prefix every such message has is left out. */
    private static String refused(Profile p) {
        return refused(SampleProfiles.bytes(p));
    }

    private static String refused(byte[] file) {
        String message = DamagedProfileTest.rejection(file);
        String prefix = "app.prof: inconsistent profile: ";
        return message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }

    private static Profile read(Profile p) throws IOException {
        return ProfileReader.read(new ByteArrayInputStream(SampleProfiles.bytes(p)), "app.prof");
    }

    /** {@code file} with block {@code b} replaced by one of the same type with {@code payload} and a fresh checksum. */
    private static byte[] withPayload(byte[] file, Frames.Block b, byte[] payload) {
        return concat(slice(file, 0, b.offset()), block(b.type(), payload), slice(file, b.payloadOffset() + b.length()
                + 4, file.length));
    }

    /** A lamp profile of the same loop: no contexts; loops named by id. */
    static Profile lamp() {
        DepsProfile camp = SMALL.deps();
        return ProfileEdits.deps(SMALL, new DepsProfile(DepsProfile.LAMP, camp.sites(), camp.loops(), camp.calls(),
                List.of(), List.of(new LoopRecord(0, -1, 2, 200)),
                List.of(new Dependence(DepType.RAW, 1, -1, 0, -1, 198, false, new int[] {0},
                        new byte[] {Dependence.INTER | Dependence.INTRA}))));
    }

    @Test
    void theSampleProfilesHoldTogether() throws IOException {
        assertSameProfile(SMALL, read(SMALL));
        assertSameProfile(lamp(), read(lamp()));
        assertSameProfile(SampleProfiles.empty(), read(SampleProfiles.empty()));
    }

    // ---------------------------------------------------------------- paths

    @Test
    void aPathIdBeyondTheMethodsPathsIsRefused() {
        Profile p = ProfileEdits.counts(SMALL, replace(SMALL.counts(), 0,
                c -> new PathCounts(0, new long[] {0, 2, 4}, c.counts())));
        assertEquals("path 4 of " + SUM + " is out of range: the method has 4 paths", refused(p));
    }

    @Test
    void countsForAMethodTheProfileDoesNotDescribeAreRefused() {
        Profile p = ProfileEdits.counts(SMALL, plus(SMALL.counts(), new PathCounts(2, new long[] {0}, new long[] {1})));
        assertEquals("path counts for method 2, which the profile does not describe (method ids 0 to 1)", refused(p));
    }

    @Test
    void aMethodsBlockWrittenTwiceIsRefused() {
        // copied as it is: a block's checksum covers its own bytes only, so the copy is intact
        byte[] file = SampleProfiles.bytes(SMALL);
        Frames.Block methods = Frames.first(file, ProfileFormat.METHODS);
        int end = methods.payloadOffset() + methods.length() + 4;
        byte[] twice = concat(slice(file, 0, end), slice(file, methods.offset(), end), slice(file, end, file.length));
        assertEquals("method 0 is described twice", refused(twice));
    }

    @Test
    void methodsMustBeListedByTheirIds() {
        MethodMeta five = SampleProfiles.handlerMethod(5);
        assertEquals("the methods are not listed by id: method 5 is at position 1",
                refused(ProfileEdits.methods(SMALL, List.of(SampleProfiles.loopMethod(0), five))));
    }

    @Test
    void aSecondCountsEntryForAMethodIsRefused() {
        Profile p = ProfileEdits.counts(SMALL, plus(SMALL.counts(), SMALL.counts().get(1)));
        assertEquals("a second counts entry for " + RUN, refused(p));
    }

    @Test
    void pathIdsMustAscend() {
        Profile p = ProfileEdits.counts(SMALL, replace(SMALL.counts(), 0,
                c -> new PathCounts(0, new long[] {0, 3, 2}, c.counts())));
        assertEquals("path ids of " + SUM + " are not ascending: 2 after 3", refused(p));
    }

    @Test
    void aNegativePathCountIsRefused() {
        Profile p = ProfileEdits.counts(SMALL, replace(SMALL.counts(), 0,
                c -> new PathCounts(0, c.ids(), new long[] {1, -9, 1})));
        assertEquals("path 2 of " + SUM + " has a negative count (-9)", refused(p));
    }

    @Test
    void aDagEdgeOutsideTheMethodIsRefused() {
        MethodMeta m = SampleProfiles.loopMethod(0);
        MethodMeta broken = new MethodMeta(0, m.className(), m.name(), m.desc(), m.sourceFile(), m.blocks(),
                plus(m.edges(), new DagEdge(0, 9, EdgeKind.NORMAL, 0)), m.loops(), m.numPaths(), m.cutEdges(),
                m.storage());
        assertEquals(SUM + " has an edge 0 → 9 outside its 4 blocks, ENTRY and EXIT",
                refused(ProfileEdits.methods(SMALL, replace(SMALL.methods(), 0, x -> broken))));
    }

    private static Profile forest(int[] parent, int[] label, int k) {
        SlabForest f = SampleProfiles.forest();
        return ProfileEdits.forests(SMALL, List.of(new SlabForest(f.thread(), k, parent, f.method(), label, f.count(),
                f.pruned(), f.prunedCount())));
    }

    @Test
    void aForestNodeWithAPathIdBeyondItsMethodsPathsIsRefused() {
        assertEquals("node 4 of the forest of thread 'main': path 2 of " + RUN + " is out of range: the method has 2"
                + " paths", refused(forest(SampleProfiles.forest().parent(), new int[] {2, 0, 1, 0, 2}, 2)));
    }

    @Test
    void aForestNodeComesAfterItsParent() {
        assertEquals("node 2 of the forest of thread 'main' has parent 4, not an earlier node",
                refused(forest(new int[] {-1, 0, 4, -1, 3}, SampleProfiles.forest().label(), 2)));
    }

    @Test
    void aForestIsForTheProfilesK() {
        assertEquals("the forest of thread 'main' is for k = 3, the profile for k = 2",
                refused(forest(SampleProfiles.forest().parent(), SampleProfiles.forest().label(), 3)));
    }

    // ---------------------------------------------------------------- values

    @Test
    void valuesForASiteTheProfileDoesNotDescribeAreRefused() {
        Profile p = ProfileEdits.values(SMALL, List.of(new ValueSiteProfile(2, 10, 10, 10, 7, new String[] {"1"},
                new long[] {10}, 0, 0)));
        assertEquals("values recorded for value site 2, which the profile does not describe (value site ids 0 to 1)",
                refused(p));
    }

    @Test
    void aSecondValueProfileForASiteIsRefused() {
        Profile p = ProfileEdits.values(SMALL, plus(SMALL.values(), SMALL.values().get(0)));
        assertEquals("a second value profile for value site 1", refused(p));
    }

    @Test
    void aValueSiteListedTwiceIsRefused() {
        Profile p = ProfileEdits.valueSites(SMALL, plus(SMALL.valueSites(), SMALL.valueSites().get(0)));
        assertEquals("value site 0 is described twice", refused(p));
    }

    @Test
    void negativeExecutionsAreRefused() {
        Profile p = ProfileEdits.values(SMALL, List.of(new ValueSiteProfile(1, -10, 10, 10, 7, new String[] {"1"},
                new long[] {10}, 0, 0)));
        assertEquals("the executions of value site 1 is negative (-10)", refused(p));
    }

    @Test
    void moreSwitchesKeptThanMadeAreRefused() {
        Profile p = ProfileEdits.values(SMALL, List.of(new ValueSiteProfile(1, 10, 10, 5, 10, 0, new String[] {"1"},
                new long[] {10}, new long[] {5}, 1, 1, new SwitchTimeline(10, new long[] {2, 4, 6}))));
        assertEquals("value site 1 keeps 3 switches of its 2", refused(p));
    }

    @Test
    void measuredFiguresBeyondTheEstimatesAreRefused() {
        assertEquals("the counted executions of value site 1 (11) are not between 0 and its 10 executions",
                refused(ProfileEdits.values(SMALL, List.of(new ValueSiteProfile(1, 10, 11, 5, 10, 0, new String[] {"1"},
                        new long[] {10}, new long[] {5}, 0, 0)))));
        assertEquals("the profiled count of value 1 at value site 1 (6) is not between 0 and its count 5",
                refused(ProfileEdits.values(SMALL, List.of(new ValueSiteProfile(1, 10, 10, 6, 10, 0,
                        new String[] {"1", "2"}, new long[] {5, 5}, new long[] {6, 0}, 0, 0)))));
        assertEquals("the profiled counts of value site 1 add up to 8, more than its 6 profiled executions",
                refused(ProfileEdits.values(SMALL, List.of(new ValueSiteProfile(1, 10, 10, 6, 10, 0,
                        new String[] {"1", "2"}, new long[] {5, 5}, new long[] {4, 4}, 0, 0)))));
    }

    // ---------------------------------------------------------------- dependences

    @Test
    void anUnknownDependenceModeIsRefused() {
        assertEquals("unknown dependence profiling mode 'clamp' (known: camp, lamp)",
                refused(ProfileEdits.mode(SMALL, "clamp")));
    }

    @Test
    void anUnknownModePatchedIntoTheFileWithItsChecksumRecomputedIsRefused() {
        byte[] file = SampleProfiles.bytes(SMALL);
        Frames.Block deps = Frames.first(file, ProfileFormat.DEPS);
        byte[] mode = "cxmp".getBytes(StandardCharsets.UTF_8);
        byte[] payload = concat(new byte[] {(byte) (mode.length + 1)}, mode);
        assertEquals("unknown dependence profiling mode 'cxmp' (known: camp, lamp)",
                refused(withPayload(file, deps, payload)));
    }

    @Test
    void aDepsBlockWithoutAModeIsRefused() {
        byte[] file = SampleProfiles.bytes(SMALL);
        assertEquals("app.prof: corrupt block 'deps': no dependence profiling mode",
                refused(withPayload(file, Frames.first(file, ProfileFormat.DEPS), new byte[] {0})));
    }

    @Test
    void dependenceDataWithoutAModeIsRefused() {
        // the writer writes no deps block for a null mode: the rest reads back without one
        assertEquals("dependence data without a dependence profiling mode", refused(ProfileEdits.mode(SMALL, null)));
    }

    @Test
    void aMemoryUpdateMustNameAReadSiteOfItsMethod() {
        AccessSiteMeta store = SMALL.deps().sites().get(1);
        Profile beyond = ProfileEdits.accessSites(SMALL, replace(SMALL.deps().sites(), 1, s -> withUpdateOf(s, 5)));
        assertEquals("access site 1 (com.example.Fill.fill([I)V) is an update of its method's access site 5, which the"
                + " profile does not describe", refused(beyond));
        Profile itself = ProfileEdits.accessSites(SMALL, replace(SMALL.deps().sites(), 1, s -> withUpdateOf(s, 1)));
        assertEquals("access site 1 (com.example.Fill.fill([I)V) is an update of its method's access site 1, which does"
                + " not read", refused(itself));
        assertEquals(0, store.updateOf(), "the sample's store updates its load");
    }

    private static AccessSiteMeta withUpdateOf(AccessSiteMeta s, int load) {
        return new AccessSiteMeta(s.id(), s.className(), s.method(), s.desc(), s.sourceFile(), s.line(), s.index(),
                s.access(), s.reads(), s.writes(), s.target(), new MemoryUpdate(load, MemoryUpdate.Op.PLUS, false),
                s.arrayName());
    }

    @Test
    void aDependenceOnAnAccessSiteTheProfileDoesNotDescribeIsRefused() {
        Profile p = ProfileEdits.dependences(SMALL, replace(SMALL.deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 2, 2, 2, d.count(), false, d.loops(), d.relations())));
        assertEquals("RAW dependence 1 → 2 names access site 2, which the profile does not describe"
                + " (access site ids 0 to 1)", refused(p));
    }

    @Test
    void aDependenceInAContextOutsideTheTreeIsRefused() {
        Profile p = ProfileEdits.dependences(SMALL, replace(SMALL.deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 3, 0, 2, d.count(), false, d.loops(), d.relations())));
        assertEquals("RAW dependence 1 → 0 names context 3, which is not a node of the context tree"
                + " (node ids 0 to 2)", refused(p));
    }

    @Test
    void aLoopLevelMustBeALoopNodeWithARelation() {
        Profile notALoop = ProfileEdits.dependences(SMALL, replace(SMALL.deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 2, 0, 2, d.count(), false, new int[] {1}, d.relations())));
        assertEquals("RAW dependence 1 → 0 has loop level 1, a context node that is no loop", refused(notALoop));
        Profile noRelation = ProfileEdits.dependences(SMALL, replace(SMALL.deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 2, 0, 2, d.count(), false, d.loops(), new byte[] {0})));
        assertEquals("RAW dependence 1 → 0 has relation bits 0 at loop level 2 (intra 1, inter 2, both 3; inter at"
                + " distance 1 adds 4)", refused(noRelation));
        Profile nearButNotInter = ProfileEdits.dependences(SMALL, replace(SMALL.deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 2, 0, 2, d.count(), false, d.loops(),
                        new byte[] {Dependence.INTRA | Dependence.NEAR})));
        assertEquals("RAW dependence 1 → 0 has relation bits 5 at loop level 2 (intra 1, inter 2, both 3; inter at"
                + " distance 1 adds 4)", refused(nearButNotInter));
        Profile nearInter = ProfileEdits.dependences(SMALL, replace(SMALL.deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 2, 0, 2, d.count(), false, d.loops(),
                        new byte[] {Dependence.INTER | Dependence.NEAR})));
        assertEquals(null, ProfileValidator.problem(nearInter), "inter at distance 1 is a relation");
    }

    @Test
    void aLoopRecordOfALoopTheProfileDoesNotDescribeIsRefused() {
        Profile p = ProfileEdits.loopRecords(SMALL, List.of(new LoopRecord(1, 2, 1, 1)));
        assertEquals("a loop record names loop 1, which the profile does not describe (loop id 0 only)", refused(p));
    }

    @Test
    void aLoopRecordInAContextOfAnotherKindIsRefused() {
        Profile p = ProfileEdits.loopRecords(SMALL, List.of(new LoopRecord(0, 1, 1, 1)));
        assertEquals("the loop record of loop 0 in context 1: the context node is not one of that loop", refused(p));
    }

    @Test
    void aCycleInTheContextTreeIsRefused() {
        Profile p = ProfileEdits.contexts(SMALL, replace(SMALL.deps().contexts(), 1,
                c -> new ContextNode(1, 2, ContextNode.Kind.CALL, 0)));
        assertEquals("context node 1 does not lead to a root (a cycle in the context tree)", refused(p));
    }

    @Test
    void aContextNodeNamingAnUnknownCallSiteIsRefused() {
        Profile p = ProfileEdits.contexts(SMALL, replace(SMALL.deps().contexts(), 1,
                c -> new ContextNode(1, 0, ContextNode.Kind.CALL, 1)));
        assertEquals("context node 1 names call site 1, which the profile does not describe (call site id 0 only)",
                refused(p));
    }

    @Test
    void aLampProfileHasNoContexts() {
        assertEquals("a lamp profile with context nodes (lamp mode has no contexts)",
                refused(ProfileEdits.contexts(lamp(), SMALL.deps().contexts())));
        Profile withContext = ProfileEdits.dependences(lamp(), replace(lamp().deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 0, 0, -1, d.count(), false, d.loops(), d.relations())));
        assertEquals("RAW dependence 1 → 0 names a context; lamp mode has none", refused(withContext));
    }

    @Test
    void anAccessSiteListedTwiceIsRefused() {
        Profile p = ProfileEdits.accessSites(SMALL, plus(SMALL.deps().sites(), SMALL.deps().sites().get(0)));
        assertEquals("access site 0 is described twice", refused(p));
    }

    @Test
    void aNegativeDependenceCountIsRefused() {
        Profile p = ProfileEdits.dependences(SMALL, replace(SMALL.deps().dependences(), 0,
                d -> new Dependence(d.type(), 1, 2, 0, 2, -1, false, d.loops(), d.relations())));
        assertEquals("the count of RAW dependence 1 → 0 is negative (-1)", refused(p));
    }
}
