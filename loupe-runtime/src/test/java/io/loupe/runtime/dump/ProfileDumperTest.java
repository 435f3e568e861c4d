package io.loupe.runtime.dump;

import io.loupe.data.paths.SlabForest;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class ProfileDumperTest {

    @Test
    void aForestCopiedAfterTheMetadataLosesTheTreesOfMethodsRegisteredSince() {
        // method 0: 0 ← 2 ← 4; method 3 (registered during the dump): 1 ← 3
        SlabForest f = new SlabForest("main", 2, new int[] {-1, -1, 0, 1, 2}, new int[] {0, 3, 0, 3, 0},
                new int[] {5, 6, 7, 8, 9}, new long[] {10, 11, 12, 13, 14}, 1, 2);
        SlabForest kept = ProfileDumper.described(f, 3);
        assertArrayEquals(new int[] {-1, 0, 1}, kept.parent());
        assertArrayEquals(new int[] {0, 0, 0}, kept.method());
        assertArrayEquals(new int[] {5, 7, 9}, kept.label());
        assertArrayEquals(new long[] {10, 12, 14}, kept.count());
        assertSame(f, ProfileDumper.described(f, 4), "nothing to drop: the copy itself");
    }
}
