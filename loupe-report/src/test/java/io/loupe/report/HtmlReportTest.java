package io.loupe.report;

import io.loupe.analysis.merge.ProfileMerge;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.view.LineCounts;
import io.loupe.analysis.view.MethodView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.data.Profile;
import io.loupe.report.html.HtmlReport;
import io.loupe.report.html.SourceRoots;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report's site as files: what pages it writes and where, the line counts it shows, and
 * the directories it writes into (a new or empty one, or an earlier report's, whose stale pages go;
 * never one of other files). HtmlReportBrowserTest opens the pages in a browser.
 */
class HtmlReportTest {

    private static final ProfileSummary SUMMARY = ProfileSummary.of(SampleProfile.withK(3));

    private static Path write(Path dir) throws IOException {
        return new HtmlReport().write(ProgramView.of(SUMMARY), SourceRoots.NONE, dir);
    }

    private static List<String> pages(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).map(p -> dir.relativize(p).toString()).sorted().toList();
        }
    }

    @Test
    void theSiteHasAnIndexAPagePerSourceFileAndPerLoopAndItsOwnAssets(@TempDir Path dir) throws IOException {
        Path index = write(dir.resolve("site"));
        assertEquals(dir.resolve("site/index.html"), index);
        ProgramView view = ProgramView.of(SUMMARY);
        List<String> pages = pages(dir.resolve("site"));
        assertTrue(pages.containsAll(List.of("assets/index-data.js", "assets/loupe.css", "assets/loupe.js", "index.html")),
                pages.toString());
        assertEquals(view.files().size(), pages.stream().filter(p -> p.startsWith("files/")).count());
        assertEquals(view.loops().size(), pages.stream().filter(p -> p.startsWith("loops/")).count());
        assertFalse(view.loops().isEmpty());
        for (String page : pages) {
            if (page.endsWith(".html")) {
                String html = Files.readString(dir.resolve("site").resolve(page));
                assertTrue(html.startsWith("<!DOCTYPE html>") && html.strip().endsWith("</html>"), page);
                assertFalse(html.contains("http://") || html.contains("https://"), page + " fetches nothing");
            }
        }
    }

    @Test
    void aFilePageShowsEachLinesCountAsTheLineCountsGiveIt(@TempDir Path dir) throws IOException {
        write(dir);
        ProgramView view = ProgramView.of(SUMMARY);
        MethodView method = view.methods().stream().filter(m -> m.paths() != null).findFirst().orElseThrow();
        LineCounts counts = method.lines();
        String file = Files.readString(dir.resolve("files/" + view.file(method).path().replace('/', '.') + ".html"));
        int checked = 0;
        for (int i = 0; i < counts.lineCount(); i++) {
            Matcher row = Pattern.compile("<tr id=\"L" + counts.lineAt(i) + "\"[^>]*><td class=\"count\"><span class=\"n\""
                    + " data-n=\"(\\d+)\"").matcher(file);
            assertTrue(row.find(), "line " + counts.lineAt(i));
            assertEquals(view.file(method).lineCounts().get(counts.lineAt(i)), Long.parseLong(row.group(1)));
            checked++;
        }
        assertTrue(checked > 0);
    }

    @Test
    void aMergedProfilesValueCountsAreMarkedLowerBounds(@TempDir Path dir) throws IOException {
        Profile one = SampleValues.profile();
        ProgramView merged = ProgramView.of(ProfileSummary.of(ProfileMerge.merge(List.of(one, one)).profile()));
        new HtmlReport().write(merged, SourceRoots.NONE, dir.resolve("merged"));
        new HtmlReport().write(ProgramView.of(ProfileSummary.of(one)), SourceRoots.NONE, dir.resolve("one"));
        String label = "title=\"a lower bound: the value tables of a merged profile";
        assertTrue(allPages(dir.resolve("merged")).contains(label), "Inv-1 and counts of a merge are lower bounds");
        assertFalse(allPages(dir.resolve("one")).contains(label), "those of one run are not");
    }

    @Test
    void aLiveDumpSinceAResetSaysSoAndMarksItsValueCountsLowerBounds(@TempDir Path dir) throws IOException {
        Profile one = SampleValues.profile();
        java.util.Map<String, Long> stats = new java.util.LinkedHashMap<>(one.stats());
        stats.put(io.loupe.data.StatKeys.DUMP_LIVE, 1L);
        stats.put(io.loupe.data.StatKeys.DUMP_SINCE_RESET, 1L);
        Profile live = new Profile(one.header(), one.methods(), one.counts(), one.forests(), stats, one.warnings(),
                one.valueSites(), one.values(), one.deps());
        new HtmlReport().write(ProgramView.of(ProfileSummary.of(live)), SourceRoots.NONE, dir.resolve("live"));
        String index = Files.readString(dir.resolve("live/index.html"));
        assertTrue(index.contains("<dt>dumped</dt><dd>from the running JVM, its threads running"), index);
        assertTrue(allPages(dir.resolve("live")).contains("title=\"a lower bound: the value tables of a merged profile,"
                + " or of one since a reset"));
    }

    private static String allPages(Path site) throws IOException {
        StringBuilder all = new StringBuilder();
        for (String page : pages(site)) {
            all.append(Files.readString(site.resolve(page)));
        }
        return all.toString();
    }

    @Test
    void anEarlierReportIsReplacedStalePagesAndAll(@TempDir Path dir) throws IOException {
        write(dir);
        Path stale = dir.resolve("loops/loop-999.html");
        Files.writeString(stale, "stale");
        write(dir);
        assertFalse(Files.exists(stale));
        assertTrue(Files.exists(dir.resolve("index.html")));
    }

    @Test
    void aDirectoryOfOtherFilesOrAFileIsRefused(@TempDir Path dir) throws IOException {
        Files.writeString(dir.resolve("pom.xml"), "<project/>");
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> write(dir));
        assertEquals(dir + ": is not empty and holds no Loupe report; give a new or empty directory", other.getMessage());
        assertEquals(List.of("pom.xml"), pages(dir), "nothing written");
        IllegalArgumentException file = assertThrows(IllegalArgumentException.class, () -> write(dir.resolve("pom.xml")));
        assertEquals(dir.resolve("pom.xml") + ": is a file, not a directory for the HTML report", file.getMessage());
    }
}
