package io.loupe.bench;

import io.loupe.analysis.deps.AbsintSummary;
import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.bench.workloads.PolyBenchDriver;
import io.loupe.bench.workloads.Size;
import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.format.ProfileReader;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Abstract interpretation at loop entry on the PolyBench ports (docs/absint.md, BENCHMARKS.md
 * "Abstract interpretation at loop entry"): per kernel, in child JVMs, {@code none}, {@code camp}
 * and {@code camp-absint} alternated for a number of rounds; the kernel's own time as PolyBench
 * measures it ({@link PolyBenchDriver#KERNEL_MS_PREFIX}) and its median per configuration; the
 * share of the loops that ran and of the accesses that abstract interpretation decided; and the
 * exactness check: the camp and camp-absint profiles' loops and dependences, compared field by
 * field but for how each loop was decided. Prints a Markdown table.
 *
 * <pre>
 * java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath) io.loupe.bench.PolyBenchAbsint \
 *     --agent loupe-agent/target/loupe-agent.jar [--size full] [--rounds 3] [--kernels gemm,atax]
 * </pre>
 */
public final class PolyBenchAbsint {

    private static final List<String> CONFIGS = List.of("none", "camp", "camp-absint");

    private PolyBenchAbsint() {
    }

    public static void main(String[] args) throws Exception {
        Path agent = null;
        Size size = Size.FULL;
        int rounds = 3;
        List<String> kernels = PolyBenchDriver.kernelNames();
        for (int i = 0; i < args.length; i += 2) {
            switch (args[i]) {
                case "--agent" -> agent = Path.of(args[i + 1]);
                case "--size" -> size = Size.valueOf(args[i + 1].toUpperCase(Locale.ROOT));
                case "--rounds" -> rounds = Integer.parseInt(args[i + 1]);
                case "--kernels" -> kernels = Arrays.asList(args[i + 1].split(","));
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        if (agent == null) {
            throw new IllegalArgumentException("--agent JAR is required");
        }
        Path scratch = Files.createTempDirectory("polybench-absint");
        System.out.println("| kernel | none ms | camp | camp + absint | loops decided | accesses decided | same profile |");
        System.out.println("| --- | ---: | ---: | ---: | ---: | ---: | --- |");
        List<Double> campRatios = new ArrayList<>();
        List<Double> absintRatios = new ArrayList<>();
        for (String kernel : kernels) {
            double[][] ms = new double[CONFIGS.size()][rounds];
            String checksum = null;
            for (int r = 0; r < rounds; r++) {
                for (int c = 0; c < CONFIGS.size(); c++) {
                    Run run = run(agent, CONFIGS.get(c), size, kernel, scratch.resolve(CONFIGS.get(c) + ".prof"));
                    if (checksum == null) {
                        checksum = run.checksum;
                    } else if (!checksum.equals(run.checksum)) {
                        throw new IllegalStateException(kernel + " under " + CONFIGS.get(c) + " printed " + run.checksum
                                + ", not " + checksum);
                    }
                    ms[c][r] = run.kernelMillis;
                }
            }
            double none = Statistics.median(ms[0]).orElseThrow();
            double camp = Statistics.median(ms[1]).orElseThrow() / none;
            double absint = Statistics.median(ms[2]).orElseThrow() / none;
            campRatios.add(camp);
            absintRatios.add(absint);
            DepsAnalysis traced = DepsAnalysis.of(ProfileReader.read(scratch.resolve("camp.prof")));
            Profile decided = ProfileReader.read(scratch.resolve("camp-absint.prof"));
            DepsAnalysis a = DepsAnalysis.of(decided);
            AbsintSummary s = a.absint();
            long loops = a.loops().stream().map(l -> l.meta().id()).distinct().count();
            long accesses = decided.stats().getOrDefault(StatKeys.DEPS_ACCESSES, 0L);
            boolean same = SameDependences.canonical(traced).equals(SameDependences.canonical(a));
            System.out.printf(Locale.ROOT, "| %s | %.1f | %.1f× | %.2f× | %d of %d | %.1f%% | %s |%n", kernel, none, camp,
                    absint, s.decidedLoops(), loops, accesses == 0 ? 0.0 : 100.0 * s.untracedAccesses() / accesses,
                    same ? "yes" : "NO");
        }
        System.out.printf(Locale.ROOT, "| median | | %.1f× | %.2f× | | | |%n",
                Statistics.median(campRatios.stream().mapToDouble(Double::doubleValue).toArray()).orElseThrow(),
                Statistics.median(absintRatios.stream().mapToDouble(Double::doubleValue).toArray()).orElseThrow());
    }

    private record Run(String checksum, double kernelMillis) {
    }

    private static Run run(Path agent, String config, Size size, String kernel, Path profile) throws Exception {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(ChildJvm.flags("2g", Collector.PARALLEL));
        Optional<String> javaagent = ProfilerConfig.parse(config).javaagentArgument(agent.toAbsolutePath(), profile);
        javaagent.ifPresent(command::add);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), PolyBenchDriver.class.getName(),
                size.argument(), kernel));
        Process p = new ProcessBuilder(command).redirectErrorStream(false).start();
        String out = new String(p.getInputStream().readAllBytes());
        String err = new String(p.getErrorStream().readAllBytes());
        if (p.waitFor() != 0) {
            throw new IllegalStateException(config + " " + kernel + " failed: " + err);
        }
        String times = err.lines().filter(l -> l.startsWith(PolyBenchDriver.KERNEL_MS_PREFIX)).findFirst()
                .orElseThrow(() -> new IllegalStateException("no kernel time: " + err));
        double millis = Double.parseDouble(times.substring(times.indexOf('=') + 1).trim());
        return new Run(out.strip(), millis);
    }
}
