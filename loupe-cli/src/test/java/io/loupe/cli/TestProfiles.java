package io.loupe.cli;

import io.loupe.analysis.kpaths.ReferenceSlabForest;
import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.format.ProfileWriter;
import io.loupe.data.meta.BlockMeta;
import io.loupe.data.meta.DagEdge;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.LoopMeta;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A small k = 2 profile of one loop: block 0 (line 5) enters the loop, header 1 (line 6) runs the
 * body 2 (line 7) and jumps back, or leaves to 3 (line 9) which returns. Paths: 0 = 0 1 3, 1 = 0 1 2 ⟲,
 * 2 = 1 3, 3 = 1 2 ⟲. Each of 10 activations streams 1 3 3 2 (three iterations, then the exit).
 */
final class TestProfiles {

    private TestProfiles() {
    }

    /** Writes {@code p} as file {@code name} in {@code dir} and returns its path. */
    static Path write(Path dir, String name, Profile p) throws IOException {
        Path file = dir.resolve(name);
        ProfileWriter.write(p, file);
        return file;
    }

    static Profile loop() {
        int entry = 4, exit = 5;
        List<DagEdge> edges = List.of(
                new DagEdge(entry, 0, EdgeKind.METHOD_ENTRY, 0), new DagEdge(entry, 1, EdgeKind.LOOP_ENTRY, 2),
                new DagEdge(0, 1, EdgeKind.NORMAL, 0),
                new DagEdge(1, 3, EdgeKind.NORMAL, 0), new DagEdge(1, 2, EdgeKind.NORMAL, 1),
                new DagEdge(2, exit, EdgeKind.LOOP_EXIT, 0), new DagEdge(3, exit, EdgeKind.METHOD_EXIT, 0));
        MethodMeta m = new MethodMeta(0, "com.example.Counter", "count", "(I)I", "Counter.java",
                List.of(block(5), block(6), block(7), block(9)), edges,
                List.of(new LoopMeta(1, -1, 1, new int[] {1, 2}, new int[] {2}, true)), 4, 0, MethodMeta.Storage.ARRAY);
        ReferenceSlabForest sf = new ReferenceSlabForest(2);
        for (int a = 0; a < 10; a++) {
            sf.enter(a, 0);
            for (int id : new int[] {1, 3, 3, 2}) {
                sf.process(a, id);
            }
        }
        return new Profile(new ProfileHeader("0.1.0-test", 1_700_000_000_000L, "profile=paths,k=2,out=c.prof", 2,
                "OpenJDK 17", "com.example.Counter"), List.of(m),
                List.of(new PathCounts(0, new long[] {1, 2, 3}, new long[] {10, 10, 20})),
                List.of(sf.toSlabForest("main")), Map.of("paths.threads", 1L), List.of());
    }

    private static BlockMeta block(int line) {
        return new BlockMeta(0, 0, new int[] {line}, false);
    }
}
