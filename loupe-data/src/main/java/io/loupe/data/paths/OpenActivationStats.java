package io.loupe.data.paths;

/**
 * The stats a path profile gives about the activations still open when it was written (a program
 * ended by {@code System.exit} or a signal, or with daemon threads running): the dump counts them
 * from the threads' stack traces, reports read them.
 */
public final class OpenActivationStats {

    /** Frames of path-profiled methods still on the stacks of the program's threads. */
    public static final String ACTIVATIONS = "paths.openActivations";
    /** Threads with at least one such frame. */
    public static final String THREADS = "paths.openThreads";
    /**
     * Threads whose innermost frame was such a method running its own code (not in a call): the
     * path ends it kept pending in locals since its last call may be missing.
     */
    public static final String RUNNING = "paths.runningThreads";

    private OpenActivationStats() {
    }
}
