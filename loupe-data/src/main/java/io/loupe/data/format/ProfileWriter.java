package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.DepsProfile;
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
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * Writes a {@link Profile} in the Loupe profile format, version 6 (docs/profile-format.md):
 *
 * <pre>
 * file    := magic version block* end
 * magic   := "LOUPEPRF"                        8 ASCII bytes
 * version := u16, big-endian                   currently 6
 * block   := type:u8 length:varlong payload crc:u32 (big-endian)
 *            crc is the CRC32 of the type, length and payload bytes; the first block's
 *            starts at the file's first byte (magic and version too; since version 3)
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
 * 0x08 values    n:varint (siteId:varint executed:varlong counted:zlong profiled:varlong
 *                weight:varlong mrvHits:varlong switchedOff:varlong switchedOn:varlong measured:bool
 *                m:varint (value:str count:varlong profiledCount:varlong{measured}){m}){n}
 *                (version 2; counted, measured and profiledCount since version 4)
 * 0x09 deps      mode:str                                     (at most once; version 3 and on)
 * 0x0A accessSites n:varint (id:varint className:str method:str desc:str sourceFile:str line:zint
 *                index:varint access:str rw:u8 target:str update:zint (op:u8 inexact:bool){update >= 0}
 *                arrayName:str){n}     rw: 1 reads, 2 writes; update (a load's index or -1), op and
 *                arrayName since version 6; op: 0 + 1 - 2 * 3 &amp; 4 | 5 ^ 6 min 7 max
 * 0x0B depLoops  n:varint (id:varint className:str method:str desc:str sourceFile:str line:zint
 *                index:varint parent:zint recursion:bool
 *                r:varint (slot:varint name:str kind:u8){r}){n}    kind: 0 induction, 1 reduction, 2 other
 * 0x0C callSites n:varint (id:varint className:str method:str desc:str sourceFile:str line:zint
 *                callee:str){n}
 * 0x0D contexts  n:varint (idDelta:zint parentDistance:zint kind:u8 site:zint){n}   (see DepsCodec)
 * 0x0E loopRecords n:varint (loop:varint context:zint invocations:varlong iterations:varlong
 *                decided:varlong){n}                                 (decided since version 5)
 * 0x0F dependences n:varint (kind:u8 srcSite:varint srcContext:zint dstSite:varint dstContext:zint
 *                count:varlong loops:ints relation:u8{loops}){n}      kind: type code + 4 if cross-thread
 * 0x10 absint    n:varint (loop:varint reason:str){n}             (at most once; version 5 and on)
 *                m:varint (nest:varint loops:ints decided:varlong untraced:varlong
 *                f:varint (reason:str count:varlong){f}){m}
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
 * writer puts the items of a list (methods, counts, stats, warnings, sites, …) 1024 to a block and
 * each forest in a block of its own, and streams every block: it encodes a block once to a counter to learn its length, then
 * again to the file. Nothing is buffered, so the profile must not change while it is written.
 *
 * <p>The checksum covers type and length too, and the first block's (the header's) also covers the
 * magic and version, so that no byte of the file escapes a checksum.
 */
public final class ProfileWriter {

    /**
     * The stat a salvaged profile carries when parts of it could not be written: how many parts
     * were cut short ({@link #writeSalvaging}; each is named in a warning).
     */

    private static final AtomicInteger TEMP_FILES = new AtomicInteger();
    private static final byte[] NOTHING = new byte[0];

    /** Encodes one block's payload; run twice per block, see the class comment. */
    private interface Payload {
        void writeTo(CompactDataOutput out) throws IOException;
    }

    private interface Item<T> {
        void write(CompactDataOutput out, T item) throws IOException;
    }

    /** Writes one block's items, count first. */
    private interface Chunk<T> {
        void write(CompactDataOutput out, List<T> items) throws IOException;
    }

    private final CompactDataOutput out;
    private final CompactDataOutput sizer = new CompactDataOutput(OutputStream.nullOutputStream());
    private final boolean salvage;
    private final Supplier<List<String>> lateWarnings;
    private final List<String> missing = new ArrayList<>();
    private final java.util.Set<String> cut = new java.util.HashSet<>();   // parts cut short or left out
    private boolean inBlock;       // bytes of a block have gone out and its checksum has not
    private long itemsWritten;     // of the part being written

