package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CarriedRegisterMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.deps.MemoryUpdate;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;

import java.util.List;
import java.util.Map;

import static io.loupe.data.format.Frames.block;
import static io.loupe.data.format.Frames.bytes;
import static io.loupe.data.format.Frames.concat;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The bytes of small profiles, spelled out as docs/profile-format.md describes them. A change here
 * is a change of the file format: it needs a new format version.
 */
class FormatLayoutTest {

    private static final ProfileHeader HEADER = new ProfileHeader("1", 5, "", 2, null, "\u00e9");
    // The first block's checksum covers the magic and version too.
    private static final byte[] HEADER_PAYLOAD =
            bytes(0x02, '1',      // loupeVersion "1": length 1 + 1, then the byte
                    0x0A,         // createdMillis 5, zig-zag
                    0x01,         // options ""
                    0x04,         // k 2, zig-zag
                    0x00,         // jvm null
                    0x03, 0xC3, 0xA9); // command "é", two bytes of UTF-8
    private static final byte[] HEADER_BLOCK = Frames.firstBlock(7, 0x01, HEADER_PAYLOAD);

    @Test
    void aHeaderOnlyProfileIsMagicVersionHeaderAndEnd() {
        Profile p = new Profile(HEADER, List.of(), List.of(), List.of(), Map.of(), List.of());

        assertArrayEquals(concat("LOUPEPRF".getBytes(), bytes(0x00, 0x07), HEADER_BLOCK, block(0xFF)),
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
        assertArrayEquals(concat("LOUPEPRF".getBytes(), bytes(0x00, 0x07), HEADER_BLOCK, forest, block(0xFF)),
                SampleProfiles.bytes(p));
    }

    @Test
    void aConvergentValueProfileCarriesItsMeasuredFiguresBesideTheEstimates() {
        ValueSiteMeta site = new ValueSiteMeta(0, "A", "f", "(I)V", null, -1, SiteKind.PARAM, ValueType.INT, 0, "#0",
                null, null);
        ValueSiteProfile values = new ValueSiteProfile(0, 300, 200, 50, 290, 40, new String[] {"7"}, new long[] {280},
                new long[] {48}, 2, 1);
        Profile p = new Profile(HEADER, List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(site),
                List.of(values), DepsProfile.EMPTY);

        byte[] valuesBlock = block(0x08,
                bytes(0x01,                                 // one site
                        0x00,                               // site 0
                        0xAC, 0x02,                         // executed 300 (estimated)
                        0x90, 0x03,                         // counted 200 (zig-zag 400)
                        0x32,                               // profiled 50
                        0xA2, 0x02,                         // weight 290
                        0x28, 0x02, 0x01,                   // MRV hits 40, switched off 2, on 1
                        0x01,                               // measured figures follow
                        0x01, 0x02, '7', 0x98, 0x02, 0x30,  // one value: "7", count 280, profiled 48
                        0x00));                             // no switch timeline (since version 7)
        byte[] file = SampleProfiles.bytes(p);
        assertArrayEquals(valuesBlock, Frames.first(file, 0x08).slice(file));
    }

    @Test
    void dependencesFollowTheValueBlocks() {
        DepsProfile deps = new DepsProfile("lamp",
                List.of(new AccessSiteMeta(0, "A", "f", "()V", null, -1, 0, "getfield", true, false, "A.x")),
                List.of(), List.of(),
                List.of(new ContextNode(0, -1, ContextNode.Kind.ROOT, -1), new ContextNode(1, 0, ContextNode.Kind.LOOP, 0)),
                List.of(new LoopRecord(0, -1, 1, 3)),
                List.of(new Dependence(DepType.RAW, 1, -1, 0, -1, 2, false, new int[] {0}, new byte[] {Dependence.INTER}),
                        new Dependence(DepType.WAR, 0, -1, 1, -1, 1, true, new int[0], new byte[0])));
        Profile p = new Profile(HEADER, List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), deps);

        byte[] mode = block(0x09, bytes(0x05, 'l', 'a', 'm', 'p'));
        byte[] sites = block(0x0A,
                bytes(0x01,                                 // one site
                        0x00, 0x02, 'A', 0x02, 'f', 0x04, '(', ')', 'V', 0x00, // id 0, class, method, desc, no source
                        0x01, 0x00,                         // line -1 (zig-zag), index 0
                        0x09, 'g', 'e', 't', 'f', 'i', 'e', 'l', 'd',
                        0x01,                               // reads, does not write
                        0x04, 'A', '.', 'x',                // target
                        0x01,                               // no update (-1, zig-zag)
                        0x00));                             // no array name
        byte[] contexts = block(0x0D,
                bytes(0x02,
                        0x00, 0x02, 0x00, 0x01,             // id 0 (0 after -1), parent -1 (0 - 1 = 1), ROOT, site -1
                        0x00, 0x02, 0x02, 0x00));           // id 1, parent 0 (1 - 0 = 1), LOOP, site 0
        byte[] loopRecords = block(0x0E, bytes(0x01, 0x00, 0x01, 0x01, 0x03, 0x00)); // loop 0, context -1, 1 and 3, none decided
        byte[] dependences = block(0x0F,
                bytes(0x02,
                        0x00, 0x01, 0x01, 0x00, 0x01, 0x02, // RAW, 1 in -1, 0 in -1, count 2
                        0x01, 0x00, 0x02,                   // one loop, 0; INTER
                        0x05, 0x00, 0x01, 0x01, 0x01, 0x01, // WAR + cross-thread, 0 in -1, 1 in -1, count 1
                        0x00));                             // no loops
        assertArrayEquals(concat("LOUPEPRF".getBytes(), bytes(0x00, 0x07), HEADER_BLOCK, mode, sites, contexts,
                loopRecords, dependences, block(0xFF)), SampleProfiles.bytes(p));
    }

