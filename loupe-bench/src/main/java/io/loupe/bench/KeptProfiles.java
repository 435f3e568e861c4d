package io.loupe.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/** The profiles the harness kept ({@code --keep-profiles DIR}), for the tools that read them back. */
final class KeptProfiles {

    private KeptProfiles() {
    }

    /** The names of the files in {@code dir}, sorted: the tools' rows come in this order. */
    static List<String> names(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /** The directory a tool's one argument names; a usage line and exit code 64 without one. */
    static Path directory(String[] args, String tool) {
        if (args.length != 1) {
            System.err.println("usage: " + tool + " DIR   (profiles kept by OverheadHarness --keep-profiles DIR)");
            System.exit(64);
        }
        return Path.of(args[0]);
    }
}
