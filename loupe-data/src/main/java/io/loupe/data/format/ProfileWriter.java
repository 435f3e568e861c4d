package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.paths.SlabForest;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Writes a {@link Profile} in the Loupe profile format, version 2 (docs/profile-format.md):
 *
 * <pre>
 * file    := magic version block* end
 * magic   := "LOUPEPRF"                        8 ASCII bytes
 * version := u16, big-endian                   currently 2
 * block   := type:u8 length:varlong payload crc:u32 (big-endian)
 *            crc is the CRC32 of the type, length and payload bytes
 * end     := the block of type 0xFF, with an empty payload; nothing follows it
 *
 * type payload
 * 0x01 header    loupeVersion:str createdMillis:zlong options:str k:zint jvm:str command:str
 * 0x02 methods   n:varint method{n}
 *      method := id:varint className:str name:str desc:str sourceFile:str
 *                numPaths:varlong cutEdges:varint storage:u8
 *                n:varint (firstInsn:varint lastInsn:varint lines:ints handler:bool){n}
 *                n:varint (from:varint to:varint kind:u8 val:varlong){n}
 *                n:varint (header:varint parent:zint depth:varint blocks:ints
 *                          backEdgeSources:ints reducible:bool){n}
 * 0x03 counts    n:varint (methodId:varint m:varint idDelta:zlong{m} count:varlong{m}){n}
 * 0x04 forest    thread:str k:zint pruned:varlong prunedCount:varlong n:varint
 *                parent{n} method{n} label:varint{n} count:varlong{n}   (see PathsCodec)
 * 0x05 stats     n:varint (key:str value:zlong){n}
 * 0x06 warnings  n:varint str{n}
 * 0x07 valueSites n:varint (id:varint className:str method:str desc:str sourceFile:str line:zint
 *                kind:u8 type:u8 index:varint detail:str producer:str formula:str){n}   (version 2)
 * 0x08 values    n:varint (siteId:varint executed:varlong profiled:varlong weight:varlong
 *                mrvHits:varlong switchedOff:varlong switchedOn:varlong
 *                m:varint (value:str count:varlong){m}){n}                              (version 2)
 *
 * varint, varlong  unsigned LEB128 of the 32 / 64 bits (negative ints take 5 bytes)
 * zint, zlong      zig-zag, then varint / varlong
 * str              varint (UTF-8 byte length + 1; 0 = null), then the bytes
 * ints             varint length, then zint differences to the previous element (the first to 0)
 * bool             u8, 0 or 1;  kind, storage: u8 codes fixed in ProfileFormat
 * </pre>
 *
 * <p>The header block comes first, exactly once. Every other type may occur any number of times in
 * any order; blocks of one type concatenate in file order, and an absent type reads as empty. This
 * writer puts methods, counts, stats and warnings 1024 to a block and each forest in a block of its
 * own, and streams every block: it encodes a block once to a counter to learn its length, then
 * again to the file. Nothing is buffered, so the profile must not change while it is written.
 *
 * <p>The checksum covers type and length too, so that no byte after the version escapes it.
 */
public final class ProfileWriter {

    private static final AtomicInteger TEMP_FILES = new AtomicInteger();

    /** Encodes one block's payload; run twice per block, see the class comment. */
    private interface Payload {
        void writeTo(CompactDataOutput out) throws IOException;
    }

    private interface Item<T> {
        void write(CompactDataOutput out, T item) throws IOException;
    }

    private final CompactDataOutput out;
    private final CompactDataOutput sizer = new CompactDataOutput(OutputStream.nullOutputStream());

    private ProfileWriter(OutputStream out) {
        this.out = new CompactDataOutput(out);
    }

    /**
     * Writes {@code p} to a temporary file next to {@code file}, forces it to disk and renames it
     * over {@code file}: readers (and a crash) see the old profile or the new one, never half of
     * one. On failure the temporary file is removed and {@code file} is left as it was.
     */
    public static void write(Profile p, Path file) throws IOException {
        Path target = file.toAbsolutePath();
        Path tmp = createTemporaryNextTo(target);
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE);
                 OutputStream stream = Channels.newOutputStream(channel)) {
                write(p, stream);
                channel.force(true); // on disk before it has the real name: a crash cannot leave half a file
            }
            try {
                Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (Throwable t) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException suppressed) {
                t.addSuppressed(suppressed);
            }
            throw t;
        }
    }

    /**
     * An empty, hidden file in the target's directory (a rename cannot cross file systems). Not
     * {@link Files#createTempFile}: its owner-only permissions would end up on the profile.
     */
    private static Path createTemporaryNextTo(Path target) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path tmp = target.resolveSibling("." + target.getFileName() + "." + ProcessHandle.current().pid()
                    + "." + TEMP_FILES.incrementAndGet() + ".tmp");
            try {
                return Files.createFile(tmp);
            } catch (FileAlreadyExistsException e) {
                if (attempt == 100) {
                    throw e;
                }
            }
        }
    }

    /** Writes {@code p} to {@code out} and flushes it; {@code out} stays open. */
    public static void write(Profile p, OutputStream out) throws IOException {
        Objects.requireNonNull(p.header(), "profile header");
        new ProfileWriter(out).writeProfile(p);
    }

    private void writeProfile(Profile p) throws IOException {
        out.writeBytes(ProfileFormat.MAGIC);
        out.writeShort(ProfileFormat.VERSION);
        block(ProfileFormat.HEADER, o -> RunCodec.writeHeader(o, p.header()));
        // Collections are copied first: one that grew between the two passes over a block would
        // make the block's length wrong.
        blocks(ProfileFormat.METHODS, new ArrayList<>(p.methods()), MethodCodec::write);
        blocks(ProfileFormat.COUNTS, new ArrayList<>(p.counts()), PathsCodec::writeCounts);
        for (SlabForest forest : new ArrayList<>(p.forests())) {
            block(ProfileFormat.FOREST, o -> PathsCodec.writeForest(o, forest));
        }
        blocks(ProfileFormat.STATS, p.stats().entrySet().stream().map(AbstractMap.SimpleImmutableEntry::new).toList(),
                RunCodec::writeStat);
        blocks(ProfileFormat.WARNINGS, new ArrayList<>(p.warnings()), CompactDataOutput::writeString);
        blocks(ProfileFormat.VALUE_SITES, new ArrayList<>(p.valueSites()), ValuesCodec::writeSite);
        blocks(ProfileFormat.VALUES, new ArrayList<>(p.values()), ValuesCodec::writeProfile);
        block(ProfileFormat.END, o -> { });
        out.flush();
    }

    /** Writes {@code items} as blocks of {@link ProfileFormat#ITEMS_PER_BLOCK}: count, then items. */
    private <T> void blocks(int type, List<T> items, Item<T> item) throws IOException {
        for (int from = 0; from < items.size(); from += ProfileFormat.ITEMS_PER_BLOCK) {
            List<T> chunk = items.subList(from, Math.min(items.size(), from + ProfileFormat.ITEMS_PER_BLOCK));
            block(type, o -> {
                o.writeVarInt(chunk.size());
                for (T t : chunk) {
                    item.write(o, t);
                }
            });
        }
    }

    private void block(int type, Payload payload) throws IOException {
        sizer.reset();
        payload.writeTo(sizer);
        long length = sizer.size();
        out.beginChecksum();
        out.writeByte(type);
        out.writeVarLong(length);
        long start = out.size();
        payload.writeTo(out);
        if (out.size() - start != length) {
            throw new IllegalStateException("block " + ProfileFormat.label(type) + " changed while it was written");
        }
        out.writeFixedInt(out.endChecksum());
    }
}
