package io.loupe.analysis.merge;

/**
 * Profiles that cannot be merged at all: k-iteration paths of different k, dependence profiles of
 * different modes. The message is one line.
 */
public final class MergeException extends IllegalArgumentException {

    private static final long serialVersionUID = 1L;

    MergeException(String message) {
        super(message);
    }
}
