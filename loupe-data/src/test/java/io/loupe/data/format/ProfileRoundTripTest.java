package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.AbsintProfile;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static io.loupe.data.format.ProfileAssertions.assertSameProfile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProfileRoundTripTest {

    /**
     * Written and decoded without the content checks: extreme numbers are about the encoding, and
     * would not hold together as a profile. The samples that do are read with the checks too.
     */
    private static Profile roundTrip(Profile p) throws IOException {
        return ProfileReader.decode(new ByteArrayInputStream(SampleProfiles.bytes(p)), "test.prof");
    }

    @Test
    void aProfileWrittenToAFileReadsBackFieldByField(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("app.prof");
        ProfileWriter.write(SampleProfiles.small(), file);

        assertSameProfile(SampleProfiles.small(), ProfileReader.read(file));
    }

    @Test
    void aValueSitesSwitchTimelineReadsBack() throws IOException {
        Profile p = ProfileEdits.values(SampleProfiles.small(), List.of(new ValueSiteProfile(1, 1000, 1000, 100, 1000, 50,
                new String[] {"1"}, new long[] {900}, new long[] {90}, 2, 1,
                new SwitchTimeline(1000, new long[] {100, 600, 700}))));
        Profile back = roundTrip(p);
        assertSameProfile(p, back);
        assertArrayEquals(new long[] {100, 600, 700}, back.values().get(0).timeline().switches());
    }

    @Test
    void aProfileWithNothingButItsHeaderReadsBack() throws IOException {
        assertSameProfile(SampleProfiles.empty(), roundTrip(SampleProfiles.empty()));
    }

    @Test
    void aMissingSourceFileReadsBackAsNull() throws IOException {
        Profile p = roundTrip(SampleProfiles.small());

        assertNull(p.methods().get(1).sourceFile());
    }

    @Test
    void anyJavaStringReadsBackUnchanged() throws IOException {
        // ASCII, two- and three-byte UTF-8, a supplementary character, unpaired surrogates, NUL
        List<String> strings = Arrays.asList("", "plain", "caf\u00e9", "\u20ac\u4e2d", "\uD83D\uDE00 smile",
                "\uD800", "x\uDC00y", "\uDC00\uD800", "nul\0inside", null);
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(), Map.of(), strings);

        assertEquals(strings, roundTrip(p).warnings());
    }

    @Test
    void extremeNumbersReadBackUnchanged() throws IOException {
        int min = Integer.MIN_VALUE;
        int max = Integer.MAX_VALUE;
        MethodMeta m = new MethodMeta(min, "C", "m", "()V", "C.java",
                List.of(new BlockMeta(max, min, new int[] {min, max, 0, -1, min}, true)),
                List.of(new DagEdge(-1, max, EdgeKind.CUT_ENTRY, Long.MIN_VALUE)),
                List.of(new LoopMeta(min, max, -7, new int[] {max, min}, new int[] {-1}, false)),
                Long.MAX_VALUE, -1, MethodMeta.Storage.NONE);
        SlabForest f = new SlabForest("t", min, new int[] {max, -1, min, 2, 0}, new int[] {min, max, 0, max, -5},
                new int[] {-1, max, min, 0, 1}, new long[] {Long.MIN_VALUE, Long.MAX_VALUE, -1, 0, 1},
                Long.MIN_VALUE, -1);
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put(null, Long.MIN_VALUE);
        stats.put("max", Long.MAX_VALUE);
        Profile p = new Profile(new ProfileHeader(null, Long.MIN_VALUE, null, min, null, null), List.of(m),
                List.of(new PathCounts(min, new long[] {Long.MAX_VALUE, Long.MIN_VALUE, 0}, new long[] {-1, 0, 1})),
                List.of(f), stats, List.of());

        assertSameProfile(p, roundTrip(p));
    }

    @Test
    void statsKeepTheirOrder() throws IOException {
        Map<String, Long> stats = new LinkedHashMap<>();
        for (String key : List.of("z", "a", "m", "b")) {
            stats.put(key, (long) key.charAt(0));
        }
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(), stats, List.of());

        assertEquals(List.of("z", "a", "m", "b"), new ArrayList<>(roundTrip(p).stats().keySet()));
    }

    @Test
    void thousandsOfItemsAreSpreadOverBlocksAndReadBackInOrder() throws IOException {
        List<MethodMeta> methods = new ArrayList<>();
        List<PathCounts> counts = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<String, Long> stats = new LinkedHashMap<>();
        for (int i = 0; i < 2500; i++) {
            methods.add(i % 2 == 0 ? SampleProfiles.loopMethod(i) : SampleProfiles.handlerMethod(i));
            counts.add(new PathCounts(i, new long[] {i}, new long[] {i + 1}));
            warnings.add("warning " + i);
            stats.put("stat." + i, (long) i);
        }
        Profile p = new Profile(SampleProfiles.header(), methods, counts, List.of(), stats, warnings);
        byte[] file = SampleProfiles.bytes(p);

        assertEquals(3, Frames.blocks(file).stream().filter(b -> b.type() == ProfileFormat.METHODS).count());
        // the volume is the point, not the content: decoded unchecked, as in roundTrip
        assertSameProfile(p, ProfileReader.decode(new ByteArrayInputStream(file), "big.prof"));
    }

    @Test
    void aForestOfAMillionNodesTakesAboutFourBytesANode() throws IOException {
        int n = 1_000_000;
        int[] parent = new int[n];
        int[] method = new int[n];
        int[] label = new int[n];
        long[] count = new long[n];
        SplittableRandom random = new SplittableRandom(42);
        for (int i = 0; i < n; i++) {
            boolean root = i % 1000 == 0;
            parent[i] = root ? -1 : i - 1 - random.nextInt(Math.min(i % 1000, 3));
            method[i] = root ? random.nextInt(5000) : method[parent[i]];
            label[i] = random.nextInt(100);
            count[i] = 1 + random.nextInt(100);
        }
        SlabForest f = new SlabForest("worker-1", 3, parent, method, label, count, 17, 17);
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(f), Map.of(), List.of());
        byte[] file = SampleProfiles.bytes(p);

        assertTrue(Frames.first(file, ProfileFormat.FOREST).length() < 4.1 * n, () -> file.length + " bytes");
        // the volume is the point, not the content: decoded unchecked, as in roundTrip
        assertSameProfile(p, ProfileReader.decode(new ByteArrayInputStream(file), "big.prof"));
    }

    @Test
    void everyEdgeKindAndStorageReadsBack() throws IOException {
        List<DagEdge> edges = new ArrayList<>();
        for (EdgeKind kind : EdgeKind.values()) {
            edges.add(new DagEdge(0, 1, kind, kind.ordinal()));
        }
        List<MethodMeta> methods = new ArrayList<>();
        for (MethodMeta.Storage storage : MethodMeta.Storage.values()) {
            methods.add(new MethodMeta(methods.size(), "C", "m", "()V", null, List.of(), edges, List.of(), 1, 0, storage));
        }
        Profile p = new Profile(SampleProfiles.header(), methods, List.of(), List.of(), Map.of(), List.of());

        assertSameProfile(p, roundTrip(p));
    }

    @Test
    void theProfileReadCannotBeModified() throws IOException {
        Profile p = roundTrip(SampleProfiles.small());

        assertThrows(UnsupportedOperationException.class, () -> p.methods().clear());
        assertThrows(UnsupportedOperationException.class, () -> p.stats().put("x", 1L));
        assertThrows(UnsupportedOperationException.class, () -> p.methods().get(0).blocks().clear());
        assertThrows(UnsupportedOperationException.class, () -> p.deps().dependences().clear());
    }

    @Test
    void aProfileWithoutDependencesHasNoDependenceBlocksAndReadsBackEmpty() throws IOException {
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(), Map.of(), List.of(),
                List.of(), List.of(), null);
        byte[] file = SampleProfiles.bytes(p);

        assertEquals(List.of(ProfileFormat.HEADER, ProfileFormat.END),
                Frames.blocks(file).stream().map(Frames.Block::type).toList());
        assertEquals(DepsProfile.EMPTY, ProfileReader.read(new ByteArrayInputStream(file), "t.prof").deps());
    }

    @Test
    void aDependenceRunThatSawNothingKeepsItsMode() throws IOException {
        DepsProfile deps = new DepsProfile("lamp", List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(), Map.of(), List.of(),
                List.of(), List.of(), deps);

        assertEquals("lamp", roundTrip(p).deps().mode());
        assertTrue(!roundTrip(p).deps().isEmpty());
    }

    @Test
    void whatAbstractInterpretationDecidedIsReadBack() throws IOException {
        DepsProfile sample = SampleProfiles.deps();
        AbsintProfile absint = new AbsintProfile(true, Map.of(3, "call", 4, "inner loop: call"),
                List.of(new AbsintProfile.NestRecord(0, List.of(0), 2, 400, Map.of("threads", 1L, "null row", 2L))));
        DepsProfile deps = new DepsProfile(sample.mode(), sample.sites(), sample.loops(), sample.calls(),
                sample.contexts(), List.of(new LoopRecord(0, 2, 2, 200, 1)), sample.dependences(), absint);
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(), Map.of(), List.of(),
                List.of(), List.of(), deps);

        DepsProfile read = roundTrip(p).deps();
        assertEquals(absint, read.absint());
        assertEquals(List.of(new LoopRecord(0, 2, 2, 200, 1)), read.loopRecords());
        assertEquals(AbsintProfile.NONE, roundTrip(new Profile(SampleProfiles.header(), List.of(), List.of(),
                List.of(), Map.of(), List.of(), List.of(), List.of(), sample)).deps().absint(), "off: no block");
    }

    @Test
    void everyMemoryUpdateOperationReadsBack() throws IOException {
        List<AccessSiteMeta> sites = new ArrayList<>();
        sites.add(new AccessSiteMeta(0, "A", "f", "()V", null, 3, 0, "getfield", true, false, "A.x"));
        for (MemoryUpdate.Op op : MemoryUpdate.Op.values()) {
            sites.add(new AccessSiteMeta(sites.size(), "A", "f", "()V", null, 3, sites.size(), "putfield", false, true,
                    "A.x", new MemoryUpdate(0, op, op.ordinal() % 2 == 0), op.ordinal() % 3 == 0 ? null : "arr" + op));
        }
        DepsProfile deps = new DepsProfile("lamp", sites, List.of(), List.of(), List.of(), List.of(), List.of());
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(), Map.of(), List.of(),
                List.of(), List.of(), deps);

        assertEquals(sites, ProfileReader.read(new ByteArrayInputStream(SampleProfiles.bytes(p)), "ops.prof").deps().sites());
    }

    @Test
    void thousandsOfContextsAndDependencesAreSpreadOverBlocksAndReadBackInOrder() throws IOException {
        List<ContextNode> contexts = new ArrayList<>();
        List<LoopRecord> records = new ArrayList<>();
        List<Dependence> dependences = new ArrayList<>();
        DepType[] types = DepType.values();
        ContextNode.Kind[] kinds = ContextNode.Kind.values();
        for (int i = 0; i < 3000; i++) {
            contexts.add(new ContextNode(i, i / 3 - 1, kinds[i % kinds.length], i % 7 - 1));
            records.add(new LoopRecord(i % 40, i, i, 10L * i));
            dependences.add(new Dependence(types[i % types.length], i % 50, i, i % 60, i - 1, i + 1L, i % 11 == 0,
                    new int[] {i / 2, i}, new byte[] {Dependence.INTRA, Dependence.INTRA | Dependence.INTER}));
        }
        contexts.add(new ContextNode(-7, Integer.MAX_VALUE, ContextNode.Kind.ROOT, Integer.MIN_VALUE)); // not dense
        DepsProfile deps = new DepsProfile("camp", List.of(), List.of(), List.of(), contexts, records, dependences);
        Profile p = new Profile(SampleProfiles.header(), List.of(), List.of(), List.of(), Map.of(), List.of(),
                List.of(), List.of(), deps);
        byte[] file = SampleProfiles.bytes(p);

        assertEquals(3, Frames.blocks(file).stream().filter(b -> b.type() == ProfileFormat.CONTEXTS).count());
        assertEquals(3, Frames.blocks(file).stream().filter(b -> b.type() == ProfileFormat.DEPENDENCES).count());
        assertTrue(Frames.blocks(file).stream().filter(b -> b.type() == ProfileFormat.CONTEXTS)
                .mapToInt(Frames.Block::length).sum() < 5 * contexts.size());
        // the volume is the point, not the content: decoded unchecked, as in roundTrip
        assertSameProfile(p, ProfileReader.decode(new ByteArrayInputStream(file), "big.prof"));
    }
}
