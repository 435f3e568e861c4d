package io.loupe.agent;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.regex.Pattern;

/**
 * Decides which classes are instrumented, by binary name with dots. JDK classes and Loupe's own
 * are never instrumented: instrumented code calls into the runtime, and the runtime must not call
 * back into instrumented code. Globs: {@code *} matches any run of characters (dots included),
 * {@code ?} one character.
 *
 * <p>It remembers which include globs matched a class it was asked about, so that a glob that
 * matched nothing (a typo, a package that is not there) can be named at the end of the run,
 * when a profile without the classes the user meant would otherwise just look empty.
 */
final class ClassFilter {

    /** The JDK's packages and Loupe's own (its examples and validation targets may be profiled). */
    private static final List<String> NEVER = List.of("java.", "javax.", "jdk.", "sun.", "com.sun.",
            "io.loupe.agent.", "io.loupe.runtime.", "io.loupe.data.", "io.loupe.instrument.", "io.loupe.internal.",
            "io.loupe.analysis.", "io.loupe.report.", "io.loupe.cli.");

    private final List<Pattern> include;
    private final List<Pattern> exclude;
    private final List<String> includeGlobs;
    /** 1 at i once include glob i has matched a class; set by any class-loading thread, never reset. */
    private final AtomicIntegerArray includeMatched;

    ClassFilter(List<String> include, List<String> exclude) {
        this.include = include.stream().map(ClassFilter::glob).toList();
        this.exclude = exclude.stream().map(ClassFilter::glob).toList();
        this.includeGlobs = List.copyOf(include);
        this.includeMatched = new AtomicIntegerArray(include.size());
    }

    /** True if a class with this binary name (dots) is to be instrumented. */
    boolean accepts(String name) {
        for (String prefix : NEVER) {
            if (name.startsWith(prefix)) {
                return false;
            }
        }
        if (!include.isEmpty() && !included(name)) {
            return false;
        }
        return exclude.stream().noneMatch(p -> p.matcher(name).matches());
    }

    /**
     * True if an include glob matches. Once one has, only the globs that have matched nothing yet
     * are tried further: each glob's first match is noted, and a class costs one match when every
     * glob has had one.
     */
    private boolean included(String name) {
        boolean accepted = false;
        for (int i = 0; i < include.size(); i++) {
            boolean matchedBefore = includeMatched.get(i) != 0;
            if (accepted && matchedBefore) {
                continue;
            }
            if (include.get(i).matcher(name).matches()) {
                accepted = true;
                if (!matchedBefore) {
                    includeMatched.set(i, 1);
                }
            }
        }
        return accepted;
    }

    /** The include globs that have matched no class so far, in the order given. */
    List<String> unmatchedIncludes() {
        List<String> unmatched = new ArrayList<>();
        for (int i = 0; i < includeGlobs.size(); i++) {
            if (includeMatched.get(i) == 0) {
                unmatched.add(includeGlobs.get(i));
            }
        }
        return unmatched;
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
