package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static io.loupe.data.format.Frames.block;
import static io.loupe.data.format.Frames.bytes;
import static io.loupe.data.format.Frames.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;

/**
 * The bytes of small profiles, spelled out as docs/profile-format.md describes them. A change here
 * is a change of the file format: it needs a new format version.
 */
class FormatLayoutTest {

    private static final ProfileHeader HEADER = new ProfileHeader("1", 5, "", 2, null, "\u00e9");
    private static final byte[] HEADER_BLOCK = block(0x01,
            bytes(0x02, '1',      // loupeVersion "1": length 1 + 1, then the byte
                    0x0A,         // createdMillis 5, zig-zag
                    0x01,         // options ""
                    0x04,         // k 2, zig-zag
                    0x00,         // jvm null
                    0x03, 0xC3, 0xA9)); // command "é", two bytes of UTF-8

    @Test
    void aHeaderOnlyProfileIsMagicVersionHeaderAndEnd() {
        Profile p = new Profile(HEADER, List.of(), List.of(), List.of(), Map.of(), List.of());

        assertArrayEquals(concat("LOUPEPRF".getBytes(), bytes(0x00, 0x02), HEADER_BLOCK, block(0xFF)),
                SampleProfiles.bytes(p));
    }

    @Test
    void aForestIsWrittenColumnByColumn() {
        Profile p = new Profile(HEADER, List.of(), List.of(), List.of(SampleProfiles.forest()), Map.of(), List.of());

        byte[] forest = block(0x04,
                bytes(0x05, 'm', 'a', 'i', 'n', // thread
                        0x04, 0x00, 0x00,           // k 2 (zig-zag), pruned 0, prunedCount 0
                        0x05,                       // five nodes
                        0x00, 0x03, 0x05, 0x00, 0x03, // parents -1 0 0 -1 3: root, then zig-zag(i - parent) + 1
                        0x00, 0x00, 0x00, 0x02, 0x00, // methods 0 0 0 1 1: roots as they are, others minus the parent's
                        0x02, 0x00, 0x01, 0x00, 0x01, // labels
                        0x0A, 0x07, 0x03, 0x01, 0x01)); // counts
        assertArrayEquals(concat("LOUPEPRF".getBytes(), bytes(0x00, 0x02), HEADER_BLOCK, forest, block(0xFF)),
                SampleProfiles.bytes(p));
    }
}
