package io.loupe.report;

import java.util.ArrayList;
import java.util.List;

/** Fills space-separated tokens into lines of limited width (reports stay within ~120 columns). */
final class WordWrapper {

    private WordWrapper() {
    }

    /**
     * Lines of at most {@code width} characters (a single longer token gets a line of its own), at
     * most {@code maxLines} of them: the last one then says how many tokens were left out.
     */
    static List<String> wrap(List<String> tokens, int width, int maxLines) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < tokens.size(); i++) {
            String token = tokens.get(i);
            if (line.length() > 0 && line.length() + 1 + token.length() > width) {
                if (lines.size() == maxLines - 1) {
                    String more = " … (" + (tokens.size() - i) + " more)";
                    while (line.length() > 0 && line.length() + more.length() > width) {
                        int cut = line.lastIndexOf(" ");
                        line.setLength(Math.max(cut, 0));
                    }
                    lines.add(line + more);
                    return lines;
                }
                lines.add(line.toString());
                line.setLength(0);
            }
            if (line.length() > 0) {
                line.append(' ');
            }
            line.append(token);
        }
        if (line.length() > 0) {
            lines.add(line.toString());
        }
        return lines;
    }
}