    private ProfileWriter(OutputStream out, boolean salvage, Supplier<List<String>> lateWarnings) {
        this.out = new CompactDataOutput(out);
        this.salvage = salvage;
        this.lateWarnings = lateWarnings;
    }

    /**
     * Writes {@code p} to a temporary file next to {@code file}, forces it to disk and renames it
     * over {@code file}: readers (and a crash) see the old profile or the new one, never half of
     * one. On failure the temporary file is removed and {@code file} is left as it was.
     */
    public static void write(Profile p, Path file) throws IOException {
        write(file, stream -> new ProfileWriter(stream, false, List::of).writeProfile(p));
    }

    /**
     * Writes {@code p} as {@link #write(Profile, Path)} does, salvaging what it can: a part of the
     * profile that cannot be read to the end (memory runs out, a table changes under the read) is
     * cut short at a block boundary and named in a warning ({@code profile incomplete: …}) and in
     * the stat {@link StatKeys#DUMP_INCOMPLETE}, and the other parts are still written.
     * {@code lateWarnings} is asked once every part is written, for warnings that only the writing
     * could give (threads whose data was left out as it was read).
     *
     * @return the warnings of the parts cut short (empty when the profile is whole)
     */
    public static List<String> writeSalvaging(Profile p, Path file, Supplier<List<String>> lateWarnings) throws IOException {
        List<String> missing = new ArrayList<>();
        write(file, stream -> {
            ProfileWriter w = new ProfileWriter(stream, true, lateWarnings);
            w.writeProfile(p);
            missing.addAll(w.missing);
        });
        return missing;
    }

    private interface Encoding {
        void writeTo(OutputStream stream) throws IOException;
    }

