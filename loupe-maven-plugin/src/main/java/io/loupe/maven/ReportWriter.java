package io.loupe.maven;

import io.loupe.analysis.view.ProgramView;
import io.loupe.report.JsonReport;
import io.loupe.report.html.HtmlReport;
import io.loupe.report.html.SourceRoots;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * Writes the reports of merged profiles into one directory: the HTML report ({@code index.html},
 * docs/html-report.md) with the source text found in the given roots, and the JSON report
 * ({@code loupe.json}, the same as {@code loupe report --json}). The HTML goes first: its writer
 * accepts a directory that is empty or holds an earlier Loupe report, and the JSON is beside it.
 */
final class ReportWriter {

    static final String JSON = "loupe.json";

    private ReportWriter() {
    }

    /** Writes both reports and returns the index page. */
    static Path write(MergedProfiles profiles, List<Path> sourceRoots, Path dir) throws IOException {
        List<Path> roots = sourceRoots.stream().filter(Files::exists).toList();
        Path index;
        try (SourceRoots sources = SourceRoots.of(roots)) {
            index = new HtmlReport().write(ProgramView.of(profiles.summary()), sources, dir);
        }
        Path json = dir.resolve(JSON);
        Path tmp = Files.createTempFile(dir, "loupe", ".json.tmp");
        try (Writer out = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
            new JsonReport().write(profiles.summary(), out);
        }
        Files.move(tmp, json, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return index;
    }
}
