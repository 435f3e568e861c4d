package io.loupe.report;

import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.data.meta.MethodMeta;

import java.io.IOException;
import java.util.List;

/** The text report's layout rules: the width, labelled fields, method names that fit, path lines. */
final class TextLayout {

    /** Columns a report line may take. */
    static final int WIDTH = 120;
    /** Lines a path's source lines may take before the rest is summarised. */
    static final int PATH_LINES = 3;
    static final String CONTINUED = " ".repeat(12);
    private static final String LABEL = "  %-10s";

    private TextLayout() {
    }

    /** A labelled header field, wrapped at word boundaries under the label's column. */
    static void field(Appendable out, String label, String value) throws IOException {
        field(out, label, words(value));
    }

    static void field(Appendable out, String label, List<String> tokens) throws IOException {
        List<String> lines = WordWrapper.wrap(tokens, WIDTH - CONTINUED.length(), 4);
        for (int i = 0; i < lines.size(); i++) {
            out.append(i == 0 ? String.format(LABEL, label) : CONTINUED).append(lines.get(i)).append('\n');
        }
    }

    /**
     * Agent options ({@code key=value} pairs joined by commas) as a labelled field: wrapped after
     * a comma when they do not fit, never changed otherwise (they can be copied back).
     */
    static void options(Appendable out, String label, String options) throws IOException {
        if (options.isEmpty()) {
            field(out, label, "(none)");
            return;
        }
        int width = WIDTH - CONTINUED.length();
        StringBuilder line = new StringBuilder();
        boolean first = true;
        for (String piece : options.split("(?<=,)")) {
            if (line.length() > 0 && line.length() + piece.length() > width) {
                out.append(first ? String.format(LABEL, label) : CONTINUED).append(line).append('\n');
                first = false;
                line.setLength(0);
            }
            line.append(piece);
        }
        out.append(first ? String.format(LABEL, label) : CONTINUED).append(line).append('\n');
    }

    /** {@code 1 loop}, {@code 2 loops}: a count with thousands separators and its noun. */
    static String plural(long n, String one) {
        return plural(n, one, one + "s");
    }

    /** {@code 1 loop carries}, {@code 2 loops carry}: a count and the words that agree with it. */
    static String plural(long n, String one, String more) {
        return Percent.count(n) + " " + (n == 1 ? one : more);
    }

    /** The words of a text, any run of white space (tabs, newlines) taken as one separator. */
    static List<String> words(String text) {
        String trimmed = text.strip();
        return trimmed.isEmpty() ? List.of() : List.of(trimmed.split("\\s+"));
    }

    /** The lines of a path, wrapped to {@code width}; a path that does not decode says why instead. */
    static List<String> pathLines(MethodProfile m, long pathId, int width) {
        try {
            DecodedPath d = m.decode(pathId);
            return WordWrapper.wrap(PathNotation.tokens(m, d), width, PATH_LINES);
        } catch (IllegalArgumentException e) {
            return WordWrapper.wrap(words("(cannot decode: " + e.getMessage() + ")"), width, PATH_LINES);
        }
    }

    /** A binary class name with its package names abbreviated to their initials: {@code c.e.Main}. */
    static String abbreviated(String cls) {
        int lastDot = cls.lastIndexOf('.');
        StringBuilder shortCls = new StringBuilder();
        if (lastDot > 0) {
            for (String part : cls.substring(0, lastDot).split("\\.")) {
                shortCls.append(part.isEmpty() ? "" : part.substring(0, 1)).append('.');
            }
        }
        return shortCls.append(cls.substring(lastDot + 1)).toString();
    }

    /**
     * {@code Class.method(desc)}, shortened to {@code width} if needed: package names first
     * abbreviated to their initials ({@code c.e.Main.loop(I)V}), then the descriptor cut.
     */
    static String fit(MethodMeta m, int width) {
        String full = m.className() + "." + m.name() + m.desc();
        if (full.length() <= width) {
            return full;
        }
        String shorter = abbreviated(m.className()) + "." + m.name() + m.desc();
        if (shorter.length() <= width || width < 8) {
            return shorter;
        }
        return shorter.substring(0, width - 1) + "…";
    }
}
