package io.loupe.cli;

/**
 * A problem the user can fix (a bad option value, a file that is not a profile, a jar that is not
 * built yet): reported as one line, {@code loupe: <message>}, with exit code
 * {@value #EXIT_CODE} and no stack trace.
 */
final class CliException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Same as picocli's usage errors. */
    static final int EXIT_CODE = 2;

    CliException(String message) {
        super(message);
    }
}
