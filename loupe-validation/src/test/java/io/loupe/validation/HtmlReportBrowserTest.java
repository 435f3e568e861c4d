package io.loupe.validation;

import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.Browser;
import io.loupe.validation.support.LoupeScript;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.interactions.Actions;
import org.openqa.selenium.json.Json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import static io.loupe.validation.support.LoupeScript.loupe;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The HTML report in a real browser (headless Chromium, {@link Browser}): the site of the README's
 * example and of a dependence validation target, opened from the file system. The numbers the
 * pages show are the JSON report's, a click on a hot path highlights its lines in order and one on
 * a multi-iteration path its iterations, a loop page shows its verdict and the dependences that
 * block it with links that lead to their lines, no page has a JavaScript error, and a copy of the
 * site moved elsewhere still renders.
 */
class HtmlReportBrowserTest {

    private static final String EXAMPLE = "io.loupe.examples.Tokenizer";
    private static final String KERNELS = "io.loupe.validation.targets.deps.KernelsTarget";

    private static Path work;
    private static Path exampleSite;
    private static Map<String, Object> exampleJson;
    private static Path kernelsSite;
    private static Map<String, Object> kernelsJson;
    private static ChromeDriver browser;

    @BeforeAll
    static void profileAndReport() throws Exception {
        browser = Browser.start();
        work = Files.createTempDirectory("loupe-html");
        Path example = work.resolve("example.prof");
        ok(loupe("run", "--profile", "paths,values", "--k", "4", "--out", example.toString(), "--",
                "-cp", "../loupe-examples/target/classes", EXAMPLE, "20"));
        Path exampleDeps = work.resolve("example-deps.prof");
        ok(loupe("run", "--profile", "deps", "--out", exampleDeps.toString(), "--",
                "-cp", "../loupe-examples/target/classes", EXAMPLE, "20"));
        exampleSite = work.resolve("example-site");
        ok(loupe("report", example.toString(), exampleDeps.toString(), "--html", exampleSite.toString(), "--sources",
                "../loupe-examples/src/main/java"));
        exampleJson = json(example, exampleDeps);
        Path kernels = work.resolve("kernels.prof");
        ok(loupe("run", "--profile", "deps", "--out", kernels.toString(), "--", "-cp", AgentRun.targetClassPath(),
                KERNELS));
        kernelsSite = work.resolve("kernels-site");
        LoupeScript.Outcome report = loupe("report", kernels.toString(), "--html", kernelsSite.toString(),
                "--sources", "src/test/java");
        ok(report);
        assertTrue(report.stdout().contains("HTML report: " + kernelsSite.resolve("index.html").toRealPath()),
                report.stdout());
        kernelsJson = json(kernels);
    }

    @AfterAll
    static void quit() {
        if (browser != null) {
            browser.quit();
        }
    }

