package io.loupe.bench;

import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * How long the pages of an HTML report take to load in headless Chromium: the index, and the
 * largest and the median source file page and loop page. Each page is opened {@code --runs} times
 * (the first with nothing cached); a load's time is from the start of the navigation to the mark
 * the report's script sets once the page is drawn and wired ({@code loupe-ready}), as the
 * browser's own performance timeline measures it. Prints a Markdown table.
 *
 * <pre>
 * java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath):$(cat loupe-bench/target/browser.classpath) \
 *     io.loupe.bench.HtmlReportLoad --site DIR [--runs 7] [--chromium /usr/bin/chromium] [--chromedriver /usr/bin/chromedriver]
 * </pre>
 */
public final class HtmlReportLoad {

    private HtmlReportLoad() {
    }

    public static void main(String[] args) throws Exception {
        Path site = null;
        int runs = 7;
        String chromium = "/usr/bin/chromium";
        String chromedriver = "/usr/bin/chromedriver";
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--site" -> site = Path.of(args[++i]);
                case "--runs" -> runs = Integer.parseInt(args[++i]);
                case "--chromium" -> chromium = args[++i];
                case "--chromedriver" -> chromedriver = args[++i];
                default -> throw new IllegalArgumentException("unknown argument " + args[i]);
            }
        }
        if (site == null || !Files.isRegularFile(site.resolve("index.html"))) {
            throw new IllegalArgumentException("--site DIR must name an HTML report (DIR/index.html)");
        }
        List<Path> pages = new ArrayList<>(List.of(site.resolve("index.html")));
        for (String dir : List.of("files", "loops")) {
            List<Path> bySize = bySize(site.resolve(dir));
            if (!bySize.isEmpty()) {
                pages.add(bySize.get(bySize.size() - 1));
                pages.add(bySize.get(bySize.size() / 2));
            }
        }
        ChromeDriver browser = start(chromium, chromedriver);
        try {
            System.out.println("| page | bytes | first load (ms) | median of " + runs + " (ms) | slowest (ms) |");
            System.out.println("| --- | ---: | ---: | ---: | ---: |");
            for (Path page : pages) {
                List<Double> times = new ArrayList<>();
                for (int r = 0; r < runs; r++) {
                    times.add(load(browser, page));
                }
                double first = times.get(0);
                List<Double> sorted = times.stream().sorted().toList();
                long bytes = Files.size(page) + (page.endsWith("index.html") ? Files.size(site.resolve("assets/index-data.js")) : 0);
                System.out.printf(Locale.ROOT, "| %s | %,d | %.0f | %.0f | %.0f |%n", site.relativize(page), bytes, first,
                        sorted.get(sorted.size() / 2), sorted.get(sorted.size() - 1));
            }
        } finally {
            browser.quit();
        }
    }

    private static List<Path> bySize(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.sorted(Comparator.comparingLong((Path p) -> p.toFile().length()).thenComparing(Path::toString))
                    .toList();
        }
    }

    /** One navigation to {@code page}: milliseconds from its start to the report's ready mark. */
    private static double load(ChromeDriver browser, Path page) {
        browser.get("about:blank");
        browser.get(page.toUri().toString());
        Object ms = ((JavascriptExecutor) browser).executeScript(
                "var m = performance.getEntriesByName('loupe-ready');"
                        + "return m.length ? m[0].startTime : performance.getEntriesByType('navigation')[0].loadEventEnd;");
        return ((Number) ms).doubleValue();
    }

    private static ChromeDriver start(String chromium, String chromedriver) throws IOException {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(new File(chromium));
        // a closed network and a root user: no sync, no update checks, no sandbox
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1300,1000",
                "--user-data-dir=" + Files.createTempDirectory("loupe-chromium"));
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(new File(chromedriver)).build();
        return new ChromeDriver(service, options);
    }
}
