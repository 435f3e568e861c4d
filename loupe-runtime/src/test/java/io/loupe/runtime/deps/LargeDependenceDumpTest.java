package io.loupe.runtime.deps;

import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Half a million dependences dumped from a heap of 160 MiB, the least in which their table can be
 * filled (it takes about 72 MiB, its rows 64 MiB, and growing it holds the old rows and the new).
 * Merged through boxed maps, as the dump did before it streamed, the same table's maps alone
 * (without the dependences built from them) ran out of memory in 160 MiB and needed 256.
 */
class LargeDependenceDumpTest {

    private static final int SITES = 708;   // 501,264 dependences

    @Test
    void halfAMillionDependencesAreWrittenFromASmallHeap(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("large.prof");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx160m",
                "-cp", System.getProperty("java.class.path"), LargeDependenceDump.class.getName(),
                String.valueOf(SITES), out.toString()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(2, TimeUnit.MINUTES));
        assertEquals(0, p.exitValue(), output);
        assertEquals("[]", output.strip(), "nothing left out");
        Profile read = ProfileReader.read(out);
        List<io.loupe.data.deps.Dependence> deps = read.deps().dependences();
        assertEquals(SITES * SITES, deps.size());
        assertEquals(1, deps.get(12345).count());
    }
}
