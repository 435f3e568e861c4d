package io.loupe.instrument;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The instrumenter's packages depend on each other one way: {@code flow} (control flow, loops,
 * Ball–Larus numbering) and {@code emit} (the bytecode toolkit) at the bottom; {@code check} (the
 * bytecode check) on them; one package per profiler ({@code paths}, {@code values},
 * {@code deps}) on them, none on another; the whole-program trace ({@code trace}), which is path
 * profiling's TRACE mode plus the dependence profiler's model of heap accesses, on those two;
 * abstract interpretation at loop entry ({@code absint}), which adds to the dependence profiler's
 * probes through its {@code LoopEntryCode}, on {@code deps}; the driver ({@code io.loupe.instrument})
 * on top. Read
 * from the sources: an import, or a qualified name in code, of another package is a dependence.
 */
class PackageLayersTest {

    private static final String ROOT = "io.loupe.instrument";
    /** What each package may depend on, besides itself; the driver may depend on all. */
    private static final Map<String, Set<String>> ALLOWED = Map.of(
            "flow", Set.of(),
            "emit", Set.of(),
            "rewrite", Set.of(),
            "check", Set.of("flow", "emit"),
            "paths", Set.of("flow", "emit", "rewrite"),
            "values", Set.of("flow", "emit", "rewrite"),
            "deps", Set.of("flow", "emit", "rewrite"),
            "trace", Set.of("paths", "deps", "flow", "emit", "rewrite"),
            "absint", Set.of("deps", "flow", "emit"));
    private static final Pattern REFERENCE = Pattern.compile("\\bio\\.loupe\\.instrument\\.(\\w+)\\.[A-Z]");

    @Test
    void packagesDependOnEachOtherOneWay() throws IOException {
        Map<String, Set<String>> uses = dependences();
        assertEquals(new TreeSet<>(ALLOWED.keySet()), new TreeSet<>(withoutRoot(uses.keySet())),
                "a new package needs its place in the layers here");
        List<String> wrong = new ArrayList<>();
        uses.forEach((from, to) -> {
            if (from.isEmpty()) {
                return;   // the driver
            }
            for (String t : to) {
                if (!ALLOWED.get(from).contains(t)) {
                    wrong.add(from + " -> " + (t.isEmpty() ? "(driver)" : t));
                }
            }
        });
        assertEquals(List.of(), wrong);
    }

    @Test
    void theCheckSeesDependences() throws IOException {
        // the reading works: the driver uses every profiler
        Map<String, Set<String>> uses = dependences();
        assertTrue(uses.get("").containsAll(Set.of("paths", "values", "deps", "emit", "check", "rewrite")), uses.toString());
        assertTrue(uses.get("deps").contains("rewrite"), uses.toString());
    }

    /** Sub-package ("" for the driver) → the sub-packages its sources refer to. */
    private static Map<String, Set<String>> dependences() throws IOException {
        Path sources = Path.of("src/main/java/io/loupe/instrument");
        Map<String, Set<String>> uses = new TreeMap<>();
        try (Stream<Path> files = Files.walk(sources)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                String pkg = sources.relativize(f.getParent()).toString().replace('/', '.');
                Set<String> to = uses.computeIfAbsent(pkg, k -> new TreeSet<>());
                String code = withoutComments(Files.readString(f));
                Matcher m = REFERENCE.matcher(code);
                while (m.find()) {
                    if (!m.group(1).equals(pkg)) {
                        to.add(m.group(1));
                    }
                }
                Matcher driver = Pattern.compile("\\bimport " + Pattern.quote(ROOT) + "\\.[A-Z]").matcher(code);
                if (!pkg.isEmpty() && driver.find()) {
                    to.add("");
                }
            }
        }
        return uses;
    }

    private static Set<String> withoutRoot(Set<String> packages) {
        Set<String> s = new TreeSet<>(packages);
        s.remove("");
        return s;
    }

    private static String withoutComments(String s) {
        return s.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("//[^\\n]*", "");
    }
}
