package io.loupe.validation;

import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.zip.ZipFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The distribution ({@code loupe-dist}): unpacked in a folder whose path has spaces, far from the
 * checkout, its {@code bin/loupe} finds its own jars and profiles the example it ships, with nothing
 * but a JDK; the zip holds what the tar.gz holds.
 */
class DistributionTest {

    private static final String EXAMPLE = "io.loupe.examples.Tokenizer";

    private static Path archive(String extension) {
        Path archive = Path.of(System.getProperty("loupe.dist.archive") + extension);
        assertTrue(Files.isRegularFile(archive), archive + " not built");
        return archive;
    }

    /** A process's exit code, stdout and stderr. */
    private record Outcome(int exitCode, String stdout, String stderr) {
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

    @Test
    void unpackedAnywhereItProfilesTheExampleItShips(@TempDir Path tmp) throws Exception {
        Path where = Files.createDirectories(tmp.resolve("a folder with spaces"));
        Outcome untar = run(where, List.of("tar", "-xzf", archive(".tar.gz").toString()));
        assertEquals(0, untar.exitCode(), untar.stderr());
        Path home;
        try (var entries = Files.list(where)) {
            home = entries.filter(Files::isDirectory).findFirst().orElseThrow();
        }
        assertTrue(home.getFileName().toString().startsWith("loupe-"), home.toString());
        for (String file : List.of("bin/loupe", "lib/loupe-cli.jar", "lib/loupe-agent.jar", "lib/loupe-jmh.jar",
                "examples/loupe-examples.jar",
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