    @Test
    void aLoopEndsWithItsCarriedRegisters() {
        DepsProfile deps = new DepsProfile("lamp", List.of(),
                List.of(new DepLoopMeta(0, "A", "f", "()V", null, 7, 0, -1, false,
                        List.of(new CarriedRegisterMeta(1, "i", CarriedRegisterMeta.Kind.INDUCTION),
                                new CarriedRegisterMeta(3, "s", CarriedRegisterMeta.Kind.REDUCTION),
                                new CarriedRegisterMeta(4, null, CarriedRegisterMeta.Kind.OTHER)))),
                List.of(), List.of(), List.of(), List.of());
        Profile p = new Profile(HEADER, List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), deps);

        byte[] mode = block(0x09, bytes(0x05, 'l', 'a', 'm', 'p'));
        byte[] loops = block(0x0B,
                bytes(0x01,                                 // one loop
                        0x00, 0x02, 'A', 0x02, 'f', 0x04, '(', ')', 'V', 0x00, // id 0, class, method, desc, no source
                        0x0E, 0x00, 0x01, 0x00,             // line 7 (zig-zag), index 0, parent -1, no recursion
                        0x03,                               // three carried registers
                        0x01, 0x02, 'i', 0x00,              // slot 1 "i", induction
                        0x03, 0x02, 's', 0x01,              // slot 3 "s", reduction
                        0x04, 0x00, 0x02));                 // slot 4 without a name, other
        assertArrayEquals(concat("LOUPEPRF".getBytes(), bytes(0x00, 0x07), HEADER_BLOCK, mode, loops, block(0xFF)),
                SampleProfiles.bytes(p));
    }

    /** {@code hist[k] += x}: the load at ordinal 0 and the store at ordinal 1 that writes it back, of array {@code hist}. */
    private static final List<AccessSiteMeta> HISTOGRAM = List.of(
            new AccessSiteMeta(0, "A", "f", "()V", null, -1, 0, "iaload", true, false, "int[]", null, "hist"),
            new AccessSiteMeta(1, "A", "f", "()V", null, -1, 1, "iastore", false, true, "int[]",
                    new MemoryUpdate(0, MemoryUpdate.Op.PLUS, false), "hist"));

    /** The two sites of {@link #HISTOGRAM} up to their targets, as every format writes them. */
    private static final byte[][] HISTOGRAM_SITES = {
        bytes(0x00, 0x02, 'A', 0x02, 'f', 0x04, '(', ')', 'V', 0x00, // id 0, class, method, desc, no source
                0x01, 0x00,                                         // line -1, index 0
                0x07, 'i', 'a', 'l', 'o', 'a', 'd', 0x01, 0x06, 'i', 'n', 't', '[', ']'),
        bytes(0x01, 0x02, 'A', 0x02, 'f', 0x04, '(', ')', 'V', 0x00, // id 1
                0x01, 0x01,                                         // line -1, index 1
                0x08, 'i', 'a', 's', 't', 'o', 'r', 'e', 0x02, 0x06, 'i', 'n', 't', '[', ']'),
    };

    @Test
    void anAccessSiteEndsWithTheLoadItUpdatesAndItsArraysName() {
        DepsProfile deps = new DepsProfile("lamp", HISTOGRAM, List.of(), List.of(), List.of(), List.of(), List.of());
        Profile p = new Profile(HEADER, List.of(), List.of(), List.of(), Map.of(), List.of(), List.of(), List.of(), deps);

        byte[] mode = block(0x09, bytes(0x05, 'l', 'a', 'm', 'p'));
        byte[] sites = block(0x0A, concat(bytes(0x02),      // two sites
                HISTOGRAM_SITES[0],
                bytes(0x01,                                 // no update (-1, zig-zag)
                        0x05, 'h', 'i', 's', 't'),          // array name
                HISTOGRAM_SITES[1],
                bytes(0x00,                                 // an update of the load at ordinal 0
                        0x00, 0x00,                         // op + (code 0), exact
                        0x05, 'h', 'i', 's', 't')));
        assertArrayEquals(concat("LOUPEPRF".getBytes(), bytes(0x00, 0x07), HEADER_BLOCK, mode, sites, block(0xFF)),
                SampleProfiles.bytes(p));
    }

    @Test
    void aFormatFiveAccessSiteReadsWithoutUpdateOrArrayName() throws IOException {
        byte[] mode = block(0x09, bytes(0x05, 'l', 'a', 'm', 'p'));
        byte[] sites = block(0x0A, concat(bytes(0x02), HISTOGRAM_SITES[0], HISTOGRAM_SITES[1]));
        byte[] file = concat("LOUPEPRF".getBytes(), bytes(0x00, 0x05), Frames.firstBlock(5, 0x01, HEADER_PAYLOAD), mode, sites, block(0xFF));

        List<AccessSiteMeta> read = ProfileReader.read(new ByteArrayInputStream(file), "five.prof").deps().sites();
        assertEquals(List.of(
                new AccessSiteMeta(0, "A", "f", "()V", null, -1, 0, "iaload", true, false, "int[]"),
                new AccessSiteMeta(1, "A", "f", "()V", null, -1, 1, "iastore", false, true, "int[]")), read);
        assertEquals(-1, read.get(1).updateOf());
    }
}
