package io.loupe.bench;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The floor patches of {@code loupe-bench/floors} (BENCHMARKS.md, <i>Floors</i>) still apply to
 * the code they change: a patch that no longer applies cannot measure its floor again, and would
 * only be found out when someone tries. Needs {@code git} and a git checkout; skipped without them.
 */
class FloorPatchesTest {

    private static final Path FLOORS = Path.of("floors");

    @Test
    void everyFloorPatchAppliesToTheCodeAsItIs() throws Exception {
        Path root = Path.of("..").toAbsolutePath().normalize();
        assumeTrue(Files.isDirectory(root.resolve(".git")) || Files.isRegularFile(root.resolve(".git")),
                "not a git checkout");
        assumeTrue(git(root, "--version").exit == 0, "no git");
        List<Path> patches;
        try (Stream<Path> files = Files.list(FLOORS)) {
            patches = files.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
        assertFalse(patches.isEmpty(), "no patches in " + FLOORS.toAbsolutePath());
        for (Path patch : patches) {
            Outcome check = git(root, "apply", "--check", patch.toAbsolutePath().toString());
            assertEquals(0, check.exit, patch.getFileName() + " no longer applies: " + check.output);
        }
    }

    @Test
    void theReadmeNamesEveryPatch() throws IOException {
        String readme = Files.readString(FLOORS.resolve("README.md"));
        try (Stream<Path> files = Files.list(FLOORS)) {
            for (Path patch : files.filter(p -> p.toString().endsWith(".patch")).toList()) {
                String name = patch.getFileName().toString().replace(".patch", "");
                assertTrue(readme.contains("`" + name + "`"), "README.md does not describe " + name);
            }
        }
    }

    private record Outcome(int exit, String output) {
    }

    private static Outcome git(Path root, String... args) throws IOException, InterruptedException {
        String[] command = new String[args.length + 3];
        command[0] = "git";
        command[1] = "-C";
        command[2] = root.toString();
        System.arraycopy(args, 0, command, 3, args.length);
        Process p;
        try {
            p = new ProcessBuilder(command).redirectErrorStream(true).start();
        } catch (IOException e) {
            return new Outcome(-1, e.toString());   // no git on the path
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(60, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            return new Outcome(-1, "git timed out");
        }
        return new Outcome(p.exitValue(), output);
    }
}
