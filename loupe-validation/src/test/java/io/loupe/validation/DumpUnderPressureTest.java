package io.loupe.validation;

import io.loupe.analysis.kpaths.KIpfBuilder;
import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.ProfileWriter;
import io.loupe.data.meta.MethodMeta;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A program that dies of {@code OutOfMemoryError} with its heap full still leaves its profile,
 * under every profiler: the agent's reserve is let go when the dump starts.
 */
class DumpUnderPressureTest {

    private static final String TARGET = "io.loupe.validation.targets.OutOfMemoryTarget";
    private static final int ITERATIONS = 30_000;

    @ParameterizedTest
    @ValueSource(strings = {"profile=paths", "profile=paths,k=4", "profile=paths;values",
            "profile=values,convergent=true", "profile=deps", "profile=deps,deps.mode=lamp"})
    void aProgramThatDiesOfOutOfMemoryLeavesAReadableProfile(String options, @TempDir Path dir) throws Exception {
        Path out = dir.resolve("oom.prof");
        AgentRun.Result r = AgentRun.runWith(List.of("-Xmx48m", "-XX:-HeapDumpOnOutOfMemoryError"),
                options + ",include=io.loupe.validation.targets.OutOfMemoryTarget,out=" + out, TARGET,
                String.valueOf(ITERATIONS));
        assertNotEquals(0, r.exitCode(), "the program died");
        assertTrue(r.stderr().contains("java.lang.OutOfMemoryError"), r.stderr());
        assertTrue(r.stderr().contains("[loupe] wrote " + out), r.stderr());
        Profile p = ProfileReader.read(out);
        assertNull(p.stats().get(StatKeys.DUMP_INCOMPLETE), "nothing missing: " + p.warnings());
        if (options.contains("paths")) {
            MethodMeta work = p.methods().stream().filter(m -> m.name().equals("work")).findFirst().orElseThrow();
            long ends = p.counts().stream().filter(c -> c.methodId() == work.id())
                    .mapToLong(c -> java.util.Arrays.stream(c.counts()).sum()).sum();
            if (p.header().k() >= 2) {   // plain counts are the k-path forest's first level
                KIpfBuilder builder = new KIpfBuilder(p.header().k());
                p.forests().forEach(builder::add);
                long[] first = {0};
                builder.build().get(work.id()).forEachPath(path -> first[0] += path.ids().length == 1 ? path.count() : 0);
                ends = first[0];
            }
            assertEquals(ITERATIONS + 1, ends, "every iteration's path and the exit's");
        }
        if (options.contains("values")) {
            assertFalse(p.valueSites().isEmpty());
            assertFalse(p.values().isEmpty());
        }
        if (options.contains("deps")) {
            assertFalse(p.deps().dependences().isEmpty(), "the loop's dependences through a[]");
            assertFalse(p.deps().loopRecords().isEmpty());
        }
    }
}
