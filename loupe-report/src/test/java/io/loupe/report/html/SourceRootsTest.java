package io.loupe.report.html;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Where the HTML report finds source text: source roots, Maven modules, -sources.jars, in the order given. */
class SourceRootsTest {

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }

    @Test
    void aSourceRootAModuleAndASourcesJarAreSearchedInOrder(@TempDir Path dir) throws IOException {
        write(dir.resolve("root/p/A.java"), "class A {}\n// root");
        write(dir.resolve("module/src/main/java/p/B.java"), "class B {}");
        write(dir.resolve("module/src/test/java/p/C.java"), "class C {}");
        Path jar = dir.resolve("lib-sources.jar");
        try (OutputStream out = Files.newOutputStream(jar); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (String name : List.of("p/A.java", "p/D.java")) {
                zip.putNextEntry(new ZipEntry(name));
                zip.write(("class " + name.charAt(2) + " {}\n// jar").getBytes(StandardCharsets.UTF_8));
                zip.closeEntry();
            }
        }
        try (SourceRoots roots = SourceRoots.of(List.of(dir.resolve("root"), dir.resolve("module"), jar))) {
            assertEquals(List.of("class A {}", "// root"), roots.lines("p/A.java"), "the first root wins");
            assertEquals(List.of("class B {}"), roots.lines("p/B.java"));
            assertEquals(List.of("class C {}"), roots.lines("p/C.java"));
            assertEquals(List.of("class D {}", "// jar"), roots.lines("p/D.java"));
            assertNull(roots.lines("p/E.java"));
        }
    }

    @Test
    void textThatIsNotUtf8IsReadAsLatin1(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("p"));
        Files.write(dir.resolve("p/A.java"), new byte[] {'/', '/', ' ', (byte) 0xE9, '\n', 'x'});
        try (SourceRoots roots = SourceRoots.of(List.of(dir))) {
            assertEquals(List.of("// \u00e9", "x"), roots.lines("p/A.java"));
        }
    }

    @Test
    void aRootThatIsNeitherADirectoryNorAJarIsRefused(@TempDir Path dir) throws IOException {
        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class,
                () -> SourceRoots.of(List.of(dir.resolve("nowhere"))));
        assertTrue(missing.getMessage().endsWith("nowhere: no such directory or jar"), missing.getMessage());
        write(dir.resolve("notes.txt"), "not a zip");
        IllegalArgumentException text = assertThrows(IllegalArgumentException.class,
                () -> SourceRoots.of(List.of(dir.resolve("notes.txt"))));
        assertTrue(text.getMessage().endsWith("notes.txt: not a directory, jar or zip of sources"), text.getMessage());
    }
}
