package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.CallSiteMeta;
import io.loupe.data.deps.ContextNode;
import io.loupe.data.deps.DepLoopMeta;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.AbsintProfile;
import io.loupe.data.deps.DepsProfile;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a profile written by {@link ProfileWriter}, of its format version or an older one (the
 * layout is described there and in docs/profile-format.md).
 *
 * <p>A file that is not a whole, intact profile is rejected with a one-line
 * {@link ProfileFormatException}: empty, bad magic, newer version, truncated anywhere, a checksum
 * mismatch, an unknown block type, blocks out of place. Blocks are decoded as they stream in and
 * their checksum is compared at their end; when decoding fails first, the rest of the block is
 * still read so that a damaged block is reported as a checksum mismatch, which is what it is.
 *
 * <p>A profile that decodes is then checked by {@link ProfileValidator}: intact bytes can still
 * say impossible things (a path id beyond its method's paths, counts for a method the profile does
 * not describe, a block written twice, an unknown dependence mode). The first such problem is
 * refused the same way, {@code app.prof: inconsistent profile: …}, so that no report is ever made
 * of data that does not hold together.
 *
 * <p>The profile returned is unmodifiable; {@code stats} keeps the order of the file.
 */
public final class ProfileReader {

    private interface Item<T> {
        T read(CompactDataInput in) throws IOException;
    }

    private static final byte[] NOTHING = new byte[0];

    private final CompactDataInput in;
    private ProfileHeader header;
    private final List<MethodMeta> methods = new ArrayList<>();
    private final List<PathCounts> counts = new ArrayList<>();
    private final List<SlabForest> forests = new ArrayList<>();
    private final Map<String, Long> stats = new LinkedHashMap<>();
    private final List<String> warnings = new ArrayList<>();
    private final List<ValueSiteMeta> valueSites = new ArrayList<>();
    private final List<ValueSiteProfile> values = new ArrayList<>();
    private boolean depsBlock;
    private String depsMode;
    private final List<AccessSiteMeta> accessSites = new ArrayList<>();
    private final List<DepLoopMeta> depLoops = new ArrayList<>();
    private final List<CallSiteMeta> callSites = new ArrayList<>();
    private final List<ContextNode> contexts = new ArrayList<>();
    private final List<LoopRecord> loopRecords = new ArrayList<>();
    private AbsintProfile absint = AbsintProfile.NONE;
    private final List<Dependence> dependences = new ArrayList<>();
    private int version;
    private boolean first = true;             // the next block is the file's first

    private ProfileReader(CompactDataInput in) {
        this.in = in;
    }

    /** Reads the profile in {@code file}; messages name the file as given. */
    public static Profile read(Path file) throws IOException {
        try (InputStream stream = Files.newInputStream(file)) {
            // The size lets a damaged block length be reported before anything is read; a pipe has none.
            long size = Files.isRegularFile(file) ? Files.size(file) : -1;
            return checked(new ProfileReader(new CompactDataInput(stream, file.toString(), size)).readProfile(),
                    file.toString());
        }
    }

    /**
     * Reads a profile from {@code stream} to its end (a profile is the whole stream; trailing bytes are
     * an error). The stream is not closed. {@code name} is what messages call it.
     */
    public static Profile read(InputStream stream, String name) throws IOException {
        return checked(decode(stream, name), name);
    }

    /**
     * Decodes a profile without checking that its content holds together: for the format's own
     * tests, which show that any int and long round-trips, meaningful or not.
     */
    static Profile decode(InputStream stream, String name) throws IOException {
        return new ProfileReader(new CompactDataInput(stream, name, -1)).readProfile();
    }

    private static Profile checked(Profile profile, String name) throws ProfileFormatException {
        ProfileValidator.check(profile, name);
        return profile;
    }

    private Profile readProfile() throws IOException {
        readMagicAndVersion();
        while (readBlock()) {
            // each block adds to the fields
        }
        if (!in.atEof()) {
            throw in.fail("unexpected data after the end block");
        }
        return new Profile(header, Collections.unmodifiableList(methods), Collections.unmodifiableList(counts),
                Collections.unmodifiableList(forests), Collections.unmodifiableMap(stats),
                Collections.unmodifiableList(warnings), Collections.unmodifiableList(valueSites),
                Collections.unmodifiableList(values), deps());
    }

    private DepsProfile deps() {
        DepsProfile deps = new DepsProfile(depsMode, Collections.unmodifiableList(accessSites),
                Collections.unmodifiableList(depLoops), Collections.unmodifiableList(callSites),
                Collections.unmodifiableList(contexts), Collections.unmodifiableList(loopRecords),
                Collections.unmodifiableList(dependences), absint);
        return deps.isEmpty() ? DepsProfile.EMPTY : deps;
    }

