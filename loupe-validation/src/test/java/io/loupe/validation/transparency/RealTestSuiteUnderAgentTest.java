package io.loupe.validation.transparency;

import io.loupe.analysis.kpaths.KIpfBuilder;
import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Transparency on a real test suite: commons-lang3's own unit tests (about 9,300, many of them
 * reflective) run by the JUnit console launcher give exactly the same results with the agent
 * instrumenting commons-lang3 as without it: path profiling at k = 1 and at k = 4, convergent value
 * profiling, and dependence profiling (camp mode, whose calls, loops and exceptions must leave the
 * suite's thousands of caught exceptions and reflective calls alone).
 *
 * <p>The runs are set up as the library's own build runs them: its POM's {@code --add-opens} flags
 * and heap, and a working directory holding the one test resource that is read by relative path
 * ({@code src/test/resources/lang-708-input.txt}). The agent's include glob also covers the test
 * classes themselves (they share the package); JUnit and the other libraries stay uninstrumented.
 */
class RealTestSuiteUnderAgentTest {

    private static final String LAUNCHER = "org.junit.platform.console.ConsoleLauncher";
    private static final String LIBRARY_JAR = "commons-lang3-3.17.0.jar";
    private static final String TESTS_JAR = "commons-lang3-3.17.0-tests.jar";
    private static final String RELATIVE_RESOURCE = "lang-708-input.txt";

    /**
     * Test classes left out of every run, with the agent and without. The time-based ones sweep
     * every locale and time zone or sleep: together about three minutes of the suite's 3m15s on
     * two cores, for code the remaining tests also cover. The timing-sensitive ones assert on
     * elapsed time or on threads racing, so the agent's slowdown alone could change their result.
     */
    private static final List<String> EXCLUDED = List.of(
            // time-based and slow: locale × time-zone sweeps
            "org.apache.commons.lang3.time.FastDateParserTest",
            "org.apache.commons.lang3.time.FastDateParser_TimeZoneStrategyTest",
            "org.apache.commons.lang3.time.Java15BugFastDateParserTest",
            "org.apache.commons.lang3.time.FastDateFormatTest",
            "org.apache.commons.lang3.time.DurationFormatUtilsTest",
            "org.apache.commons.lang3.text.ExtendedMessageFormatTest",
            // timing-sensitive: sleeps, elapsed-time and concurrency assertions
            "org.apache.commons.lang3.time.StopWatchTest",
            "org.apache.commons.lang3.concurrent.TimedSemaphoreTest",
            "org.apache.commons.lang3.concurrent.locks.LockingVisitorsTest",
            "org.apache.commons.lang3.builder.ToStringStyleConcurrencyTest");

    @TempDir
    static Path workDir;

    private static AgentRun.Result plain;
    private static ConsoleSummary plainSummary;

    @BeforeAll
    static void runTheSuiteWithoutTheAgent() throws Exception {
        Path resources = Files.createDirectories(workDir.resolve("src/test/resources"));
        try (JarFile tests = new JarFile(TransparencyJars.named("lang3-suite", TESTS_JAR).toFile());
             InputStream in = tests.getInputStream(tests.getEntry(RELATIVE_RESOURCE))) {
            Files.copy(in, resources.resolve(RELATIVE_RESOURCE));
        }
        plain = runSuite(null);
        plainSummary = ConsoleSummary.parse(plain.stdout());
    }

    @Test
    void withoutTheAgentTheSuiteRunsThousandsOfTestsSoTheComparisonsBelowAreNotVacuous() {
        assertTrue(plainSummary.get("tests successful") >= 9_000, plainSummary + "\n" + plain.stdout());
        assertEquals(0, plainSummary.get("tests failed"), plain.stdout());
    }

    @Test
    void atKEqualToFourEveryTestHasTheSameOutcomeAndTheProfileHoldsKIterationPathsOfTheLibrary() throws Exception {
        Path out = workDir.resolve("k4.prof");
        Profile profile = runUnderAgentAndCompare("profile=paths,k=4,out=" + out, out);
        assertFalse(profile.forests().isEmpty(), "no k-slab forest");
        KIpfBuilder builder = new KIpfBuilder(4);
        profile.forests().forEach(builder::add);
        Set<String> library = libraryClasses();
        AtomicLong fourIterationPaths = new AtomicLong();
        for (var e : builder.build().entrySet()) {
            MethodMeta m = profile.methods().get(e.getKey());
            KPathForest forest = e.getValue();
            if (library.contains(m.className())) {
                forest.forEachPath(p -> fourIterationPaths.addAndGet(p.ids().length == 4 ? 1 : 0));
            }
        }
        assertTrue(fourIterationPaths.get() > 1_000,
                "distinct 4-iteration paths in commons-lang3's own methods: " + fourIterationPaths);
    }

    @Test
    void atKEqualToOneEveryTestHasTheSameOutcomeAndTheProfileHoldsPathCountsOfTheLibrary() throws Exception {
        Path out = workDir.resolve("k1.prof");
        Profile profile = runUnderAgentAndCompare("profile=paths,k=1,out=" + out, out);
        Set<String> library = libraryClasses();
        long methodsWithPaths = profile.counts().stream().map(PathCounts::methodId)
                .filter(id -> library.contains(profile.methods().get(id).className())).count();
        assertTrue(methodsWithPaths > 500, "commons-lang3 methods with path counts: " + methodsWithPaths);
    }

    @Test
    void underConvergentValueProfilingEveryTestHasTheSameOutcomeAndTheProfileHoldsTheLibrarysValues()
            throws Exception {
        Path out = workDir.resolve("values.prof");
        Profile profile = runUnderAgentAndCompare("profile=values,convergent=true,out=" + out, out);
        Set<String> library = libraryClasses();
        long sitesThatRan = profile.values().stream()
                .filter(v -> library.contains(profile.valueSites().get(v.siteId()).className())).count();
        assertTrue(sitesThatRan > 5_000, "commons-lang3 value sites that ran: " + sitesThatRan);
    }

    @Test
    void underDependenceProfilingEveryTestHasTheSameOutcomeAndTheProfileHoldsTheLibrarysDependences()
            throws Exception {
        Path out = workDir.resolve("deps.prof");
        Profile profile = runUnderAgentAndCompare("profile=deps,out=" + out, out);
        Set<String> library = libraryClasses();
        assertEquals("camp", profile.deps().mode());
        long libraryDependences = profile.deps().dependences().stream()
                .filter(d -> library.contains(profile.deps().sites().get(d.dstSite()).className())).count();
        assertTrue(libraryDependences > 1_000, "dependences into commons-lang3's own accesses: " + libraryDependences);
        assertTrue(profile.deps().loopRecords().size() > 1_000, "loop contexts that ran: " + profile.deps().loopRecords().size());
    }

    /** Runs the suite under the agent; its summary and exit code must equal the plain run's. */
    private static Profile runUnderAgentAndCompare(String options, Path out) throws Exception {
        AgentRun.Result r = runSuite("include=org.apache.commons.lang3.*," + options);
        ConsoleSummary summary = ConsoleSummary.parse(r.stdout());
        assertEquals(plainSummary, summary, "test results changed under the agent (" + options + ")\n"
                + "without:\n" + tail(plain.stdout()) + "\nwith:\n" + tail(r.stdout()) + "\n" + tail(r.stderr()));
        assertEquals(plain.exitCode(), r.exitCode(), r.stderr());
        List<String> unexpected = r.stderr().lines().filter(l -> l.startsWith("[loupe]"))
                .filter(l -> !l.startsWith("[loupe] wrote ") && !KnownWarnings.isKnown(l)).toList();
        assertEquals(List.of(), unexpected, "the agent reported problems");
        assertTrue(Files.exists(out), "no profile written (" + options + ")\n" + tail(r.stderr()));
        Profile profile = ProfileReader.read(out);
        assertEquals(List.of(), profile.warnings().stream().filter(w -> !KnownWarnings.isKnown(w)).toList());
        return profile;
    }

    private static AgentRun.Result runSuite(String agentOptions) throws IOException, InterruptedException {
        List<String> flags = List.of("-Xmx512m", "--add-opens", "java.base/java.lang.reflect=ALL-UNNAMED",
                "--add-opens", "java.base/java.lang=ALL-UNNAMED", "--add-opens", "java.base/java.util=ALL-UNNAMED",
                "-cp", TransparencyJars.classPath(TransparencyJars.in("lang3-suite")));
        List<String> args = new ArrayList<>(List.of("execute",
                "--scan-class-path", TransparencyJars.named("lang3-suite", TESTS_JAR).toString(),
                "--include-engine", "junit-jupiter", "--fail-if-no-tests",
                "--details", "summary", "--disable-banner", "--disable-ansi-colors"));
        for (String excluded : EXCLUDED) {
            args.add("--exclude-classname");
            args.add(Pattern.quote(excluded) + "(\\$.*)?");   // with its nested classes
        }
        return ForkedJvm.run(workDir, agentOptions, flags, LAUNCHER, args);
    }

    /** The binary names of commons-lang3's own classes (not its tests). */
    private static Set<String> libraryClasses() throws IOException {
        try (JarFile jar = new JarFile(TransparencyJars.named("lang3-suite", LIBRARY_JAR).toFile())) {
            return jar.stream().map(e -> e.getName())
                    .filter(n -> n.endsWith(".class") && !n.startsWith("META-INF/"))
                    .map(n -> n.substring(0, n.length() - ".class".length()).replace('/', '.'))
                    .collect(Collectors.toSet());
        }
    }

    private static String tail(String text) {
        return text.length() <= 6_000 ? text : "…" + text.substring(text.length() - 6_000);
    }
}
