package io.loupe.agent;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Decides which classes are instrumented, by binary name with dots. JDK classes and Loupe's own
 * are never instrumented: instrumented code calls into the runtime, and the runtime must not call
 * back into instrumented code. Globs: {@code *} matches any run of characters (dots included),
 * {@code ?} one character.
 */
final class ClassFilter {

    /** The JDK's packages and Loupe's own (its examples and validation targets may be profiled). */
    private static final List<String> NEVER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "io.loupe.agent.", "io.loupe.runtime.", "io.loupe.data.", "io.loupe.instrument.", "io.loupe.internal.",
            "io.loupe.analysis.", "io.loupe.report.", "io.loupe.cli.");

    private final List<Pattern> include;
    private final List<Pattern> exclude;

    ClassFilter(List<String> include, List<String> exclude) {
        this.include = include.stream().map(ClassFilter::glob).toList();
        this.exclude = exclude.stream().map(ClassFilter::glob).toList();
    }

    /** True if a class with this binary name (dots) is to be instrumented. */
    boolean accepts(String name) {
        for (String prefix : NEVER) {
            if (name.startsWith(prefix)) {
                return false;
            }
        }
        if (!include.isEmpty() && include.stream().noneMatch(p -> p.matcher(name).matches())) {
            return false;
        }
        return exclude.stream().noneMatch(p -> p.matcher(name).matches());
    }

    static Pattern glob(String glob) {
        StringBuilder b = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> b.append(".*");
                case '?' -> b.append('.');
                default -> b.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(b.toString());
    }
}
