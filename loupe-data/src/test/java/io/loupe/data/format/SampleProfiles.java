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

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Hand-built profiles, shaped like what the agent writes. */
final class SampleProfiles {

    private SampleProfiles() {
    }

    static ProfileHeader header() {
        return new ProfileHeader("0.1.0", 1_700_000_000_000L, "profile=paths,k=2", 2,
                "OpenJDK 64-Bit Server VM 17.0.15", "com.example.Main --fast");
    }

    /**
     * {@code static int sum(int n) { int s = 0; for (int i = 0; i < n; i++) s += i; return s; }}:
     * blocks entry, header, body, exit; the back edge body→header replaced by its two dummy edges.
     */
    static MethodMeta loopMethod(int id) {
        List<BlockMeta> blocks = List.of(
                new BlockMeta(0, 3, new int[] {3, 4}, false),
                new BlockMeta(4, 6, new int[] {4}, false),
                new BlockMeta(7, 12, new int[] {4, 5}, false),
                new BlockMeta(13, 14, new int[] {6}, false));
        List<DagEdge> edges = List.of(
                new DagEdge(4, 0, EdgeKind.METHOD_ENTRY, 0),
                new DagEdge(0, 1, EdgeKind.NORMAL, 0),
                new DagEdge(1, 2, EdgeKind.NORMAL, 0),
                new DagEdge(1, 3, EdgeKind.NORMAL, 1),
                new DagEdge(2, 5, EdgeKind.LOOP_EXIT, 0),
                new DagEdge(4, 1, EdgeKind.LOOP_ENTRY, 2),
                new DagEdge(3, 5, EdgeKind.METHOD_EXIT, 0));
        List<LoopMeta> loops = List.of(new LoopMeta(1, -1, 1, new int[] {1, 2}, new int[] {2}, true));
        return new MethodMeta(id, "com.example.Main", "sum", "(I)I", "Main.java", blocks, edges, loops,
                4, 0, MethodMeta.Storage.ARRAY);
    }

    /** A method without line numbers or source file, entered also through an exception handler. */
    static MethodMeta handlerMethod(int id) {
        List<BlockMeta> blocks = List.of(new BlockMeta(0, 2, new int[0], false), new BlockMeta(3, 5, new int[0], true));
        List<DagEdge> edges = List.of(
                new DagEdge(2, 0, EdgeKind.METHOD_ENTRY, 0),
                new DagEdge(0, 3, EdgeKind.METHOD_EXIT, 0),
                new DagEdge(2, 1, EdgeKind.HANDLER_ENTRY, 1),
                new DagEdge(1, 3, EdgeKind.METHOD_EXIT, 0));
        return new MethodMeta(id, "com.example.Main$Inner", "run", "()V", null, blocks, edges, List.of(),
                2, 0, MethodMeta.Storage.HASH);
    }

    /** A k=2 forest: two roots, children right after their parents. */
    static SlabForest forest() {
        return new SlabForest("main", 2,
                new int[] {-1, 0, 0, -1, 3},
                new int[] {0, 0, 0, 1, 1},
                new int[] {2, 0, 1, 0, 1},
                new long[] {10, 7, 3, 1, 1},
                0, 0);
    }

    static Profile small() {
        Map<String, Long> stats = new LinkedHashMap<>();
        stats.put("paths.threads", 2L);
        stats.put("paths.methods", 2L);
        stats.put("paths.hashOps", 0L);
        return new Profile(header(), List.of(loopMethod(0), handlerMethod(1)),
                List.of(new PathCounts(0, new long[] {0, 2, 3}, new long[] {1, 9, 1}),
                        new PathCounts(1, new long[] {1}, new long[] {4})),
                List.of(forest()), stats, List.of("com.example.Broken: left as it was (bad frames)"),
                List.of(new ValueSiteMeta(0, "com.example.Loop", "run", "(I)V", "Loop.java", 12, SiteKind.PARAM,
                                ValueType.INT, 0, "n", null, null),
                        new ValueSiteMeta(1, "com.example.Loop", "run", "(I)V", "Loop.java", 14, SiteKind.LOCAL,
                                ValueType.DOUBLE, 1, "x", "fp-mul", "fp-mul(s0,c)")),
                List.of(new ValueSiteProfile(1, 10, 10, 10, 7, new String[] {"2.5", "-0.0"}, new long[] {8, 2}, 0, 0)),
                deps());
    }

    /**
     * {@code main} calls {@code fill(a)}, whose loop stores {@code a[i]} and loads {@code a[i - 1]}
     * (camp mode): a RAW carried by the loop, and a WAW with the store of the previous call. The loop
     * carries its index {@code i} and a local without a name in slot 2.
     */
    static DepsProfile deps() {
        return new DepsProfile("camp",
                List.of(new AccessSiteMeta(0, "com.example.Fill", "fill", "([I)V", "Fill.java", 7, 0, "iaload", true,
                                false, "int[]", null, "a"),
                        new AccessSiteMeta(1, "com.example.Fill", "fill", "([I)V", "Fill.java", 7, 1, "iastore", false,
                                true, "int[]", new MemoryUpdate(0, MemoryUpdate.Op.PLUS, false), "a")),
                List.of(new DepLoopMeta(0, "com.example.Fill", "fill", "([I)V", "Fill.java", 6, 0, -1, false,
                        List.of(new CarriedRegisterMeta(1, "i", CarriedRegisterMeta.Kind.INDUCTION),
                                new CarriedRegisterMeta(2, null, CarriedRegisterMeta.Kind.OTHER)))),
                List.of(new CallSiteMeta(0, "com.example.Main", "main", "([Ljava/lang/String;)V", null, -1,
                        "com.example.Fill.fill([I)V")),
                List.of(new ContextNode(0, -1, ContextNode.Kind.ROOT, -1),
                        new ContextNode(1, 0, ContextNode.Kind.CALL, 0),
                        new ContextNode(2, 1, ContextNode.Kind.LOOP, 0)),
                List.of(new LoopRecord(0, 2, 2, 200)),
                List.of(new Dependence(DepType.RAW, 1, 2, 0, 2, 198, false, new int[] {2}, new byte[] {Dependence.INTER}),
                        new Dependence(DepType.WAW, 1, 2, 1, 2, 100, true, new int[0], new byte[0])));
    }

    static Profile empty() {
        return new Profile(header(), List.of(), List.of(), List.of(), Map.of(), List.of());
    }

    static byte[] bytes(Profile p) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ProfileWriter.write(p, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
