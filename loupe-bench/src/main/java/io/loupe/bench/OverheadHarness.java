package io.loupe.bench;

import io.loupe.bench.RunRecord.Status;
import io.loupe.bench.workloads.Driver;
import io.loupe.bench.workloads.LiveHeapSampler;
import io.loupe.bench.workloads.Workload;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Measures what Loupe's path profilers cost on real workloads: every workload runs in a fresh
 * child JVM under every configuration ({@code none}, {@code blpp}, {@code kN}), and the wall time of
 * each instrumented run is divided by that of the uninstrumented run of the same round.
 *
 * <p>Method. Configurations alternate within a round (round 0: none, blpp, k2, …; round 1: the same
 * again), so that slow drift of the machine hits every configuration alike; every child gets the
 * same fixed heap and collector; results are medians over rounds, both of the per-round ratios and
 * of the times themselves. Every run must print the checksum line of the first uninstrumented run:
 * one that does not is marked WRONG, reported on stderr as it happens and in both reports, and
 * makes the harness exit with status 2. A profiler must never change what a program computes.
 *
 * <p>How to run, from the repository root:
 * <pre>
 * mvn -B -q package -DskipTests
 * java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath) \
 *     io.loupe.bench.OverheadHarness --agent loupe-agent/target/loupe-agent.jar \
 *     --workloads all --configs none,blpp,k2,k4,k8 --runs 5 \
 *     --json bench-results/overhead.json --markdown bench-results/overhead.md
 * </pre>
 * {@code target/bench.classpath} is written by the module's build ({@code maven-dependency-plugin}
 * {@code build-classpath}); the children run on it plus {@code target/classes}. Other options:
 * {@code --java PATH} (the children's launcher), {@code --size small} (seconds instead of minutes),
 * {@code --heap 2g}, {@code --classpath CP}, {@code --keep-profiles DIR}, {@code --live-heap MILLIS}
 * (the children sample their live heap at that interval: a matrix for memory, not for times), and
 * {@code --agent-variant NAME=JAR}, which a configuration {@code CONFIG:NAME} runs instead of
 * {@code --agent}: an experimental build of Loupe measured in the same rounds as the agent
 * ({@link ProfilerConfig}).
 */
public final class OverheadHarness {
    private final HarnessOptions options;
    private final ChildJvm child;
    private final Map<String, String> environment;
    private final List<RunRecord> runs = new ArrayList<>();

    OverheadHarness(HarnessOptions options) throws IOException {
        this.options = options;
        this.child = new ChildJvm(options.java(), options.heap(), options.gc(),
                options.classPath() != null ? options.classPath() : benchClassPath(), options.liveHeapMillis());
        this.environment = environment(options);
    }

    public static void main(String[] args) throws Exception {
        HarnessOptions options;
        try {
            options = HarnessOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("loupe-bench: " + e.getMessage());
            System.exit(64);
            return;
        }
        Results results = new OverheadHarness(options).measure();
        System.out.println();
        System.out.print(MarkdownReport.render(results));
        List<RunRecord> problems = results.problems();
        if (!problems.isEmpty()) {
            System.err.println("loupe-bench: " + problems.size() + " run(s) were WRONG or FAILED; see the reports");
            System.exit(2);
        }
    }

    /** Runs every round of every workload, writing the reports after each workload. */
    Results measure() throws IOException, InterruptedException {
        Path scratch = Files.createTempDirectory("loupe-bench");
        Path profileDir = options.profiles() != null ? Files.createDirectories(options.profiles()) : scratch;
        try {
            int total = options.workloads().size() * options.runs() * options.configs().size();
            for (Workload workload : options.workloads()) {
                String reference = null;
                for (int round = 0; round < options.runs(); round++) {
                    var roundRuns = new ArrayList<RunRecord>();
                    for (ProfilerConfig config : options.configs()) {
                        RunRecord run = runOnce(workload, config, round, profileDir, scratch);
                        roundRuns.add(run);
                        progress(runs.size() + roundRuns.size(), total, run);
                    }
                    reference = reference != null ? reference : referenceLine(roundRuns);
                    for (RunRecord run : roundRuns) {
                        runs.add(judge(run, reference));
                    }
                }
                writeReports();
            }
            return results();
        } finally {
            deleteTree(scratch);
        }
    }

    private static void deleteTree(Path directory) throws IOException {
        try (var files = Files.walk(directory)) {
            for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(file);
            }
        }
    }

    Results results() {
        return new Results(options, environment, runs);
    }

    private RunRecord runOnce(Workload workload, ProfilerConfig config, int round, Path profileDir, Path scratch)
            throws IOException, InterruptedException {
        String label = workload.id() + " " + config.name() + " #" + round;
        Path profile = profileDir.resolve(workload.id() + "-" + config.name() + "-" + round + ".prof");
        Files.deleteIfExists(profile);
        List<String> command = child.command(workload, options.size(), config.javaagentArgument(options.agentFor(config), profile,
                options.samplesLiveHeap() ? LiveHeapSampler.CLASSES : null, options.optionsFor(config)));
        ChildJvm.Outcome outcome = child.run(command, scratch);
        long peakRssKb = RunRecord.ABSENT;
        long[] liveHeap = {RunRecord.ABSENT, RunRecord.ABSENT};
        long[] cpu = {RunRecord.ABSENT, RunRecord.ABSENT};
        for (String line : outcome.stderr()) {
            if (line.startsWith(Driver.PEAK_RSS_PREFIX)) {
                peakRssKb = Long.parseLong(line.substring(Driver.PEAK_RSS_PREFIX.length()).strip());
            } else if (line.startsWith(LiveHeapSampler.PREFIX)) {
                liveHeap = liveHeap(line);
            } else if (line.startsWith(Driver.CPU_PREFIX)) {
                cpu = cpu(line);
            } else {
                System.err.println("  [" + label + "] " + line);
            }
        }
        Map<String, Long> stats = Map.of();
        if (config.instrumented()) {
            stats = ProfileCounters.read(profile, label);
            if (options.profiles() == null) {
                Files.deleteIfExists(profile);
            }
        }
        boolean completed = outcome.exitCode() == 0 && !outcome.stdout().isBlank();
        if (!completed) {
            System.err.println("loupe-bench: FAILED " + label + ": exit " + outcome.exitCode()
                    + ", command: " + String.join(" ", command));
        }
        return new RunRecord(workload.id(), config.name(), round, outcome.wallNanos(), outcome.exitCode(),
                outcome.stdout(), peakRssKb, liveHeap[0], liveHeap[1], cpu[0], cpu[1], stats,
                completed ? Status.OK : Status.FAILED);
    }

    /**
     * The peak and exit bytes of a {@link LiveHeapSampler} line ({@code peak=… exit=… samples=…});
     * a value of -1 (a histogram the child could not take) or a missing one is absent.
     */
    static long[] liveHeap(String line) {
        return words(line.substring(LiveHeapSampler.PREFIX.length()), "peak", "exit");
    }

    /** The main thread's and the process's CPU milliseconds of a {@link Driver#CPU_PREFIX} line; a missing one is absent. */
    static long[] cpu(String line) {
        return words(line.substring(Driver.CPU_PREFIX.length()), "main", "process");
    }

    /** The values of the {@code name=value} words of {@code text} named {@code first} and {@code second}. */
    private static long[] words(String text, String first, String second) {
        long[] values = {RunRecord.ABSENT, RunRecord.ABSENT};
        for (String word : text.strip().split("\\s+")) {
            int eq = word.indexOf('=');
            if (eq < 0) {
                continue;
            }
            String name = word.substring(0, eq);
            int slot = name.equals(first) ? 0 : name.equals(second) ? 1 : -1;
            if (slot >= 0) {
                try {
                    long value = Long.parseLong(word.substring(eq + 1));
                    values[slot] = value < 0 ? RunRecord.ABSENT : value;
                } catch (NumberFormatException e) {
                    // absent
                }
            }
        }
        return values;
    }

    /** The line every run must print: the first completed uninstrumented run's, else the first completed run's. */
    private String referenceLine(List<RunRecord> round) {
        return round.stream().filter(r -> r.completed() && (!options.hasBaseline() || r.config().equals("none")))
                .map(RunRecord::stdout).findFirst().orElse(null);
    }

    /** {@code run}, marked WRONG (and reported on stderr) when it printed other than {@code reference}. */
    static RunRecord judge(RunRecord run, String reference) {
        if (run.status() != Status.OK || reference == null || run.stdout().equals(reference)) {
            return run;
        }
        System.err.printf(Locale.ROOT, "loupe-bench: WRONG: %s under %s (round %d) printed%n    %s%n"
                        + "  but the uninstrumented run printed%n    %s%n",
                run.workload(), run.config(), run.run(), run.stdout().strip(), reference.strip());
        return run.with(Status.WRONG);
    }

    private static void progress(int done, int total, RunRecord run) {
        System.out.printf(Locale.ROOT, "[%d/%d] %-8s %-5s round %d: %7.2f s  rss %s%n", done, total,
                run.workload(), run.config(), run.run(), run.wallSeconds(),
                run.peakRssKb() == RunRecord.ABSENT ? "-" : (run.peakRssKb() / 1024) + " MiB");
    }

    private void writeReports() throws IOException {
        Results results = results();
        if (options.json() != null) {
            write(options.json(), ResultsJson.render(results));
        }
        if (options.markdown() != null) {
            write(options.markdown(), MarkdownReport.render(results));
        }
    }

    private static void write(Path file, String text) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        Files.writeString(file, text);
    }

    /**
     * {@code target/classes} and the {@code target/bench.classpath} the build wrote next to it,
     * when this class was loaded from such a directory; otherwise this JVM's own class path.
     */
    static String benchClassPath() throws IOException {
        try {
            Path classes = Path.of(OverheadHarness.class.getProtectionDomain().getCodeSource().getLocation().toURI());
            Path file = classes.resolveSibling("bench.classpath");
            if (Files.isDirectory(classes) && Files.isRegularFile(file)) {
                return classes + File.pathSeparator + Files.readString(file).strip();
            }
        } catch (URISyntaxException | SecurityException e) {
            // fall through to the class path of this JVM
        }
        return System.getProperty("java.class.path");
    }

    private static Map<String, String> environment(HarnessOptions options) {
        var facts = new LinkedHashMap<String, String>();
        facts.put("date", Instant.now().toString());
        facts.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version")
                + " " + System.getProperty("os.arch"));
        facts.put("processors", Integer.toString(Runtime.getRuntime().availableProcessors()));
        facts.put("harnessJava", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"));
        facts.put("childJava", options.java().toString());
        return facts;
    }
}
