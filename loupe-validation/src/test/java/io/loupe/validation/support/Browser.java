package io.loupe.validation.support;

import org.junit.jupiter.api.Assumptions;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.logging.Level;

/**
 * Headless Chromium driven through chromedriver (Debian's {@code chromium} and
 * {@code chromium-driver}, which {@code .ci/run} installs). Where neither is installed the browser
 * tests are skipped, unless {@code LOUPE_REQUIRE_BROWSER} is set (as CI sets it): then they fail.
 * {@code LOUPE_CHROMIUM} and {@code LOUPE_CHROMEDRIVER} name other binaries.
 */
public final class Browser {

    private Browser() {
    }

    /** A new headless browser with its console log kept, or the test is skipped (see above). */
    public static ChromeDriver start() throws IOException {
        File chromium = binary("LOUPE_CHROMIUM", "/usr/bin/chromium");
        File driver = binary("LOUPE_CHROMEDRIVER", "/usr/bin/chromedriver");
        if (chromium == null || driver == null) {
            String why = "headless Chromium is not installed (apt-get install chromium chromium-driver)";
            if (System.getenv("LOUPE_REQUIRE_BROWSER") != null) {
                throw new IllegalStateException(why + ", and LOUPE_REQUIRE_BROWSER is set");
            }
            Assumptions.abort(why + ": browser tests skipped");
        }
        Path profile = Files.createTempDirectory("loupe-chromium");
        ChromeOptions options = new ChromeOptions();
        options.setBinary(chromium);
        // the flags a closed network and a root user need: no sync, no update checks, no sandbox
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--disable-dev-shm-usage", "--window-size=1300,1000", "--user-data-dir=" + profile);
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability(ChromeOptions.LOGGING_PREFS, logs);
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(driver).build();
        return new ChromeDriver(service, options);
    }

    /** The console's errors since the last call: what the page's scripts threw or failed to load. */
    public static List<LogEntry> errors(ChromeDriver browser) {
        return browser.manage().logs().get(LogType.BROWSER).getAll().stream()
                .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue()).toList();
    }

    private static File binary(String variable, String standard) {
        String path = System.getenv(variable);
        File f = new File(path != null ? path : standard);
        return f.canExecute() ? f : null;
    }
}
