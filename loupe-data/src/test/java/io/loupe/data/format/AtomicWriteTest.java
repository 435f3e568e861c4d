package io.loupe.data.format;

import io.loupe.data.Profile;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

import static io.loupe.data.format.ProfileAssertions.assertSameProfile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class AtomicWriteTest {

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void writingReplacesTheOldProfileAndLeavesNoTemporaryFileBehind(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("app.prof");
        Files.writeString(file, "an older profile");

        ProfileWriter.write(SampleProfiles.small(), file);

        assertEquals(List.of("app.prof"), names(dir));
        assertSameProfile(SampleProfiles.small(), ProfileReader.read(file));
    }

    @Test
    void aFileWrittenTwiceHoldsTheSecondProfile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("app.prof");
        ProfileWriter.write(SampleProfiles.small(), file);
        ProfileWriter.write(SampleProfiles.empty(), file);

        assertEquals(List.of("app.prof"), names(dir));
        assertSameProfile(SampleProfiles.empty(), ProfileReader.read(file));
    }

    @Test
    void aFailedWriteLeavesTheOldProfileAsItWasAndNoTemporaryFile(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("app.prof");
        ProfileWriter.write(SampleProfiles.small(), file);
        byte[] before = Files.readAllBytes(file);
        Profile broken = new Profile(SampleProfiles.header(), Arrays.asList(SampleProfiles.loopMethod(0), null),
                List.of(), List.of(), java.util.Map.of(), List.of());

        assertThrows(NullPointerException.class, () -> ProfileWriter.write(broken, file));

        assertEquals(List.of("app.prof"), names(dir));
        assertArrayEquals(before, Files.readAllBytes(file));
    }

    @Test
    void writingIntoAMissingDirectoryFailsWithoutLeavingAnything(@TempDir Path dir) throws IOException {
        assertThrows(NoSuchFileException.class,
                () -> ProfileWriter.write(SampleProfiles.small(), dir.resolve("missing/app.prof")));

        assertEquals(List.of(), names(dir));
    }

    @Test
    void aRelativePathIsWrittenNextToWhereItPoints(@TempDir Path dir) throws IOException {
        Path relative = Path.of("").toAbsolutePath().relativize(dir.resolve("rel.prof"));

        ProfileWriter.write(SampleProfiles.small(), relative);

        assertEquals(List.of("rel.prof"), names(dir));
    }

    @Test
    void theProfileGetsThePermissionsOfAnyNewFile(@TempDir Path dir) throws IOException {
        if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            return;
        }
        Path plain = Files.createFile(dir.resolve("plain"));
        Path file = dir.resolve("app.prof");

        ProfileWriter.write(SampleProfiles.small(), file);

        assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(file));
    }
}
