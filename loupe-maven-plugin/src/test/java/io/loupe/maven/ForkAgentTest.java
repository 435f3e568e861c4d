package io.loupe.maven;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ForkAgentTest {

    @Test
    void eachJvmClaimsAFileOfItsOwnEvenWhenAPidComesBack(@TempDir Path dir) throws Exception {
        assertEquals(dir.resolve("loupe-42.prof"), ForkAgent.claim(dir, 42));
        assertEquals(dir.resolve("loupe-42-1.prof"), ForkAgent.claim(dir, 42));
        assertEquals(dir.resolve("loupe-42-2.prof"), ForkAgent.claim(dir, 42));
        assertEquals(dir.resolve("loupe-7.prof"), ForkAgent.claim(dir, 7));
        assertTrue(Files.isRegularFile(dir.resolve("loupe-42-1.prof")), "claimed by creating it");
    }

    @Test
    void theLauncherJarHoldsTheForkAgentAndWhereEverythingIs(@TempDir Path dir) throws Exception {
        Path jar = LauncherJar.write(dir, "deps run", Path.of("/r/loupe-agent.jar"), dir.resolve("loupe"), "profile=deps");
        assertEquals("loupe-launcher-deps_run.jar", jar.getFileName().toString());
        try (var j = new java.util.jar.JarFile(jar.toFile())) {
            assertEquals(ForkAgent.class.getName(), j.getManifest().getMainAttributes().getValue("Premain-Class"));
            var p = new java.util.Properties();
            p.load(j.getInputStream(j.getEntry(ForkAgent.PROPERTIES)));
            assertEquals("profile=deps", p.getProperty("options"));
            assertEquals(dir.resolve("loupe").toAbsolutePath().toString(), p.getProperty("dir"));
            assertTrue(j.getEntry(ForkAgent.class.getName().replace('.', '/') + ".class") != null);
        }
    }
}
