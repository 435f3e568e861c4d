package io.loupe.report.html;

import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.analysis.view.SourceFileView;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Writes the HTML report of a program's profiles into a directory: {@code index.html}, one page per
 * source file ({@code files/}) and per loop ({@code loops/}), and the site's style, script and index
 * data ({@code assets/}). Nothing is fetched from elsewhere: the site opens from a file system, a
 * copy of it or a CI artifact.
 *
 * <p>A directory that is not empty must hold an earlier Loupe report (its {@code assets/loupe.js}),
 * whose pages are replaced; any other is refused, so that {@code --html .} cannot scatter pages
 * among a project's files.
 */
public final class HtmlReport {

    private static final List<String> ASSETS = List.of("loupe.css", "loupe.js");

    /**
     * Writes the site and returns its index page.
     *
     * @throws IllegalArgumentException when {@code dir} is a file, or a directory that is neither empty nor a Loupe report
     */
    public Path write(ProgramView view, SourceRoots sources, Path dir) throws IOException {
        prepare(dir);
        Path assets = Files.createDirectories(dir.resolve(SiteFiles.ASSETS));
        for (String a : ASSETS) {
            try (InputStream in = HtmlReport.class.getResourceAsStream(a)) {
                if (in == null) {
                    throw new IllegalStateException("the report's " + a + " is missing from Loupe's jar");
                }
                Files.write(assets.resolve(a), in.readAllBytes());
            }
        }
        write(assets.resolve(IndexData.FILE), IndexData.write(view));
        Files.createDirectories(dir.resolve("files"));
        Files.createDirectories(dir.resolve("loops"));
        Map<SourceFileView, List<String>> texts = new HashMap<>();
        for (SourceFileView f : view.files()) {
            List<String> source = sources.lines(f.path());
            texts.put(f, source);
            write(dir.resolve(SiteFiles.file(f)), SourcePage.write(view, f, source));
        }
        for (LoopView l : view.loops()) {
            write(dir.resolve(SiteFiles.loop(l)), LoopPage.write(view, l, texts.get(view.file(l.method()))));
        }
        Path index = dir.resolve(SiteFiles.INDEX);
        write(index, IndexPage.write(view));
        return index;
    }

    private static void prepare(Path dir) throws IOException {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            throw new IllegalArgumentException(dir + ": is a file, not a directory for the HTML report");
        }
        if (!Files.isDirectory(dir)) {
            Files.createDirectories(dir);
            return;
        }
        boolean empty;
        try (Stream<Path> entries = Files.list(dir)) {
            empty = entries.findAny().isEmpty();
        }
        if (empty) {
            return;
        }
        if (!Files.isRegularFile(dir.resolve(SiteFiles.ASSETS).resolve("loupe.js"))) {
            throw new IllegalArgumentException(dir + ": is not empty and holds no Loupe report; give a new or empty"
                    + " directory");
        }
        for (String pages : List.of("files", "loops")) {     // an earlier report's pages, some maybe stale
            Path d = dir.resolve(pages);
            if (Files.isDirectory(d)) {
                try (DirectoryStream<Path> html = Files.newDirectoryStream(d, "*.html")) {
                    for (Path p : html) {
                        Files.delete(p);
                    }
                }
            }
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.writeString(file, text, StandardCharsets.UTF_8);
    }
}
