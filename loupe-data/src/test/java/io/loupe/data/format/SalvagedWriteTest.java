package io.loupe.data.format;

import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.DepType;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.DepsProfile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import static io.loupe.data.format.ProfileAssertions.assertSameProfile;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A profile written while memory runs out: the part that fails is cut at a block boundary and
 * named, the rest is written, and the file reads back.
 */
class SalvagedWriteTest {

    /** Dependences computed as they are read, the reading failing as memory would after {@code failAt} of them. */
    private static final class FailingDependences extends AbstractList<Dependence> {
        private final int size;
        private final int failAt;

        FailingDependences(int size, int failAt) {
            this.size = size;
            this.failAt = failAt;
        }

        @Override
        public Dependence get(int i) {
            if (i >= failAt) {
                throw new OutOfMemoryError("Java heap space");
            }
            // sites and the context as SampleProfiles.deps() describes them; the count tells items apart
            return new Dependence(DepType.RAW, i % 2, 2, (i + 1) % 2, 2, i + 1L, false, new int[0], new byte[0]);
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public Iterator<Dependence> iterator() {
            return new Iterator<>() {
                int next;

                @Override
                public boolean hasNext() {
                    return next < size;
                }

                @Override
                public Dependence next() {
                    if (next >= size) {
                        throw new NoSuchElementException();
                    }
                    return get(next++);
                }
            };
        }
    }

    private static Profile withDependences(List<Dependence> dependences) {
        Profile small = SampleProfiles.small();
        DepsProfile d = SampleProfiles.deps();
        return new Profile(small.header(), small.methods(), small.counts(), small.forests(), small.stats(),
                small.warnings(), small.valueSites(), small.values(), new DepsProfile(d.mode(), d.sites(), d.loops(),
                d.calls(), d.contexts(), d.loopRecords(), dependences));
    }

    @Test
    void aPartThatRunsOutOfMemoryIsCutAtABlockAndNamedAndTheRestIsWritten(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.prof");
        List<String> missing = ProfileWriter.writeSalvaging(withDependences(new FailingDependences(5000, 2500)), file,
                () -> List.of("known once written"));
        String expected = "profile incomplete: dependences after the first 2048 not written"
                + " (java.lang.OutOfMemoryError: Java heap space)";
        assertEquals(List.of(expected), missing);
        Profile read = ProfileReader.read(file);
        assertEquals(2048, read.deps().dependences().size(), "the whole blocks before the failure");
        assertEquals(2048, read.deps().dependences().get(2047).count());
        assertEquals(SampleProfiles.small().methods().size(), read.methods().size(), "the parts before it");
        assertEquals(SampleProfiles.small().counts().size(), read.counts().size());
        assertEquals(1L, read.stats().get(StatKeys.DUMP_INCOMPLETE));
        assertEquals(2L, read.stats().get("paths.threads"), "stats and warnings come after every part");
        assertTrue(read.warnings().contains(expected), read.warnings().toString());
        assertTrue(read.warnings().contains("known once written"), read.warnings().toString());
        assertTrue(read.warnings().contains("com.example.Broken: left as it was (bad frames)"));
    }

    @Test
    void thePartsThatReferToAPartCutShortAreLeftOutSoThatTheProfileStaysReadable(@TempDir Path dir) throws IOException {
        Profile small = SampleProfiles.small();
        List<io.loupe.data.meta.MethodMeta> failingMethods = new AbstractList<>() {
            @Override
            public io.loupe.data.meta.MethodMeta get(int i) {
                throw new OutOfMemoryError("Java heap space");
            }

            @Override
            public int size() {
                return 2;
            }
        };
        Profile p = new Profile(small.header(), failingMethods, small.counts(), small.forests(), small.stats(),
                small.warnings(), small.valueSites(), small.values(), small.deps());
        Path file = dir.resolve("a.prof");
        List<String> missing = ProfileWriter.writeSalvaging(p, file, List::of);
        assertEquals(List.of("profile incomplete: methods after the first 0 not written (java.lang.OutOfMemoryError: Java heap space)",
                "profile incomplete: path counts not written (they refer to the methods cut short)",
                "profile incomplete: k-path forests not written (they refer to the methods cut short)"), missing);
        Profile read = ProfileReader.read(file);   // accepted by the reader's checks
        assertEquals(0, read.methods().size());
        assertEquals(0, read.counts().size());
        assertEquals(small.values().size(), read.values().size(), "the other profilers' parts are whole");
        assertEquals(small.deps().dependences().size(), read.deps().dependences().size());
        assertEquals(3L, read.stats().get(StatKeys.DUMP_INCOMPLETE));
    }

    @Test
    void aWholeProfileWrittenSalvagingReadsBackAsWritten(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("a.prof");
        List<Dependence> streamed = new FailingDependences(3000, Integer.MAX_VALUE);
        assertEquals(List.of(), ProfileWriter.writeSalvaging(withDependences(streamed), file, List::of));
        Profile read = ProfileReader.read(file);
        assertSameProfile(withDependences(List.copyOf(streamed)), read);
        assertNull(read.stats().get(StatKeys.DUMP_INCOMPLETE));
    }

    @Test
    void withoutSalvagingTheFailureEndsTheWrite(@TempDir Path dir) {
        assertThrows(OutOfMemoryError.class, () -> ProfileWriter.write(
                withDependences(new FailingDependences(5000, 2500)), dir.resolve("a.prof")));
    }
}