    private static void write(Path file, Encoding encoding) throws IOException {
        Path target = file.toAbsolutePath();
        Path tmp = createTemporaryNextTo(target);
        try {
            try (FileChannel channel = FileChannel.open(tmp, StandardOpenOption.WRITE);
                 OutputStream stream = Channels.newOutputStream(channel)) {
                encoding.writeTo(stream);
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
        new ProfileWriter(out, false, List::of).writeProfile(p);
    }

    private void writeProfile(Profile p) throws IOException {
        out.writeBytes(ProfileFormat.MAGIC);
        out.writeShort(ProfileFormat.VERSION);
        block(ProfileFormat.HEADER, ProfileFormat.coveredByFirstBlock(ProfileFormat.VERSION),
                o -> RunCodec.writeHeader(o, p.header()));
        part("methods", List.of(), () -> blocks(ProfileFormat.METHODS, p.methods(), MethodCodec::write));
        part("path counts", List.of("methods"), () -> blocks(ProfileFormat.COUNTS, p.counts(), PathsCodec::writeCounts));
        part("k-path forests", List.of("methods"), () -> {
            for (SlabForest forest : p.forests()) {
                block(ProfileFormat.FOREST, o -> PathsCodec.writeForest(o, forest));
            }
        });
        part("value sites", List.of(), () -> blocks(ProfileFormat.VALUE_SITES, p.valueSites(), ValuesCodec::writeSite));
        part("value profiles", List.of("value sites"), () -> blocks(ProfileFormat.VALUES, p.values(), ValuesCodec::writeProfile));
        writeDeps(p.deps());
        // Stats and warnings come last (the format allows any order): what the parts above could not
        // write, and warnings known only once they are written, are still said.
        List<String> warnings = new ArrayList<>(p.warnings());
        warnings.addAll(lateWarnings.get());
        warnings.addAll(missing);
        Map<String, Long> stats = new LinkedHashMap<>(p.stats());
        if (!missing.isEmpty()) {   // added to the parts the caller could not collect, if any
            stats.merge(StatKeys.DUMP_INCOMPLETE, (long) missing.size(), Long::sum);
        }
        blocks(ProfileFormat.STATS, stats.entrySet().stream().map(AbstractMap.SimpleImmutableEntry::new).toList(),
                RunCodec::writeStat);
        blocks(ProfileFormat.WARNINGS, warnings, CompactDataOutput::writeString);
        block(ProfileFormat.END, o -> { });
        out.flush();
    }

    /** The dependence blocks; none at all for a run that did not profile dependences. */
    private void writeDeps(DepsProfile deps) throws IOException {
        if (deps.mode() != null) {
            block(ProfileFormat.DEPS, o -> o.writeString(deps.mode()));
        }
        part("access sites", List.of(), () -> blocks(ProfileFormat.ACCESS_SITES, deps.sites(), DepsCodec::writeSite));
        part("dependence loops", List.of(), () -> blocks(ProfileFormat.DEP_LOOPS, deps.loops(), DepsCodec::writeLoop));
        part("call sites", List.of(), () -> blocks(ProfileFormat.CALL_SITES, deps.calls(), DepsCodec::writeCall));
        part("contexts", List.of("dependence loops", "call sites"), () -> chunks(ProfileFormat.CONTEXTS, deps.contexts(), DepsCodec::writeContexts));
        part("loop records", List.of("dependence loops", "contexts"), () -> blocks(ProfileFormat.LOOP_RECORDS, deps.loopRecords(), DepsCodec::writeLoopRecord));
        part("dependences", List.of("access sites", "dependence loops", "contexts"), () -> blocks(ProfileFormat.DEPENDENCES, deps.dependences(), DepsCodec::writeDependence));
        if (deps.absint().enabled()) {
            part("absint", List.of("dependence loops"), () -> block(ProfileFormat.ABSINT, o -> DepsCodec.writeAbsint(o, deps.absint())));
        }
    }

    /** Writes one part of the profile: a list's blocks. */
    private interface Part {
        void write() throws IOException;
    }

    /**
     * Writes a part; when salvaging, a part that fails between blocks (the memory to read its next
     * items, a table that changed under the read) loses its remaining blocks and is named among
     * the missing parts, and the rest of the profile is written — but for the parts whose ids
     * point into one cut short ({@code refersTo}), which are left out whole, so that what is
     * written stays a profile the reader accepts. A failure inside a block, after bytes of it went
     * out, cannot be undone and fails the whole write.
     */
    private void part(String name, List<String> refersTo, Part part) throws IOException {
        itemsWritten = 0;
        if (!salvage) {
            part.write();
            return;
        }
        for (String other : refersTo) {
            if (cut.contains(other)) {
                cut.add(name);
                missing.add("profile incomplete: " + name + " not written (they refer to the " + other
                        + " cut short)");
                return;
            }
        }
        try {
            part.write();
        } catch (IOException e) {
            throw e;
        } catch (Throwable t) {   // OutOfMemoryError and StackOverflowError too: the rest of the profile is worth more
            if (inBlock) {
                throw t;
            }
            cut.add(name);
            missing.add("profile incomplete: " + name + " after the first " + itemsWritten + " not written ("
                    + t + ")");
        }
    }

    /** Writes {@code items} as blocks of {@link ProfileFormat#ITEMS_PER_BLOCK}: count, then items. */
    private <T> void blocks(int type, List<T> items, Item<T> item) throws IOException {
        chunks(type, items, (o, chunk) -> {
            o.writeVarInt(chunk.size());
            for (T t : chunk) {
                item.write(o, t);
            }
        });
    }

    /**
     * Writes {@code items} as blocks of {@link ProfileFormat#ITEMS_PER_BLOCK}, each as {@code chunk}
     * says. Items are taken a block at a time, in one pass of the list's iterator, into a buffer
     * that both passes over the block read: a list computed while it is read (the runtime's merged
     * dependences) is never held whole, and one that changes while it is written cannot make a
     * block's length wrong.
     */
    private <T> void chunks(int type, List<T> items, Chunk<T> chunk) throws IOException {
        List<T> part = new ArrayList<>(Math.min(items.size(), ProfileFormat.ITEMS_PER_BLOCK));
        Iterator<T> it = items.iterator();
        while (it.hasNext()) {
            part.clear();
            while (it.hasNext() && part.size() < ProfileFormat.ITEMS_PER_BLOCK) {
                part.add(it.next());
            }
            block(type, o -> chunk.write(o, part));
            itemsWritten += part.size();
        }
    }

    private void block(int type, Payload payload) throws IOException {
        block(type, NOTHING, payload);
    }

    /** A block whose checksum also covers {@code covered}, bytes written before it. */
    private void block(int type, byte[] covered, Payload payload) throws IOException {
        sizer.reset();
        payload.writeTo(sizer);
        long length = sizer.size();
        inBlock = true;
        out.beginChecksum(covered);
        out.writeByte(type);
        out.writeVarLong(length);
        long start = out.size();
        payload.writeTo(out);
        if (out.size() - start != length) {
            throw new IllegalStateException("block " + ProfileFormat.label(type) + " changed while it was written");
        }
        out.writeFixedInt(out.endChecksum());
        inBlock = false;
    }
}
