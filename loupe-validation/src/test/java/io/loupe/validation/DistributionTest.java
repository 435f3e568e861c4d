package io.loupe.validation;

import io.loupe.analysis.summary.HotPath;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.validation.jmh.DigitSumBenchmark;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The distribution ({@code loupe-dist}): unpacked in a folder whose path has spaces, far from the
 * checkout, its {@code bin/loupe} finds its own jars and profiles the example it ships, with nothing
 * but a JDK; its {@code maven/} repository gives a project the Maven plugin with no network; its
 * {@code lib/loupe-jmh.jar} profiles a JMH benchmark with the agent beside it; the zip holds what the
 * tar.gz holds.
 */
class DistributionTest {

    private static final String EXAMPLE = "io.loupe.examples.Tokenizer";
    private static final String LIVE = "io.loupe.validation.targets.live.LiveTarget";

    private static final String VERSION = property("loupe.version");

    /** A system property the build sets (loupe-validation/pom.xml, Surefire's systemPropertyVariables). */
    private static String property(String name) {
        String value = System.getProperty(name);
        if (value == null || value.isBlank() || value.startsWith("${")) {
            throw new IllegalStateException("system property " + name + " not set: run through Maven (loupe-validation/pom.xml"
                    + " sets it), not " + value);
        }
        return value;
    }

    private static Path archive(String extension) {
        Path archive = Path.of(System.getProperty("loupe.dist.archive") + extension);
        assertTrue(Files.isRegularFile(archive), archive + " not built");
        return archive;
    }

    /** A process's exit code, stdout and stderr. */
    private record Outcome(int exitCode, String stdout, String stderr) {
    }

