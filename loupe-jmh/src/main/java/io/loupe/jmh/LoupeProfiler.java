package io.loupe.jmh;

import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.summary.HotPath;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.values.SiteStats;
import io.loupe.data.format.ProfileReader;
import io.loupe.report.DepsLayout;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.profile.ExternalProfiler;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.BenchmarkResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.TextResult;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

/**
 * {@code -prof io.loupe.jmh.LoupeProfiler[:OPTIONS]}: runs each benchmark's forks under Loupe's agent
 * and, after the benchmark, prints what the profile says of the benchmark's own code (its package)
 * as a JMH result: the hottest acyclic paths, the most executed invariant value sites, and the
 * loops' dependence verdicts, as the profile holds them. The profile is written to
 * {@code DIR/loupe-BENCHMARK.prof} for {@code loupe report}.
 *
 * <p>Options, separated by {@code ;} (JMH's syntax): {@code profile=paths} (Loupe's profilers,
 * {@code +}-separated: {@code paths+values}, or {@code deps}), {@code k=1}, {@code include=GLOBS}
 * (default: the benchmark's package), {@code dir=.} (where profiles go), {@code top=5} (lines per
 * section), {@code agent=PATH} (the agent jar; default: the system property {@code loupe.agent.jar},
 * else {@code loupe-agent.jar} beside this profiler's jar, as in the distribution's {@code lib/}).
 * The run's figures are JMH's to time: the agent's overhead is in them, so time without the
 * profiler.
 */
public final class LoupeProfiler implements ExternalProfiler {

    private final ProfilerOptions options;
    private Path profile;

    public LoupeProfiler(String initLine) throws ProfilerException {
        try {
            this.options = ProfilerOptions.parse(initLine, LoupeProfiler::besideThisJar);
        } catch (IllegalArgumentException e) {
            throw new ProfilerException(e.getMessage());
        }
    }

    /** The agent jar beside the jar this class was loaded from, or null. */
    private static Path besideThisJar() {
        try {
            var source = LoupeProfiler.class.getProtectionDomain().getCodeSource();
            if (source == null) {
                return null;
            }
            Path here = Path.of(source.getLocation().toURI());
            Path agent = here.resolveSibling("loupe-agent.jar");
            return Files.isRegularFile(agent) ? agent : null;
        } catch (URISyntaxException | IllegalArgumentException | SecurityException e) {
            return null;
        }
    }

    @Override
    public String getDescription() {
        return "Loupe: precise path, value and dependence profiles of the benchmark's code";
    }

    @Override
    public Collection<String> addJVMInvokeOptions(BenchmarkParams params) {
        return List.of();
    }

    @Override
    public Collection<String> addJVMOptions(BenchmarkParams params) {
        profile = options.dir().resolve("loupe-" + params.getBenchmark() + ".prof").toAbsolutePath().normalize();
        return List.of("-javaagent:" + options.agent() + "=" + options.agentOptions(params.getBenchmark(), profile));
    }

    @Override
    public void beforeTrial(BenchmarkParams params) {
        // the profile is written by the fork's agent when the fork exits
    }

    @Override
    public Collection<? extends Result> afterTrial(BenchmarkResult result, long pid, File stdOut, File stdErr) {
        String text;
        try {
            text = summarise(ProfileSummary.of(ProfileReader.read(profile)));
        } catch (IOException | RuntimeException e) {
            text = "Loupe: no profile read from " + profile + ": " + e.getMessage();
        }
        return List.of(new TextResult(text, "loupe"));
    }

    /** What the result prints: the profile's file, then a few lines per profiler. */
    String summarise(ProfileSummary s) {
        List<String> lines = new ArrayList<>();
        lines.add("Loupe profile: " + profile + " (loupe report " + profile + " --html DIR shows it all)");
        int top = options.top();
        if (!s.methods().isEmpty()) {
            lines.add("hottest acyclic paths:");
            for (HotPath p : s.hottestPaths(top)) {
                lines.add(String.format(Locale.ROOT, "  %,15d  %s  path %d  lines %s", p.count(),
                        p.method().displayName(), p.pathId(), lines(p)));
            }
        }
        if (s.values().present()) {
            lines.add("most executed invariant value sites (Inv-1 ≥ 50%):");
            s.values().sites().stream().filter(v -> v.inv1() >= 0.5).limit(top).forEach(v -> lines.add(site(v)));
        }
        if (s.deps().present()) {
            lines.add("loops:");
            s.deps().loops().stream().sorted((a, b) -> Long.compare(b.iterations(), a.iterations())).limit(top)
                    .forEach(l -> lines.add(loop(l)));
        }
        return String.join(System.lineSeparator(), lines);
    }

    private static String lines(HotPath p) {
        try {
            return Arrays.toString(p.method().decode(p.pathId()).lines());
        } catch (IllegalArgumentException e) {
            return "?";
        }
    }

    private static String site(SiteStats v) {
        return String.format(Locale.ROOT, "  %,15d  %s.%s:%d %s, Inv-1 %.1f%%, top %s", v.executed(), v.meta().className(),
                v.meta().method(), v.meta().line(), v.kind().label(), 100 * v.inv1(), v.topValue());
    }

    private static String loop(LoopVerdict l) {
        return String.format(Locale.ROOT, "  %,15d iterations  %s.%s:%d  %s (carried RAW %d, WAR %d, WAW %d)",
                l.iterations(), l.meta().className(), l.meta().method(), l.meta().line(), DepsLayout.verdict(l), l.raw(),
                l.war(), l.waw());
    }

    @Override
    public boolean allowPrintOut() {
        return true;
    }

    @Override
    public boolean allowPrintErr() {
        return false;   // the agent's [loupe] lines and the JVM's CDS notice
    }
}