    private static void ok(LoupeScript.Outcome o) {
        assertEquals(0, o.exitCode(), o.stderr());
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> json(Path... profiles) throws Exception {
        List<String> args = new ArrayList<>(List.of("report"));
        Stream.of(profiles).map(Path::toString).forEach(args::add);
        args.add("--json");
        LoupeScript.Outcome o = loupe(args.toArray(String[]::new));
        ok(o);
        return new Json().toType(o.stdout(), Map.class);
    }

    @SuppressWarnings("unchecked")
    private static List<Map<String, Object>> list(Map<String, Object> m, String... keys) {
        Object at = m;
        for (String k : keys) {
            at = ((Map<String, Object>) at).get(k);
        }
        return (List<Map<String, Object>>) at;
    }

    private static long n(Object o) {
        return ((Number) o).longValue();
    }

    private static void open(Path page) {
        browser.get(page.toUri().toString());
        assertEquals(List.of(), Browser.errors(browser), "console errors on " + page);
    }

    private static Map<String, Object> exampleMethod(String name) {
        return list(exampleJson, "paths", "methods").stream().filter(m -> m.get("method").equals(name)).findFirst()
                .orElseThrow();
    }

    private static Path exampleFile() {
        return exampleSite.resolve("files/io.loupe.examples.Tokenizer.java.html");
    }

    @Test
    void theIndexShowsTheJsonReportsNumbers() {
        open(exampleSite.resolve("index.html"));
        List<WebElement> rows = browser.findElements(By.cssSelector("#hot-methods tbody tr"));
        assertFalse(rows.isEmpty());
        for (WebElement row : rows) {
            String name = row.findElement(By.cssSelector("td a")).getText();
            String signature = name.substring(name.lastIndexOf('.', name.indexOf('(')) + 1);
            long shown = Long.parseLong(row.findElements(By.cssSelector("span.n")).get(0).getAttribute("data-n"));
            assertEquals(n(exampleMethod(signature).get("total")), shown, name);
        }
        // the table of everything: every method and loop, filtered and sorted by the page's script
        List<WebElement> all = browser.findElements(By.cssSelector("#rows tbody tr"));
        int methods = list(exampleJson, "paths", "methods").size();
        assertTrue(all.size() >= methods, all.size() + " rows");
        browser.findElement(By.id("filter")).sendKeys("tokenize(");
        List<WebElement> filtered = browser.findElements(By.cssSelector("#rows tbody tr"));
        assertEquals(4, filtered.size(), "the method and its three loops");
        for (WebElement row : filtered) {
            assertTrue(row.getText().contains("tokenize("), row.getText());
        }
        List<Long> executions = new ArrayList<>();
        for (WebElement row : filtered) {
            executions.add(Long.parseLong(row.findElements(By.cssSelector("span.n")).get(1).getAttribute("data-n")));
        }
        List<Long> sorted = new ArrayList<>(executions);
        sorted.sort(Comparator.reverseOrder());
        assertEquals(sorted, executions, "sorted by executions, most first");
    }

    @Test
    void theSourcePageShowsTheJsonReportsLineCounts() {
        open(exampleFile());
        Map<Integer, Long> expected = new LinkedHashMap<>();
        for (Map<String, Object> m : list(exampleJson, "paths", "methods")) {
            for (Map<String, Object> l : list(m, "lineCounts")) {
                expected.merge((int) n(l.get("line")), n(l.get("count")), Long::sum);
            }
        }
        assertFalse(expected.isEmpty());
        for (Map.Entry<Integer, Long> e : expected.entrySet()) {
            WebElement count = browser.findElement(By.cssSelector("tr#L" + e.getKey() + " td.count span.n"));
            assertEquals(e.getValue(), Long.parseLong(count.getAttribute("data-n")), "line " + e.getKey());
        }
        // and the source text is there
        assertTrue(browser.findElement(By.cssSelector("tr#L24 td.code")).getText().contains("while (i < n)"));
    }

    @Test
    void aClickOnAHotPathHighlightsItsLinesInOrder() {
        open(exampleFile());
        WebElement button = browser.findElement(By.cssSelector("button.path"));
        long id = Long.parseLong(button.getAttribute("data-path"));
        WebElement method = button.findElement(By.xpath("ancestor::article"));
        String signature = method.findElement(By.cssSelector("h3 code")).getText();
        List<Long> lines = exampleMethod(signature).get("paths") instanceof List<?> paths
                ? paths.stream().map(p -> (Map<?, ?>) p).filter(p -> n(p.get("id")) == id)
                        .flatMap(p -> ((List<?>) p.get("lines")).stream()).map(HtmlReportBrowserTest::n).toList()
                : List.of();
        assertFalse(lines.isEmpty(), "path " + id + " of " + signature);
        button.click();
        assertEquals("true", button.getAttribute("aria-pressed"));
        for (int i = 0; i < lines.size(); i++) {
            WebElement row = browser.findElement(By.id("L" + lines.get(i)));
            assertTrue(row.getAttribute("class").contains("on-path"), "line " + lines.get(i));
            List<String> badges = row.findElements(By.cssSelector(".order")).stream().map(WebElement::getText).toList();
            assertTrue(badges.contains(Integer.toString(i + 1)), "line " + lines.get(i) + " is step " + (i + 1)
                    + " of the path, badges " + badges);
        }
        long highlighted = browser.findElements(By.cssSelector("table.source tr.on-path")).size();
        assertEquals(lines.stream().distinct().count(), highlighted);
        browser.findElement(By.cssSelector("button.clear")).click();
        assertEquals(0, browser.findElements(By.cssSelector("table.source tr.on-path")).size());
    }

    @Test
    void aClickOnAMultiIterationPathHighlightsItsIterations() {
        open(exampleFile());
        WebElement chain = browser.findElement(By.cssSelector("button.kpath"));
        String[] iterations = chain.getAttribute("data-iterations").split("\\|");
        assertTrue(iterations.length >= 2);
        chain.click();
        for (int k = 0; k < iterations.length; k++) {
            for (String line : iterations[k].trim().split("\\s+")) {
                List<String> badges = browser.findElement(By.id("L" + line)).findElements(By.cssSelector(".order"))
                        .stream().map(WebElement::getText).toList();
                assertTrue(badges.contains("i" + (k + 1)), "line " + line + " in iteration " + (k + 1) + ": " + badges);
            }
        }
        String status = browser.findElement(By.cssSelector(".controls .status")).getText();
        assertTrue(status.startsWith("iteration 1: lines ") && status.contains("iteration 2: lines "), status);
    }

    @Test
    void theHottestLoopsPageShowsItsPathsValuesAndVerdictTogether() {
        open(exampleSite.resolve("index.html"));
        browser.findElement(By.cssSelector("#hot-loops tbody tr td a")).click();
        assertTrue(browser.getCurrentUrl().contains("/loops/loop-"), browser.getCurrentUrl());
        assertTrue(browser.findElement(By.tagName("h1")).getText().contains("tokenize"));
        Map<String, Object> loop = list(exampleJson, "deps", "loops").stream()
                .filter(l -> l.get("method").toString().startsWith("tokenize(") && n(l.get("line")) == 24)
                .findFirst().orElseThrow();
        assertEquals(Boolean.TRUE.equals(loop.get("parallelizable")) ? "parallelizable" : "not parallelizable",
                browser.findElement(By.cssSelector("dl.figures strong.verdict")).getText());
        Map<String, Object> method = exampleMethod("tokenize(Ljava/lang/String;[J)V");
        Map<String, Object> pathLoop = list(method, "loops").get(0);
        assertEquals(24L, n(pathLoop.get("headerLine")));
        assertEquals(n(pathLoop.get("headerExecutions")), Long.parseLong(browser.findElement(By.cssSelector(
                "dl.figures dd span.n")).getAttribute("data-n")));
        assertFalse(browser.findElements(By.cssSelector("button.path")).isEmpty(), "its paths");
        assertFalse(browser.findElements(By.cssSelector("button.kpath")).isEmpty(), "its multi-iteration paths");
        assertFalse(browser.findElements(By.cssSelector("table.sites tbody tr")).isEmpty(), "its value sites");
        assertFalse(browser.findElements(By.cssSelector("table.verdicts tbody tr")).isEmpty(), "its verdict per context");
        WebElement path = browser.findElement(By.cssSelector("button.path"));
        path.click();
        assertFalse(browser.findElements(By.cssSelector("table.source tr.on-path")).isEmpty(),
                "the path is highlighted on the loop's source");
    }

    /**
     * Under convergent profiling a loop page draws each switched site's on/off periods, and the
     * periods it states are the JSON report's switches.
     */
    @Test
    void convergentProfilingsPeriodsAreDrawnAsTheJsonReportGivesThem() throws Exception {
        Path conv = work.resolve("convergent.prof");
        ok(loupe("run", "--profile", "paths,values", "--convergent", "--k", "2", "--out", conv.toString(), "--",
                "-cp", "../loupe-examples/target/classes", EXAMPLE, "20"));
        Path site = work.resolve("convergent-site");
        ok(loupe("report", conv.toString(), "--html", site.toString()));
        Map<String, Object> json = json(conv);
        List<String> periods = new ArrayList<>();
        for (Map<String, Object> s : list(json, "values", "sites")) {
            if (s.get("switchTimeline") instanceof Map<?, ?> t) {
                List<?> at = (List<?>) t.get("switches");
                periods.add("profiled 0–" + String.format(Locale.ROOT, "%,d", n(at.get(0))) + ", off "
                        + String.format(Locale.ROOT, "%,d", n(at.get(0))) + "–");
            }
        }
        assertFalse(periods.isEmpty(), "some site switched");
        open(loopPage(site, "Tokenizer.tokenize("));
        List<WebElement> sparks = browser.findElements(By.cssSelector("table.sites svg.spark"));
        assertFalse(sparks.isEmpty());
        for (WebElement spark : sparks) {
            String label = spark.getAttribute("aria-label");
            assertTrue(periods.stream().anyMatch(label::startsWith), label + " starts as one of " + periods);
        }
        assertEquals(List.of(), Browser.errors(browser));
    }

    @Test
    void aLoopPageShowsItsVerdictAndTheDependencesThatBlockItWithWorkingLinks() throws IOException {
        Map<String, Object> recurrence = list(kernelsJson, "deps", "loops").stream()
                .filter(l -> l.get("method").toString().startsWith("recurrence(")).findFirst().orElseThrow();
        assertEquals(false, recurrence.get("parallelizable"));
        Path page = loopPage(kernelsSite, "KernelsTarget.recurrence(");
        open(page);
        String verdict = browser.findElement(By.cssSelector("dl.figures strong.verdict")).getText();
        assertEquals("not parallelizable", verdict);
        assertEquals(n(recurrence.get("iterations")), Long.parseLong(browser.findElement(By.cssSelector(
                "table.verdicts tbody tr td:nth-child(3) span.n")).getAttribute("data-n")));
        List<WebElement> blocking = browser.findElements(By.cssSelector("ul.deps.carried li"));
        assertFalse(blocking.isEmpty());
        assertTrue(blocking.stream().anyMatch(li -> li.getText().startsWith("RAW")), "a carried RAW is listed");
        assertEquals(1, browser.findElements(By.cssSelector("figure.graph svg[role=img]")).size(), "the graph is drawn");
        WebElement link = blocking.get(0).findElement(By.cssSelector("a.end"));
        String line = link.getText().substring(link.getText().lastIndexOf(':') + 1);
        link.click();
        assertTrue(browser.getCurrentUrl().endsWith("KernelsTarget.java.html#L" + line), browser.getCurrentUrl());
        WebElement target = browser.findElement(By.id("L" + line));
        assertTrue(target.findElement(By.cssSelector("td.code")).getText().contains("a[i]"), target.getText());
        assertEquals(List.of(), Browser.errors(browser));
    }

    /** The page of the first loop whose name contains {@code name}, found through the index's table. */
    private static Path loopPage(Path site, String name) {
        open(site.resolve("index.html"));
        browser.findElement(By.id("filter")).sendKeys(name);
        WebElement link = browser.findElements(By.cssSelector("#rows tbody tr")).stream()
                .filter(r -> r.getText().startsWith("loop")).findFirst().orElseThrow()
                .findElement(By.cssSelector("a"));
        return site.resolve(link.getAttribute("href").replaceFirst(".*/loops/", "loops/"));
    }

    @Test
    void noPageHasAJavaScriptError() throws IOException {
        for (Path site : List.of(exampleSite, kernelsSite)) {
            List<Path> pages;
            try (Stream<Path> files = Files.walk(site)) {
                pages = files.filter(p -> p.toString().endsWith(".html")).sorted().toList();
            }
            assertTrue(pages.size() > 3, pages.toString());
            for (Path page : pages) {
                open(page);
                for (WebElement mark : browser.findElements(By.cssSelector("details.mark summary"))) {
                    mark.click();       // the disclosures open without error too, and Escape closes them
                    assertTrue(mark.findElement(By.xpath("..")).getAttribute("open") != null);
                    new Actions(browser).sendKeys(Keys.ESCAPE).perform();
                }
                assertEquals(List.of(), Browser.errors(browser), "console errors on " + page);
            }
        }
    }

    @Test
    void aCopyOfTheSiteMovedElsewhereStillRenders() throws IOException {
        Path copy = work.resolve("moved/elsewhere/site");
        try (Stream<Path> files = Files.walk(exampleSite)) {
            for (Path p : files.toList()) {
                Path to = copy.resolve(exampleSite.relativize(p).toString());
                if (Files.isDirectory(p)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(p, to);
                }
            }
        }
        Path gone = work.resolve("original-away");
        Files.move(exampleSite, gone);
        try {
            open(copy.resolve("index.html"));
            assertFalse(browser.findElements(By.cssSelector("#rows tbody tr")).isEmpty(), "the script and its data load");
            String header = browser.findElement(By.cssSelector("header.top")).getCssValue("background-color");
            assertEquals("rgba(20, 33, 61, 1)", header, "the style sheet loads");
            WebElement loop = browser.findElement(By.cssSelector("#hot-loops tbody tr td a"));
            loop.click();
            assertTrue(browser.getCurrentUrl().startsWith(copy.toUri().toString()), browser.getCurrentUrl());
            byte[] png = browser.getScreenshotAs(OutputType.BYTES);
            assertTrue(png.length > 1000 && png[1] == 'P' && png[2] == 'N' && png[3] == 'G', "a screenshot renders");
            assertEquals(List.of(), Browser.errors(browser));
        } finally {
            Files.move(gone, exampleSite);
        }
    }
}
