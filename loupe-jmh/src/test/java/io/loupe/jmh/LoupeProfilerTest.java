package io.loupe.jmh;

import io.loupe.jmh.bench.SumBenchmark;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openjdk.jmh.profile.ProfilerException;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tiny JMH benchmark run with {@code -prof io.loupe.jmh.LoupeProfiler}: the fork runs under the
 * agent, the profile lands in the directory asked for, and the result lines name the benchmark's
 * hottest paths. Short iterations: this checks the profiler, not the benchmark's speed.
 */
class LoupeProfilerTest {

    @Test
    void aBenchmarkRunUnderTheProfilerReportsItsHottestPaths(@TempDir Path dir) throws Exception {
        String benchmark = SumBenchmark.class.getName() + ".sum";
        Options options = new OptionsBuilder().include(SumBenchmark.class.getName()).forks(1)
                .warmupIterations(1).warmupTime(TimeValue.milliseconds(200))
                .measurementIterations(1).measurementTime(TimeValue.milliseconds(200))
                .addProfiler(LoupeProfiler.class, "profile=paths;k=2;dir=" + dir)
                .build();
        Collection<RunResult> results = new Runner(options).run();
        assertEquals(1, results.size());
        Path profile = dir.resolve("loupe-" + benchmark + ".prof");
        assertTrue(Files.isRegularFile(profile), profile + " written by the fork's agent");
        Result<?> loupe = results.iterator().next().getAggregatedResult().getSecondaryResults().get("loupe");
        String text = loupe.extendedInfo();
        assertTrue(text.contains("Loupe profile: " + profile.toAbsolutePath()), text);
        assertTrue(text.contains("hottest acyclic paths:"), text);
        assertTrue(text.contains("io.loupe.jmh.bench.SumBenchmark.sum()J  path "), text);
        assertTrue(!text.contains("jmh_generated"), "JMH's harness is left alone: " + text);
    }

    @Test
    void anUnknownOptionOrAMissingAgentIsOneLine() {
        ProfilerException unknown = assertThrows(ProfilerException.class, () -> new LoupeProfiler("profil=paths"));
        assertEquals("Loupe: unknown option 'profil=paths'; options are profile, k, include, dir, top, agent (key=value,"
                + " separated by ;)", unknown.getMessage());
        ProfilerException missing = assertThrows(ProfilerException.class, () -> new LoupeProfiler("agent=/no/such.jar"));
        assertTrue(missing.getMessage().startsWith("Loupe: agent jar /no/such.jar does not exist"), missing.getMessage());
    }

    @Test
    void theForksInstrumentTheBenchmarksPackageUnlessToldOtherwise() {
        ProfilerOptions o = ProfilerOptions.parse("profile=paths+values;k=4", () -> null);
        assertEquals("profile=paths;values,k=4,include=io.loupe.jmh.bench.*,exclude=*.jmh_generated.*,out=/t/x.prof",
                o.agentOptions("io.loupe.jmh.bench.SumBenchmark.sum", Path.of("/t/x.prof")));
        ProfilerOptions scoped = ProfilerOptions.parse("include=com.example.*", () -> null);
        assertTrue(scoped.agentOptions("a.B.c", Path.of("/p")).contains(",include=com.example.*,"));
    }
}
