package io.loupe.report.html;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * Where the program's source text is found: directories (a source root such as
 * {@code src/main/java}, or a Maven module, whose {@code src/main/java} and {@code src/test/java}
 * are tried) and {@code -sources.jar}s. The first root holding a file wins. A file that is not
 * UTF-8 is read as ISO-8859-1, which never fails.
 */
public final class SourceRoots implements AutoCloseable {

    /** No sources: pages show line numbers and everything else. */
    public static final SourceRoots NONE = new SourceRoots(List.of(), List.of());

    private static final List<String> MODULE_DIRS = List.of("", "src/main/java/", "src/test/java/");

    private final List<Path> dirs;
    private final List<ZipFile> jars;

    private SourceRoots(List<Path> dirs, List<ZipFile> jars) {
        this.dirs = dirs;
        this.jars = jars;
    }

    /**
     * The roots {@code paths} name.
     *
     * @throws IllegalArgumentException naming a path that is neither a directory nor a readable jar or zip
     */
    public static SourceRoots of(List<Path> paths) {
        List<Path> dirs = new ArrayList<>();
        List<ZipFile> jars = new ArrayList<>();
        for (Path p : paths) {
            if (Files.isDirectory(p)) {
                dirs.add(p);
            } else if (Files.isRegularFile(p)) {
                try {
                    jars.add(new ZipFile(p.toFile()));
                } catch (IOException e) {
                    closeAll(jars);
                    throw new IllegalArgumentException(p + ": not a directory, jar or zip of sources", e);
                }
            } else {
                closeAll(jars);
                throw new IllegalArgumentException(p + ": no such directory or jar");
            }
        }
        return new SourceRoots(List.copyOf(dirs), List.copyOf(jars));
    }

    /** True when no root was given. */
    public boolean isEmpty() {
        return dirs.isEmpty() && jars.isEmpty();
    }

    /**
     * The lines of the source file at {@code path} ({@code io/loupe/examples/Tokenizer.java}), or
     * null when no root holds it.
     */
    public List<String> lines(String path) {
        try {
            for (Path d : dirs) {
                for (String prefix : MODULE_DIRS) {
                    Path f = d.resolve(prefix + path);
                    if (Files.isRegularFile(f)) {
                        return split(decode(Files.readAllBytes(f)));
                    }
                }
            }
            for (ZipFile z : jars) {
                ZipEntry e = z.getEntry(path);
                if (e != null && !e.isDirectory()) {
                    try (var in = z.getInputStream(e)) {
                        return split(decode(in.readAllBytes()));
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the source of " + path + ": " + e.getMessage(), e);
        }
        return null;
    }

    private static String decode(byte[] bytes) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, StandardCharsets.ISO_8859_1);
        }
    }

    private static List<String> split(String text) {
        return List.of(text.split("\r\n|\r|\n", -1));
    }

    @Override
    public void close() {
        closeAll(jars);
    }

    private static void closeAll(List<ZipFile> jars) {
        for (ZipFile z : jars) {
            try {
                z.close();
            } catch (IOException ignored) {
                // read-only: nothing was lost
            }
        }
    }
}
