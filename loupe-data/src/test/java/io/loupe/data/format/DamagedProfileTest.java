package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.values.ValueSiteProfile;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.file.Files;
import java.nio.file.Path;

import static io.loupe.data.format.Frames.block;
import static io.loupe.data.format.Frames.bytes;
import static io.loupe.data.format.Frames.concat;
import static io.loupe.data.format.Frames.preamble;
import static io.loupe.data.format.Frames.slice;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DamagedProfileTest {

    private static final byte[] SMALL = SampleProfiles.bytes(SampleProfiles.small());
    private static final byte[] HEADER = block(ProfileFormat.HEADER, slice(SMALL,
            Frames.first(SMALL, ProfileFormat.HEADER).payloadOffset(),
            Frames.first(SMALL, ProfileFormat.HEADER).end() - 4));
    /** The same header as the first block of a format 3 file: its checksum covers magic and version. */
    private static final byte[] HEADER_3 = Frames.firstBlock(3, ProfileFormat.HEADER, slice(SMALL,
            Frames.first(SMALL, ProfileFormat.HEADER).payloadOffset(),
            Frames.first(SMALL, ProfileFormat.HEADER).end() - 4));
    private static final byte[] END = block(ProfileFormat.END);

    /** Reads {@code file} expecting a rejection; returns its message after checking its form. */
    static String rejection(byte[] file) {
        ProfileFormatException e = assertThrows(ProfileFormatException.class,
                () -> ProfileReader.read(new ByteArrayInputStream(file), "app.prof"));
        String message = e.getMessage();
        assertTrue(message.startsWith("app.prof: "), message);
        assertFalse(message.contains("\n") || message.contains("\r"), message);
        return message;
    }

    @Test
    void anEmptyFileIsReportedAsEmpty() {
        assertEquals("app.prof: empty file", rejection(new byte[0]));
    }

    @Test
    void aFileOfAnotherKindIsNotALoupeProfile() {
        assertEquals("app.prof: not a Loupe profile (bad magic)", rejection("PK\3\4 a zip file".getBytes()));
        assertEquals("app.prof: not a Loupe profile (bad magic)", rejection(bytes(0xCA, 0xFE, 0xBA, 0xBE)));
    }

    @Test
    void aNewerFormatVersionIsRejectedNamingBothVersions() {
        byte[] file = SMALL.clone();
        file[9] = 8;

        assertEquals("app.prof: written by a newer Loupe (format 8; this reader reads up to 7)", rejection(file));
    }

    @Test
    void formatVersionZeroWasNeverWritten() {
        assertEquals("app.prof: unsupported format version 0", rejection(concat(preamble(0), HEADER, END)));
    }

    @Test
    void everyTruncationIsRejected() {
        for (int length = 0; length < SMALL.length; length++) {
            rejection(slice(SMALL, 0, length));
        }
    }

    @Test
    void aTruncationInsideABlockNamesTheBlock() {
        Frames.Block methods = Frames.first(SMALL, ProfileFormat.METHODS);

        assertEquals("app.prof: truncated in block 'methods'",
                rejection(slice(SMALL, 0, methods.payloadOffset() + methods.length() / 2)));
        assertEquals("app.prof: truncated in block 'methods'", rejection(slice(SMALL, 0, methods.end() - 1)));
    }

    @Test
    void aFileThatStopsBetweenBlocksLacksItsEndBlock() {
        Frames.Block end = Frames.first(SMALL, ProfileFormat.END);

        assertEquals("app.prof: truncated (the end block is missing)", rejection(slice(SMALL, 0, end.offset())));
    }

    @Test
    void aFileCutInsideTheMagicIsTruncated() {
        assertEquals("app.prof: truncated", rejection(slice(SMALL, 0, 5)));
    }

    @Test
    void aFlippedBitInAPayloadIsAChecksumMismatchInThatBlock() {
        Frames.Block forest = Frames.first(SMALL, ProfileFormat.FOREST);
        byte[] file = SMALL.clone();
        file[forest.payloadOffset() + forest.length() - 1] ^= 0x10;

        assertEquals("app.prof: checksum mismatch in block 'forest'", rejection(file));
    }

    @Test
    void aBlockThatFailsToDecodeBecauseItIsDamagedIsReportedAsAChecksumMismatch() {
        Frames.Block methods = Frames.first(SMALL, ProfileFormat.METHODS);
        byte[] file = SMALL.clone();
        file[methods.payloadOffset()] = 0x7F; // 127 methods, where there are 2

        assertEquals("app.prof: checksum mismatch in block 'methods'", rejection(file));
    }

    @Test
    void everySingleBitFlipAnywhereIsRejected() {
        for (int bit = 0; bit < SMALL.length * 8; bit++) {
            byte[] file = SMALL.clone();
            file[bit / 8] ^= (byte) (1 << bit % 8);
            rejection(file);
        }
    }

    @Test
    void anUnknownBlockTypeIsRejectedEvenWithAValidChecksum() {
        byte[] file = concat(preamble(1), HEADER, block(0x42, bytes(1, 2, 3)), END);

        assertEquals("app.prof: unknown block type 0x42 (not part of format 1)", rejection(file));
    }

    @Test
    void valueBlocksAreNotPartOfFormatOne() {
        byte[] file = concat(preamble(1), HEADER, block(ProfileFormat.VALUE_SITES, bytes(0)), END);

        assertEquals("app.prof: unknown block type 'valueSites' (not part of format 1)", rejection(file));
    }

    @Test
    void dependenceBlocksAreNotPartOfFormatTwo() {
        for (int type = ProfileFormat.DEPS; type <= ProfileFormat.DEPENDENCES; type++) {
            byte[] file = concat(preamble(2), HEADER, block(type, bytes(0)), END);

            assertEquals("app.prof: unknown block type " + ProfileFormat.label(type) + " (not part of format 2)",
                    rejection(file));
        }
        assertEquals("app.prof: unknown block type 'dependences' (not part of format 1)",
                rejection(concat(preamble(1), HEADER, block(ProfileFormat.DEPENDENCES, bytes(0)), END)));
    }

    /**
     * A values block as formats 2 and 3 wrote it: site 1, fully profiled (executed, profiled and
     * weight 10), and site 0, convergent (1000 executed, 100 profiled, weight 1000).
     */
    private static final byte[] VALUES_3 = block(ProfileFormat.VALUES, bytes(2,
            1, 10, 10, 10, 7, 0, 0, 2, 4, '2', '.', '5', 8, 5, '-', '0', '.', '0', 2,
            0, 0xE8, 0x07, 100, 0xE8, 0x07, 90, 3, 2, 1, 2, '7', 0xE8, 0x07));

    @Test
    void aFormatTwoProfileStillReads() throws Exception {
        byte[] valueSites = Frames.first(SMALL, ProfileFormat.VALUE_SITES).slice(SMALL);

        Profile p = ProfileReader.read(new ByteArrayInputStream(concat(preamble(2), HEADER, valueSites, VALUES_3, END)),
                "app.prof");

        assertEquals(SampleProfiles.small().valueSites(), p.valueSites());
        assertEquals(2, p.values().size());
        assertEquals(DepsProfile.EMPTY, p.deps());
        assertTrue(p.deps().isEmpty());
    }

    @Test
    void aFormatThreeValueProfileHasMeasuredFiguresOnlyWhereEverythingWasProfiled() throws Exception {
        byte[] valueSites = Frames.first(SMALL, ProfileFormat.VALUE_SITES).slice(SMALL);

        Profile p = ProfileReader.read(new ByteArrayInputStream(concat(preamble(3), HEADER_3, valueSites, VALUES_3,
                END)), "app.prof");

        ValueSiteProfile full = p.values().get(0);
        assertTrue(full.hasMeasured());
        assertEquals(10, full.counted());
        assertArrayEquals(new long[] {8, 2}, full.profiledCounts());
        ValueSiteProfile convergent = p.values().get(1);
        assertFalse(convergent.hasMeasured());
        assertEquals(-1, convergent.counted());
        assertEquals(1000, convergent.executed());
    }

    @Test
    void aFormatThreeFileCannotPassForAnOlderOneWhenItsVersionIsDamaged() throws Exception {
        byte[] file = concat(preamble(3), HEADER_3, END);
        ProfileReader.read(new ByteArrayInputStream(file), "app.prof"); // intact, it reads

        for (int bit = 0; bit < 16; bit++) {
            byte[] damaged = file.clone();
            damaged[8 + bit / 8] ^= (byte) (1 << bit % 8);
            rejection(damaged);
        }
        for (int older : new int[] {1, 2}) { // 3 with bit 1 or bit 0 flipped: the header's checksum covers the version
            byte[] damaged = file.clone();
            damaged[9] = (byte) older;
            assertEquals("app.prof: checksum mismatch in block 'header'", rejection(damaged));
        }
    }

    @Test
    void theFirstBlockOfAnOlderFormatDoesNotCoverTheVersion() throws Exception {
        assertTrue(ProfileReader.read(new ByteArrayInputStream(concat(preamble(2), HEADER, END)), "app.prof")
                .deps().isEmpty());
    }

    @Test
    void theDependenceModeIsGivenOnce() {
        byte[] mode = block(ProfileFormat.DEPS, bytes(5, 'c', 'a', 'm', 'p'));

        assertEquals("app.prof: a second 'deps' block", rejection(concat(preamble(3), HEADER_3, mode, mode, END)));
    }

    @Test
    void unknownDependenceAndContextCodesAreRejected() {
        // one dependence of type code 3, both ends 0, count 1, no loops
        assertEquals("app.prof: corrupt block 'dependences': unknown dependence type 3", rejection(concat(preamble(3),
                HEADER_3, block(ProfileFormat.DEPENDENCES, bytes(1, 3, 0, 0, 0, 0, 1, 0)), END)));
        assertEquals("app.prof: corrupt block 'dependences': bad dependence kind 8", rejection(concat(preamble(3),
                HEADER_3, block(ProfileFormat.DEPENDENCES, bytes(1, 8, 0, 0, 0, 0, 1, 0)), END)));
        // one root: id 0, parent -1, kind 3, site -1
        assertEquals("app.prof: corrupt block 'contexts': unknown context kind 3", rejection(concat(preamble(3),
                HEADER_3, block(ProfileFormat.CONTEXTS, bytes(1, 0, 2, 3, 1)), END)));
    }

    @Test
    void aFormatOneProfileStillReads() throws Exception {
        Profile p = ProfileReader.read(new ByteArrayInputStream(concat(preamble(1), HEADER, END)), "app.prof");

        assertTrue(p.valueSites().isEmpty() && p.values().isEmpty() && p.deps().isEmpty());
    }

    @Test
    void theHeaderComesFirstAndOnlyOnce() {
        assertEquals("app.prof: block 'warnings' comes before the header",
                rejection(concat(preamble(1), block(ProfileFormat.WARNINGS, bytes(0)), HEADER, END)));
        assertEquals("app.prof: block 'end' comes before the header", rejection(concat(preamble(1), END)));
        assertEquals("app.prof: a second header block", rejection(concat(preamble(1), HEADER, HEADER, END)));
    }

    @Test
    void bytesAfterTheEndBlockAreRejected() {
        assertEquals("app.prof: unexpected data after the end block", rejection(concat(SMALL, bytes(0))));
    }

    @Test
    void aCountBeyondTheBlockIsRejectedBeforeAnythingIsAllocated() {
        byte[] file = concat(preamble(1), HEADER, block(ProfileFormat.METHODS, bytes(0xFF, 0xFF, 0xFF, 0xFF, 0x07)), END);

        assertEquals("app.prof: corrupt block 'methods': a count of 2147483647 exceeds the block", rejection(file));
    }

    @Test
    void aPayloadLongerThanItsContentIsRejected() {
        byte[] file = concat(preamble(1), HEADER, block(ProfileFormat.WARNINGS, bytes(1, 1, 0)), END);

        assertEquals("app.prof: corrupt block 'warnings': 1 bytes after the content", rejection(file));
    }

    @Test
    void aContentLongerThanItsPayloadIsRejected() {
        // one warning, whose length is a varint that does not end inside the block
        byte[] file = concat(preamble(1), HEADER, block(ProfileFormat.WARNINGS, bytes(1, 0x80)), END);

        assertEquals("app.prof: corrupt block 'warnings': content runs past the end of the block", rejection(file));
    }

    @Test
    void anUnknownEdgeKindIsRejected() {
        // one method: id 0, four null strings, numPaths 1, no cuts, storage NONE, no blocks,
        // one edge 0 -> 1 of kind 9, no loops
        byte[] method = bytes(1, 0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 9, 0, 0);
        byte[] file = concat(preamble(1), HEADER, block(ProfileFormat.METHODS, method), END);

        assertEquals("app.prof: corrupt block 'methods': unknown edge kind 9", rejection(file));
    }

    @Test
    void aStreamClaimingAnEnormousForestRunsOutOfBytesNotOfMemory() throws IOException {
        // A forest block that claims 2^40 bytes and 2^31-1 nodes, then ends after a few bytes.
        byte[] start = concat(preamble(1), HEADER, bytes(ProfileFormat.FOREST, 0x80, 0x80, 0x80, 0x80, 0x80, 0x20),
                bytes(0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0x07));
        InputStream stream = new SequenceInputStream(new ByteArrayInputStream(start),
                new ByteArrayInputStream(new byte[3_000_000])); // three million root nodes' worth... of zeros

        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> ProfileReader.read(stream, "pipe"));
        assertEquals("pipe: truncated in block 'forest'", e.getMessage());
    }

    @Test
    void aFileOnDiskIsNamedAsItWasGiven(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("app.prof");
        Files.write(file, slice(SMALL, 0, SMALL.length - 3));

        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> ProfileReader.read(file));
        assertEquals(file + ": truncated in block 'end'", e.getMessage());
        assertEquals("truncated in block 'end'", e.problem());
    }

    @Test
    void aBlockLengthBeyondTheEndOfTheFileIsTruncationFoundBeforeReadingOn(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("app.prof");
        Files.write(file, concat(preamble(1), HEADER, bytes(ProfileFormat.METHODS, 0xFF, 0xFF, 0x7F, 1), END));

        ProfileFormatException e = assertThrows(ProfileFormatException.class, () -> ProfileReader.read(file));
        assertEquals(file + ": truncated in block 'methods'", e.getMessage());
    }
}
