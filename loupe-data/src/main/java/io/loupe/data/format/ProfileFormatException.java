package io.loupe.data.format;

import java.io.IOException;

/**
 * A profile file that cannot be read: not a profile, truncated, corrupted, written by a newer
 * Loupe, or intact but inconsistent ({@link ProfileValidator}). The message is one line that names
 * the file and the problem, ready to be shown as it is, e.g. {@code app.prof: truncated in block
 * 'methods'} or {@code app.prof: inconsistent profile: method 0 is described twice}.
 *
 * <p>Readers throw this exception, and no other, for every defect of the file's content; errors of
 * the underlying stream (a disk that fails, a file that does not exist) stay what they are.
 */
public final class ProfileFormatException extends IOException {

    private static final long serialVersionUID = 1L;

    private final String source;
    private final String problem;

    /**
     * @param source  the file (or stream) name, as the user gave it
     * @param problem what is wrong, in a few words, without the file name
     */
    public ProfileFormatException(String source, String problem) {
        super(oneLine(source + ": " + problem)); // the cause may still be set with initCause
        this.source = source;
        this.problem = problem;
    }

    /** Like {@link #ProfileFormatException(String, String)}, keeping the cause for debugging. */
    public ProfileFormatException(String source, String problem, Throwable cause) {
        this(source, problem);
        initCause(cause);
    }

    /** The file (or stream) name the message starts with. */
    public String source() {
        return source;
    }

    /** The problem, without the file name. */
    public String problem() {
        return problem;
    }

    // File names and decoded strings may contain anything; a message must stay on one line.
    private static String oneLine(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b.append(Character.isISOControl(c) ? '?' : c);
        }
        return b.toString();
    }
}
