package io.loupe.validation.support;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lines of a validation target marked {@code // @name} in its source, which tests look up
 * instead of hard-coding line numbers.
 */
public final class SourceMarkers {

    private SourceMarkers() {
    }

    /** Each marker of class {@code className}'s source (under src/test/java) and its line, in source order. */
    public static Map<String, Integer> of(String className) throws IOException {
        List<String> text = Files.readAllLines(Path.of("src/test/java", className.replace('.', '/') + ".java"));
        Map<String, Integer> lines = new LinkedHashMap<>();
        for (int i = 0; i < text.size(); i++) {
            int at = text.get(i).indexOf("// @");
            if (at >= 0) {
                lines.put(text.get(i).substring(at + 4).strip().split("\\s")[0], i + 1);
            }
        }
        return lines;
    }
}
