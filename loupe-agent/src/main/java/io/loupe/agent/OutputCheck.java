package io.loupe.agent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks at agent start that the profile can be written where {@code out} says, so that a typo
 * costs a second, not a whole run: the profile is written at exit, after the program's work.
 * The profile is written to a temporary file next to {@code out} and then renamed, so what must
 * hold is exactly that a file can be created in {@code out}'s directory and that {@code out} is
 * not a directory; the check creates such a file and deletes it.
 */
final class OutputCheck {

    private OutputCheck() {
    }

    /** The one-line problem with writing a profile to {@code out}, or null if there is none. */
    static String problem(Path out) {
        Path target = out.toAbsolutePath().normalize();
        if (Files.isDirectory(target)) {
            return "option 'out' names a directory, not a file: " + target;
        }
        Path dir = target.getParent();
        if (dir == null || !Files.isDirectory(dir)) {
            return "option 'out': the directory " + dir + " does not exist";
        }
        Path probe = dir.resolve("." + target.getFileName() + "." + ProcessHandle.current().pid() + ".check");
        try {
            Files.deleteIfExists(probe);
            Files.createFile(probe);
            Files.delete(probe);
            return null;
        } catch (IOException | SecurityException e) {
            return "option 'out': cannot write in " + dir + " (" + reason(e) + ")";
        }
    }

    private static String reason(Exception e) {
        if (e instanceof java.nio.file.AccessDeniedException) {
            return "permission denied";
        }
        String m = e.getMessage();
        return m == null ? e.getClass().getSimpleName() : m;
    }
}
