package io.loupe.bench;

import io.loupe.bench.workloads.Size;
import io.loupe.bench.workloads.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HarnessOptionsTest {

    @Test
    void configurationNamesMapToAgentOptions() {
        assertNull(ProfilerConfig.parse("none").agentOptions());
        assertEquals("profile=paths,k=1", ProfilerConfig.parse("blpp").agentOptions());
        assertEquals("profile=paths,k=8", ProfilerConfig.parse("k8").agentOptions());
        assertEquals("profile=paths,k=16,paths.maxNodes=100000", ProfilerConfig.parse("k16@100000").agentOptions());
        assertEquals("profile=values", ProfilerConfig.parse("values").agentOptions());
        assertEquals("profile=values,convergent=true", ProfilerConfig.parse("values-conv").agentOptions());
        assertEquals("profile=values,convergent=true,values.freeze=true", ProfilerConfig.parse("values-freeze").agentOptions());
        assertEquals("-javaagent:a.jar=profile=paths,k=2,out=/tmp/p.prof",
                ProfilerConfig.parse("k2").javaagentArgument(Path.of("a.jar"), Path.of("/tmp/p.prof")).orElseThrow());
        assertTrue(ProfilerConfig.NONE.javaagentArgument(Path.of("a.jar"), Path.of("p")).isEmpty());
        assertEquals("-javaagent:a.jar=profile=deps,deps.mode=camp,out=p,exclude=x.Y*",
                ProfilerConfig.parse("camp").javaagentArgument(Path.of("a.jar"), Path.of("p"), "x.Y*").orElseThrow());
        assertEquals("-javaagent:a.jar=profile=deps,deps.mode=lamp,deps.absint=true,out=p",
                ProfilerConfig.parse("lamp-absint").javaagentArgument(Path.of("a.jar"), Path.of("p")).orElseThrow());
    }

    @Test
    void anUnknownConfigurationIsNamed() {
        var e = assertThrows(IllegalArgumentException.class, () -> ProfilerConfig.parse("k0"));
        assertTrue(e.getMessage().contains("'k0'"), e.getMessage());
    }

    @Test
    void everyOptionHasADefaultButTheAgentIsNeededForInstrumentedConfigurations() {
        var e = assertThrows(IllegalArgumentException.class, HarnessOptions::parse);
        assertTrue(e.getMessage().contains("--agent"), e.getMessage());

        HarnessOptions options = HarnessOptions.parse("--configs", "none");
        assertEquals(List.of(Workload.values()), options.workloads());
        assertEquals(5, options.runs());
        assertEquals(Size.FULL, options.size());
        assertEquals("2g", options.heap());
        assertEquals(Collector.PARALLEL, options.gc());
        assertTrue(options.hasBaseline());
        assertFalse(options.samplesLiveHeap());
    }

    @Test
    void everyOptionIsParsed(@TempDir Path dir) throws IOException {
        Path agent = Files.createFile(dir.resolve("agent.jar"));
        HarnessOptions options = HarnessOptions.parse("--agent", agent.toString(), "--workloads", "lucene,scimark",
                "--configs", "k4,blpp", "--runs", "3", "--json", "o.json", "--markdown", "o.md",
                "--java", "/opt/jdk/bin/java", "--size", "small", "--heap", "512m", "--gc", "g1", "--classpath", "a:b",
                "--keep-profiles", "profiles", "--live-heap", "1500");
        assertEquals(List.of(Workload.LUCENE, Workload.SCIMARK), options.workloads());
        assertEquals(List.of("k4", "blpp"), options.configs().stream().map(ProfilerConfig::name).toList());
        assertEquals(3, options.runs());
        assertEquals(Path.of("o.json"), options.json());
        assertEquals(Path.of("o.md"), options.markdown());
        assertEquals(Path.of("/opt/jdk/bin/java"), options.java());
        assertEquals(Size.SMALL, options.size());
        assertEquals("512m", options.heap());
        assertEquals(Collector.G1, options.gc());
        assertEquals("a:b", options.classPath());
        assertEquals(Path.of("profiles"), options.profiles());
        assertEquals(1500, options.liveHeapMillis());
        assertTrue(options.samplesLiveHeap());
        assertFalse(options.hasBaseline());
    }

    @Test
    void aVariantRunsItsConfigurationWithItsOwnJar(@TempDir Path dir) throws IOException {
        Path agent = Files.createFile(dir.resolve("agent.jar"));
        Path floor = Files.createFile(dir.resolve("floor.jar"));
        HarnessOptions options = HarnessOptions.parse("--agent", agent.toString(),
                "--agent-variant", "floor-never=" + floor, "--configs", "none,values-conv,values-conv:floor-never");
        ProfilerConfig plain = options.configs().get(1);
        ProfilerConfig variant = options.configs().get(2);
        assertEquals("values-conv:floor-never", variant.name());
        assertEquals(plain.agentOptions(), variant.agentOptions());
        assertEquals("floor-never", variant.variant());
        assertEquals(agent, options.agentFor(plain));
        assertEquals(floor, options.agentFor(variant));
        assertEquals("-javaagent:" + floor + "=profile=values,convergent=true,out=p",
                variant.javaagentArgument(options.agentFor(variant), Path.of("p")).orElseThrow());

        // a variant alone needs no --agent
        HarnessOptions only = HarnessOptions.parse("--agent-variant", "f=" + floor, "--configs", "none,values:f");
        assertEquals(floor, only.agentFor(only.configs().get(1)));
    }

    @Test
    void aVariantMayAddAgentOptionsOfItsOwn(@TempDir Path dir) throws IOException {
        Path agent = Files.createFile(dir.resolve("agent.jar"));
        Path lazy = Files.createFile(dir.resolve("lazy.jar"));
        HarnessOptions options = HarnessOptions.parse("--agent", agent.toString(),
                "--agent-variant", "once=" + lazy + "+values.lazy=true,values.lazyBackoff=1000000",
                "--agent-variant", "plain=" + lazy, "--configs", "values-conv,values-conv:once,values-conv:plain");
        ProfilerConfig conv = options.configs().get(0);
        ProfilerConfig once = options.configs().get(1);
        ProfilerConfig plain = options.configs().get(2);
        assertEquals(lazy, options.agentFor(once));
        assertNull(options.optionsFor(conv));
        assertNull(options.optionsFor(plain));
        assertEquals("values.lazy=true,values.lazyBackoff=1000000", options.optionsFor(once));
        assertEquals("-javaagent:" + lazy + "=profile=values,convergent=true,values.lazy=true,values.lazyBackoff=1000000"
                        + ",out=p", once.javaagentArgument(options.agentFor(once), Path.of("p"), null,
                options.optionsFor(once)).orElseThrow());
        assertMessageNames("NAME=JAR+OPTIONS", "--agent-variant", "once=" + lazy + "+", "--configs", "none");
    }

    @Test
    void badVariantsAreNamedInTheMessage(@TempDir Path dir) throws IOException {
        Path floor = Files.createFile(dir.resolve("floor.jar"));
        assertMessageNames("--agent-variant floor=JAR", "--configs", "none,values:floor");
        assertMessageNames("no such file", "--agent-variant", "floor=/nonexistent/floor.jar", "--configs", "none");
        assertMessageNames("NAME=JAR", "--agent-variant", "floor.jar", "--configs", "none");
        assertMessageNames("given twice", "--agent-variant", "f=" + floor, "--agent-variant", "f=" + floor,
                "--configs", "none");
        assertMessageNames("'none:f'", "--agent-variant", "f=" + floor, "--configs", "none:f");
        assertMessageNames("'values:'", "--configs", "values:");
    }

    @Test
    void badInputIsNamedInTheMessage() {
        assertMessageNames("--frobnicate", "--frobnicate", "1");
        assertMessageNames("'luaj2'", "--workloads", "luaj2", "--configs", "none");
        assertMessageNames("'0'", "--runs", "0", "--configs", "none");
        assertMessageNames("'huge'", "--heap", "huge", "--configs", "none");
        assertMessageNames("'zgc'", "--gc", "zgc", "--configs", "none");
        assertMessageNames("'-5'", "--live-heap", "-5", "--configs", "none");
        assertMessageNames("--runs needs a value", "--configs", "none", "--runs");
        assertMessageNames("listed twice", "--configs", "none,none");
        assertMessageNames("no such file", "--agent", "/nonexistent/agent.jar");
    }

    private static void assertMessageNames(String expected, String... args) {
        var e = assertThrows(IllegalArgumentException.class, () -> HarnessOptions.parse(args));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