    private void readMagicAndVersion() throws IOException {
        if (in.atEof()) {
            throw in.fail("empty file");
        }
        for (byte b : ProfileFormat.MAGIC) {
            if (in.atEof()) {
                throw in.fail("truncated"); // so far the magic was right
            }
            if (in.readUnsignedByte() != (b & 0xFF)) {
                throw in.fail("not a Loupe profile (bad magic)");
            }
        }
        version = in.readUnsignedShort();
        if (version > ProfileFormat.VERSION) {
            throw in.fail("written by a newer Loupe (format " + version + "; this reader reads up to "
                    + ProfileFormat.VERSION + ")");
        }
        if (version < 1) {
            throw in.fail("unsupported format version " + version);
        }
    }

    /** Reads one block and checks its checksum; false after the end block. */
    private boolean readBlock() throws IOException {
        if (in.atEof()) {
            throw in.fail("truncated (the end block is missing)");
        }
        int type = in.beginBlock(first ? ProfileFormat.coveredByFirstBlock(version) : NOTHING);
        first = false;
        in.enterPayload(ProfileFormat.label(type));
        // Whether the block is out of place is decided now, but only said once the checksum has
        // shown that the type byte is what was written.
        String misplaced = misplaced(type);
        try {
            if (misplaced == null) {
                decode(type);
                in.expectPayloadEnd();
            } else {
                in.skipPayload();
            }
        } catch (ProfileFormatException e) {
            throw checkedFirst(e);
        } catch (RuntimeException e) { // a decoder's bug still ends as a one-line message
            ProfileFormatException problem = in.corrupt(e.toString());
            problem.initCause(e);
            throw checkedFirst(problem);
        }
        in.verifyChecksum();
        if (misplaced != null) {
            throw in.fail(misplaced);
        }
        return type != ProfileFormat.END;
    }

    /** Reads to the block's end first: a checksum mismatch explains a decoding problem better. */
    private ProfileFormatException checkedFirst(ProfileFormatException problem) throws IOException {
        in.skipPayload();
        in.verifyChecksum();
        return problem;
    }

    private String misplaced(int type) {
        if (!ProfileFormat.isKnown(type, version)) {
            return "unknown block type " + ProfileFormat.label(type) + " (not part of format " + version + ")";
        }
        if (header == null && type != ProfileFormat.HEADER) {
            return "block " + ProfileFormat.label(type) + " comes before the header";
        }
        if (header != null && type == ProfileFormat.HEADER) {
            return "a second header block";
        }
        if (depsBlock && type == ProfileFormat.DEPS) {
            return "a second 'deps' block";
        }
        if (absint.enabled() && type == ProfileFormat.ABSINT) {
            return "a second 'absint' block";
        }
        return null;
    }

    private void decode(int type) throws IOException {
        switch (type) {
            case ProfileFormat.HEADER -> header = RunCodec.readHeader(in);
            case ProfileFormat.METHODS -> readItems(methods, MethodCodec::read);
            case ProfileFormat.COUNTS -> readItems(counts, PathsCodec::readCounts);
            case ProfileFormat.FOREST -> forests.add(PathsCodec.readForest(in));
            case ProfileFormat.STATS -> RunCodec.readStats(in, stats);
            case ProfileFormat.WARNINGS -> readItems(warnings, CompactDataInput::readString);
            case ProfileFormat.VALUE_SITES -> readItems(valueSites, ValuesCodec::readSite);
            case ProfileFormat.VALUES -> readItems(values, input -> ValuesCodec.readProfile(input, version));
            case ProfileFormat.DEPS -> {
                depsMode = in.readString();
                if (depsMode == null) { // the writer writes the block only for a mode: it would read as no deps at all
                    throw in.corrupt("no dependence profiling mode");
                }
                depsBlock = true;
            }
            case ProfileFormat.ACCESS_SITES -> readItems(accessSites, input -> DepsCodec.readSite(input, version));
            case ProfileFormat.DEP_LOOPS -> readItems(depLoops, DepsCodec::readLoop);
            case ProfileFormat.CALL_SITES -> readItems(callSites, DepsCodec::readCall);
            case ProfileFormat.CONTEXTS -> DepsCodec.readContexts(in, contexts);
            case ProfileFormat.LOOP_RECORDS -> readItems(loopRecords, input -> DepsCodec.readLoopRecord(input, version));
            case ProfileFormat.ABSINT -> absint = DepsCodec.readAbsint(in);
            case ProfileFormat.DEPENDENCES -> readItems(dependences, DepsCodec::readDependence);
            case ProfileFormat.END -> { }
            default -> throw new IllegalArgumentException("block type " + type);
        }
    }

    private <T> void readItems(List<T> into, Item<T> item) throws IOException {
        for (int i = 0, n = in.readCount(); i < n; i++) {
            into.add(item.read(in));
        }
    }
}
