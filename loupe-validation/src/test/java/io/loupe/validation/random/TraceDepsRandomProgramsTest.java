package io.loupe.validation.random;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.recovery.RecoveredDependence;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.TraceReader;
import io.loupe.data.trace.Trace;
import io.loupe.validation.support.AgentRun;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.loupe.validation.support.HeapDependences.assertClean;
import static io.loupe.validation.support.HeapDependences.differences;
import static io.loupe.validation.support.HeapDependences.profiled;
import static io.loupe.validation.support.HeapDependences.recovered;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Random heap programs ({@link RandomHeapPrograms}) run four times: plainly, under the dependence
 * profiler ({@code profile=deps,deps.mode=lamp}), and traced with checks and with the plain
 * address trace. The heap dependences recovered from either trace must be the profiler's, type,
 * lines and counts; the output must not change.
 */
class TraceDepsRandomProgramsTest {

    @Property(tries = 8)
    void recoveredHeapDependencesAreTheProfilersOnRandomPrograms(@ForAll long seed) throws Exception {
        Path dir = Files.createTempDirectory("loupe-random-heap");
        try {
            String name = "Heap" + Long.toUnsignedString(seed, 36);
            String source = RandomHeapPrograms.generate("gen", name, seed);
            Path file = dir.resolve("gen/" + name + ".java");
            Files.createDirectories(file.getParent());
            Files.writeString(file, source);
            JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
            ByteArrayOutputStream errors = new ByteArrayOutputStream();
            int rc = javac.run(null, null, errors, "-g", "-d", dir.resolve("classes").toString(), file.toString());
            assertEquals(0, rc, errors + "\n" + source);
            String cp = dir.resolve("classes").toString();
            String main = "gen." + name;
            String include = "include=gen.*";

            AgentRun.Result plain = AgentRun.run(AgentRun.java(), null, cp, main);
            assertEquals(0, plain.exitCode(), plain.stderr());
            Path prof = dir.resolve("lamp.prof");
            AgentRun.Result lamp = AgentRun.run(AgentRun.java(), "profile=deps,deps.mode=lamp," + include + ",out=" + prof,
                    cp, main);
            assertEquals(plain.stdout(), lamp.stdout());
            Map<String, Long> expected = profiled(ProfileReader.read(prof));
            assertTrue(!expected.isEmpty(), source);
            for (String heap : List.of("checks", "addresses")) {
                Path out = dir.resolve(heap + ".trace");
                AgentRun.Result run = AgentRun.run(AgentRun.java(), "profile=trace,trace.heap=" + heap + "," + include
                        + ",out=" + out, cp, main);
                assertEquals(plain.stdout(), run.stdout(), "the trace must not change the output");
                Trace trace = TraceReader.read(out);
                DependenceRecovery.Recovery r = DependenceRecovery.recover(trace);
                assertClean(r);
                assertEquals(0, r.unresolvedHeapOps());
                assertEquals(Map.of(), differences(expected, recovered(trace, r, RecoveredDependence.Memory.HEAP)),
                        "heap dependences, profiled → recovered with " + heap + ", of\n" + numbered(source));
            }
        } finally {
            try (var files = Files.walk(dir)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    private static String numbered(String source) {
        StringBuilder b = new StringBuilder();
        String[] lines = source.split("\n");
        for (int i = 0; i < lines.length; i++) {
            b.append(String.format("%3d  %s%n", i + 1, lines[i]));
        }
        return b.toString();
    }
}
