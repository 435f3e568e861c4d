package io.loupe.validation.transparency;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The third-party jars that the build copies for the transparency tests, one folder per class path
 * (see this module's pom): {@code lang3-suite}, {@code subjects}, {@code support}.
 */
final class TransparencyJars {

    private TransparencyJars() {
    }

    /** Every jar of a folder, sorted by file name; fails loudly if the build did not copy them. */
    static List<Path> in(String folder) {
        Path dir = Path.of(System.getProperty("loupe.transparency.jars", "target/transparency-jars"))
                .resolve(folder).toAbsolutePath().normalize();
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> jars = files.filter(f -> f.getFileName().toString().endsWith(".jar")).sorted().toList();
            if (jars.isEmpty()) {
                throw new IllegalStateException("no jars in " + dir + " (run mvn verify on this module)");
            }
            return jars;
        } catch (IOException e) {
            throw new UncheckedIOException("jars not copied to " + dir + " (run mvn verify on this module)", e);
        }
    }

    /** The one jar of a folder whose file name is {@code fileName}. */
    static Path named(String folder, String fileName) {
        return in(folder).stream().filter(j -> j.getFileName().toString().equals(fileName)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no " + fileName + " among " + in(folder)));
    }

    /** A class path of jars. */
    static String classPath(List<Path> jars) {
        return String.join(java.io.File.pathSeparator, jars.stream().map(Path::toString).toList());
    }
}
