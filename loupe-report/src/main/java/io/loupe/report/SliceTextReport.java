package io.loupe.report;

import io.loupe.analysis.slice.DynamicSlicer;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The text of {@code loupe slice}: the criterion, then the slice's lines grouped by class and
 * method; where a source root holds the class's source file, each method's stretch of source with
 * the slice's lines marked ({@code >}, the criterion {@code *}).
 */
public final class SliceTextReport {

    private final List<Path> sources;

    /** @param sources directories to look for source files in ({@code pkg/Name.java} under each, or under its {@code src/main/java}, {@code src/test/java}) */
    public SliceTextReport(List<Path> sources) {
        this.sources = List.copyOf(sources);
    }

    public void write(String file, DynamicSlicer.Slice s, long millis, Appendable out) throws IOException {
        out.append("Loupe dynamic slice from a whole-program trace: ").append(file).append('\n');
        TextLayout.field(out, "criterion", s.className() + "." + s.method() + " line " + s.line() + ", execution "
                + s.instance() + " of " + s.instances() + " in thread " + s.thread());
        Map<String, TreeSet<Integer>> byMethod = new LinkedHashMap<>();
        for (DynamicSlicer.Line l : s.lines()) {
            byMethod.computeIfAbsent(l.className() + "\u0000" + l.method(), k -> new TreeSet<>()).add(l.line());
        }
        TextLayout.field(out, "slice", TextLayout.plural(s.lines().size(), "line") + " in "
                + TextLayout.plural(byMethod.size(), "method"));
        TextLayout.field(out, "replayed", Percent.count(s.instructions()) + " instructions in " + Percent.count(millis) + " ms"
                + (s.underflows() > 0 ? "; " + Percent.count(s.underflows()) + " stack slots missing (the trace and"
                + " the flow disagree: the slice may lack lines)" : ""));
        String current = null;
        for (Map.Entry<String, TreeSet<Integer>> e : byMethod.entrySet()) {
            String[] parts = e.getKey().split("\u0000", 2);
            if (!parts[0].equals(current)) {
                current = parts[0];
                out.append('\n').append(current).append('\n');
            }
            out.append("  ").append(parts[1]).append("  lines ").append(DynamicSlicer.ranges(e.getValue())).append('\n');
        }
        List<String> source = source(s.className(), s.sourceFile());
        if (source != null) {
            TreeSet<Integer> marked = new TreeSet<>();
            for (DynamicSlicer.Line l : s.lines()) {
                if (DynamicSlicer.outer(l.className()).equals(DynamicSlicer.outer(s.className()))) {
                    marked.add(l.line());
                }
            }
            out.append('\n').append(s.sourceFile()).append(" (> in the slice, * the line sliced):\n");
            int last = -1;
            for (int line : marked) {
                if (line < 1 || line > source.size()) {
                    continue;
                }
                if (last >= 0 && line > last + 1) {
                    out.append("      ...\n");
                }
                out.append(line == s.line() ? "* " : "> ").append(String.format("%4d  ", line))
                        .append(source.get(line - 1)).append('\n');
                last = line;
            }
        }
    }

    /** The lines of the class's source file, or null if no source root has it. */
    private List<String> source(String className, String sourceFile) throws IOException {
        if (sourceFile == null) {
            return null;
        }
        String outer = DynamicSlicer.outer(className);
        String pkg = outer.contains(".") ? outer.substring(0, outer.lastIndexOf('.')).replace('.', '/') + "/" : "";
        for (Path root : sources) {
            for (Path dir : List.of(root, root.resolve("src/main/java"), root.resolve("src/test/java"))) {
                Path p = dir.resolve(pkg + sourceFile);
                if (Files.isRegularFile(p)) {
                    return new ArrayList<>(Files.readAllLines(p, StandardCharsets.UTF_8));
                }
            }
        }
        return null;
    }
}