    /** The last lines of a build's output, for a failure message. */
    private static String tail(Outcome o) {
        List<String> lines = (o.stdout() + o.stderr()).lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size()));
    }

    private static Outcome run(Path dir, List<String> command) throws IOException, InterruptedException {
        Path out = Files.createTempFile("dist-out", ".txt");
        Path err = Files.createTempFile("dist-err", ".txt");
        try {
            ProcessBuilder pb = new ProcessBuilder(command).directory(dir.toFile())
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            pb.environment().put("JAVA_HOME", System.getProperty("java.home"));
            Process p = pb.start();
            if (!p.waitFor(3, TimeUnit.MINUTES)) {
                p.destroyForcibly();
                throw new IllegalStateException("timed out: " + command);
            }
            return new Outcome(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }

    private static List<String> loupe(Path home, String... args) {
        List<String> cmd = new ArrayList<>(List.of(home.resolve("bin/loupe").toString()));
        Collections.addAll(cmd, args);
        return cmd;
    }

    /** The tar.gz unpacked in {@code where}: the distribution's home, {@code where/loupe-VERSION}. */
    private static Path unpack(Path where) throws IOException, InterruptedException {
        Outcome untar = run(where, List.of("tar", "-xzf", archive(".tar.gz").toString()));
        assertEquals(0, untar.exitCode(), untar.stderr());
        Path home;
        try (var entries = Files.list(where)) {
            home = entries.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertTrue(home.getFileName().toString().startsWith("loupe-"), home.toString());
        return home;
    }

    @Test
    void unpackedAnywhereItProfilesTheExampleItShips(@TempDir Path tmp) throws Exception {
        Path where = Files.createDirectories(tmp.resolve("a folder with spaces"));
        Path home = unpack(where);
        for (String file : List.of("bin/loupe", "lib/loupe-cli.jar", "lib/loupe-agent.jar", "lib/loupe-jmh.jar",
                "examples/loupe-examples.jar",
                "maven/io/loupe/loupe-maven-plugin/" + VERSION + "/loupe-maven-plugin-" + VERSION + ".jar",
                "README.md", "THIRD-PARTY-NOTICES.md")) {
            assertTrue(Files.isRegularFile(home.resolve(file)), file);
        }
        assertTrue(Files.isExecutable(home.resolve("bin/loupe")));

        Outcome agent = run(where, loupe(home, "agent"));
        assertEquals(0, agent.exitCode(), agent.stderr());
        assertEquals(home.resolve("lib/loupe-agent.jar").toRealPath().toString(), agent.stdout().strip());

        String example = home.resolve("examples/loupe-examples.jar").toString();
        AgentRun.Result plain = AgentRun.run(AgentRun.java(), null, example, EXAMPLE, "5");
        Path profile = where.resolve("example profile.prof");
        Outcome profiled = run(where, loupe(home, "run", "--profile", "paths,values", "--k", "2", "--out",
                profile.toString(), "--", "-cp", example, EXAMPLE, "5"));
        assertEquals(0, profiled.exitCode(), profiled.stderr());
        assertEquals(plain.stdout(), profiled.stdout(), "the example computes and prints what it does without Loupe");
        Profile p = ProfileReader.read(profile);
        assertFalse(ProfileSummary.of(p).methods().isEmpty(), "paths");
        assertFalse(p.values().isEmpty(), "values");

        Outcome report = run(where, loupe(home, "report", profile.toString()));
        assertEquals(0, report.exitCode(), report.stderr());
        assertTrue(report.stdout().contains("Hottest acyclic paths"), report.stdout());
        Outcome html = run(where, loupe(home, "report", profile.toString(), "--html", "site"));
        assertEquals(0, html.exitCode(), html.stderr());
        assertTrue(Files.isRegularFile(where.resolve("site/index.html")));
    }

    /** {@code name} found on the PATH as an executable file, or null. */
    private static Path onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        return Stream.of(path.split(Pattern.quote(File.pathSeparator))).filter(d -> !d.isEmpty())
                .map(d -> Path.of(d, name)).filter(p -> Files.isRegularFile(p) && Files.isExecutable(p))
                .findFirst().orElse(null);
    }

    /**
     * A view of the local repository {@code repo} without {@code io/loupe} (symbolic links to the rest),
     * in {@code view}: the standard plugins and JUnit a build needs, and none of Loupe's artifacts.
     */
    private static void withoutLoupe(Path repo, Path view) throws IOException {
        Files.createDirectories(view.resolve("io"));
        try (var top = Files.list(repo)) {
            for (Path e : top.toList()) {
                if (!e.getFileName().toString().equals("io")) {
                    Files.createSymbolicLink(view.resolve(e.getFileName().toString()), e);
                }
            }
        }
        try (var io = Files.list(repo.resolve("io"))) {
            for (Path e : io.toList()) {
                if (!e.getFileName().toString().equals("loupe")) {
                    Files.createSymbolicLink(view.resolve("io").resolve(e.getFileName().toString()), e);
                }
            }
        } catch (NoSuchFileException e) {
            // no io/ at all: nothing to leave out
        }
    }

    /** Removes the links {@link #withoutLoupe} made (the links only: what they point to stays). */
    private static void removeLinks(Path view) throws IOException {
        if (!Files.isDirectory(view)) {
            return;
        }
        for (Path dir : List.of(view.resolve("io"), view)) {
            if (!Files.isDirectory(dir)) {
                continue;
            }
            try (var entries = Files.list(dir)) {
                for (Path e : entries.toList()) {
                    if (Files.isSymbolicLink(e)) {
                        Files.delete(e);
                    }
                }
            }
        }
    }

    /** Copies the directory {@code from} (a test resource) to {@code to}. */
    private static void copyTree(Path from, Path to) throws IOException {
        try (var files = Files.walk(from)) {
            for (Path f : files.toList()) {
                Path t = to.resolve(from.relativize(f).toString());
                if (Files.isDirectory(f)) {
                    Files.createDirectories(t);
                } else {
                    Files.copy(f, t);
                }
            }
        }
    }

    private static Path resource(String name) throws URISyntaxException {
        var url = DistributionTest.class.getResource(name);
        assertTrue(url != null, name + " not on the test class path");
        return Path.of(url.toURI());
    }

    /**
     * A user's project (a loop and a JUnit 5 test, {@code distribution-maven-project}) takes
     * loupe-maven-plugin from the unpacked distribution's {@code maven/}, named by one
     * {@code <pluginRepository>} with a file URL, and runs prepare-agent, its tests under the agent,
     * report and check. No network: the build's only repositories are that directory and, for the
     * standard Maven plugins and JUnit (every other repository is mirrored there), a view of this
     * build's local repository without {@code io/loupe}; its own local repository starts empty. So
     * every io.loupe artifact and pom the plugin needs must be in the distribution, with its checksum
     * (the project's pluginRepository fails on a missing or wrong one).
     */
    @Test
    void theMavenPluginRunsFromTheDistributionWithNoNetwork(@TempDir Path tmp) throws Exception {
        Path mvn = onPath("mvn");
        assumeTrue(mvn != null, "mvn is not on the PATH: the Maven plugin from the distribution is not tried here"
                + " (CI runs it: Debian's maven package)");
        Path buildRepository = Path.of(property("loupe.maven.repo.local"));
        assertTrue(Files.isDirectory(buildRepository), "the build's local repository " + buildRepository);

        Path where = Files.createDirectories(tmp.resolve("a folder with spaces"));
        Path home = unpack(where);
        Path repository = home.resolve("maven");
        Path standard = tmp.resolve("standard-artifacts");
        try {
            withoutLoupe(buildRepository, standard);
            Path project = where.resolve("my project");
            copyTree(resource("/distribution-maven-project"), project);
            Path pom = project.resolve("pom.xml");
            Files.writeString(pom, Files.readString(pom)
                    .replace("@LOUPE_MAVEN_REPOSITORY@", repository.toUri().toString())
                    .replace("@LOUPE_VERSION@", VERSION));
            Path settings = tmp.resolve("settings.xml");
            Files.writeString(settings, """
                    <settings>
                      <mirrors>
                        <mirror><id>standard</id><url>%s</url><mirrorOf>external:*</mirrorOf></mirror>
                      </mirrors>
                    </settings>
                    """.formatted(standard.toUri()));
            Path local = tmp.resolve("empty-local-repository");

            Outcome build = run(project, List.of(mvn.toString(), "-B", "-s", settings.toString(),
                    "-Dmaven.repo.local=" + local, "verify"));
            String out = build.stdout();
            assertEquals(0, build.exitCode(), "the project's build with the plugin from the distribution:\n" + tail(build));

            assertTrue(out.contains("Tests run: 1, Failures: 0, Errors: 0"), tail(build));
            assertTrue(out.contains("Loupe: argLine set to"), tail(build));
            assertTrue(out.contains("Loupe: all 2 rules hold on 1 profile"), tail(build));
            Path site = project.resolve("target/site/loupe");
            assertTrue(Files.isRegularFile(site.resolve("index.html")), "report: index.html");
            String json = Files.readString(site.resolve("loupe.json"));
            assertTrue(json.contains("com.example.Digits"), "loupe.json names the project's class");

            // the plugin and what it runs on came from the distribution's directory, and nothing from a network
            Path plugin = local.resolve("io/loupe/loupe-maven-plugin/" + VERSION + "/loupe-maven-plugin-" + VERSION + ".jar");
            assertEquals(-1, Files.mismatch(repository.resolve(local.relativize(plugin).toString()), plugin),
                    "the plugin jar is the distribution's");
            for (String artifact : List.of("loupe-report", "loupe-analysis", "loupe-data", "loupe-agent")) {
                Path jar = local.resolve("io/loupe/" + artifact + "/" + VERSION + "/" + artifact + "-" + VERSION + ".jar");
                assertTrue(Files.isRegularFile(jar), jar + " resolved");
            }
            List<String> network = out.lines().filter(l -> l.matches(".*Download(ing|ed) from [^:]+: (?!file:).*"))
                    .toList();
            assertTrue(network.isEmpty(), "downloads from elsewhere than file: repositories: " + network);
        } finally {
            removeLinks(standard);
        }
    }

    /**
     * A tiny JMH benchmark ({@link DigitSumBenchmark}, its harness generated by this module's build)
     * run by JMH in a JVM of its own with {@code -prof io.loupe.jmh.LoupeProfiler:profile=paths}, the
     * profiler taken from the unpacked distribution's {@code lib/loupe-jmh.jar}: with no
     * {@code agent=} and no {@code loupe.agent.jar} property it finds {@code lib/loupe-agent.jar}
     * beside itself (or fails saying it found none), the fork writes the profile and JMH prints the
     * {@code loupe} result.
     */
    @Test
    void theJmhProfilerRunsFromTheDistribution(@TempDir Path tmp) throws Exception {
        Path where = Files.createDirectories(tmp.resolve("a folder with spaces"));
        Path home = unpack(where);
        Path classes = Path.of(DigitSumBenchmark.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        assertTrue(Files.isRegularFile(classes.resolve("META-INF/BenchmarkList")), "JMH's generator ran on " + classes);
        List<String> classPath = new ArrayList<>(List.of(home.resolve("lib/loupe-jmh.jar").toString(), classes.toString()));
        for (String jmhClass : List.of("org.openjdk.jmh.Main", "joptsimple.OptionParser",
                "org.apache.commons.math3.stat.descriptive.SummaryStatistics")) {
            classPath.add(Path.of(Class.forName(jmhClass).getProtectionDomain().getCodeSource().getLocation().toURI())
                    .toString());
        }
        Path benchRun = Files.createDirectories(where.resolve("bench run"));
        String benchmark = DigitSumBenchmark.class.getName() + ".digitSums";

        Outcome jmh = run(benchRun, List.of(AgentRun.java().toString(), "-cp", String.join(File.pathSeparator, classPath),
                "org.openjdk.jmh.Main", Pattern.quote(DigitSumBenchmark.class.getName()) + "\\.",
                "-f", "1", "-wi", "1", "-w", "100ms", "-i", "1", "-r", "200ms",
                "-prof", "io.loupe.jmh.LoupeProfiler:profile=paths"));
        assertEquals(0, jmh.exitCode(), tail(jmh));
        String out = jmh.stdout();

        Path profile = benchRun.resolve("loupe-" + benchmark + ".prof");
        assertTrue(Files.isRegularFile(profile), profile + " written by the fork's agent:\n" + tail(jmh));
        List<HotPath> paths = ProfileSummary.of(ProfileReader.read(profile)).hottestPaths(10);
        assertFalse(paths.isEmpty(), "paths in " + profile);
        assertTrue(paths.stream().allMatch(p -> p.method().displayName().startsWith(DigitSumBenchmark.class.getName() + ".")),
                "only the benchmark's package is instrumented: " + paths);

        var named = Pattern.compile("Loupe profile: (.+?\\.prof) \\(").matcher(out);
        assertTrue(named.find(), "the loupe result names the profile:\n" + tail(jmh));
        assertEquals(profile.normalize(), Path.of(named.group(1)).normalize());
        assertTrue(out.contains("hottest acyclic paths:"), tail(jmh));
        assertTrue(out.contains(benchmark + "()I  path "), tail(jmh));
    }

    /**
     * A program run under the distribution's agent, dumped by the distribution's {@code bin/loupe
     * dump} while it runs: the profile it writes holds the program's paths so far.
     */
    @Test
    void aRunningJvmIsDumpedFromTheDistribution(@TempDir Path tmp) throws Exception {
        Path where = Files.createDirectories(tmp.resolve("a folder with spaces"));
        Path home = unpack(where);
        Process program = new ProcessBuilder(AgentRun.java().toString(),
                "-javaagent:" + home.resolve("lib/loupe-agent.jar") + "=profile=paths,include=" + LIVE + ",out="
                        + where.resolve("at-exit.prof"),
                "-cp", AgentRun.targetClassPath(), LIVE, "100000000")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (var out = new java.io.BufferedReader(new java.io.InputStreamReader(program.getInputStream(),
                StandardCharsets.UTF_8))) {
            assertEquals("running", out.readLine());
            Path dump = where.resolve("live.prof");
            Outcome o = run(where, loupe(home, "dump", "--pid", Long.toString(program.pid()), "--out", dump.toString()));
            assertEquals(0, o.exitCode(), tail(o));
            assertTrue(o.stdout().startsWith("wrote " + dump + " in "), o.stdout());
            Profile p = ProfileReader.read(dump);
            assertEquals(1L, p.stats().get(io.loupe.data.StatKeys.DUMP_LIVE));
            assertTrue(ProfileSummary.of(p).hottestPaths(5).stream()
                    .anyMatch(h -> h.method().displayName().startsWith(LIVE + ".work")), "the workers' paths so far");
        } finally {
            program.destroyForcibly().waitFor();
        }
    }

    @Test
    void theZipHoldsWhatTheTarHolds(@TempDir Path tmp) throws Exception {
        Outcome list = run(tmp, List.of("tar", "-tzf", archive(".tar.gz").toString()));
        assertEquals(0, list.exitCode(), list.stderr());
        TreeSet<String> tar = new TreeSet<>();
        list.stdout().lines().filter(l -> !l.endsWith("/")).forEach(tar::add);
        TreeSet<String> zip = new TreeSet<>();
        try (ZipFile z = new ZipFile(archive(".zip").toFile())) {
            z.stream().filter(e -> !e.isDirectory()).forEach(e -> zip.add(e.getName()));
        }
        assertEquals(tar, zip);
        assertTrue(tar.size() >= 6, tar.toString());
    }
}
