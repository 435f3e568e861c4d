package io.loupe.maven;

import java.util.List;

/**
 * A regression guard of {@code check}, written in the POM as one line:
 *
 * <pre>
 * loop   com.example.Stats.sum:42 parallelizable      every context's verdict: no carried memory dependence
 * loop   com.example.Stats.sum:42 doall               every context's advice: DOALL (locals too)
 * loop   com.example.Stats.sum:42 not blocked         no context's advice is blocked
 * method com.example.Parser.parse at most 12 paths    distinct acyclic paths executed
 * value  com.example.Scale.apply:17 invariant at least 90%        Inv-1 of every site there
 * value  com.example.Scale.apply:17 param factor invariant at least 90%
 * </pre>
 *
 * A loop is named as the reports name it, by its method and the line of its header; a method by
 * class and name, with its descriptor ({@code parse(Ljava/lang/String;)I}) when overloads must be
 * told apart; a value site by its method and line, optionally its kind and what it reads (the
 * report's "site, what it reads" column). A rule holds when every item it names holds it; a rule
 * that names nothing in the profile fails.
 */
sealed interface CheckRule {

    /** The rule as written, normalised in spacing: what failure lines quote. */
    String text();

    /** What a loop must stay, against the dependence verdicts and the advice (docs/deps.md). */
    enum LoopRequirement {
        /** The verdict {@code parallelizable}: no memory dependence carried across its iterations. */
        PARALLELIZABLE("parallelizable"),
        /** The advice DOALL: parallel as it is, carried locals included (inductions aside). */
        DOALL("doall"),
        /** The advice is DOALL, a reduction or a privatization: nothing blocks it. */
        NOT_BLOCKED("not blocked");

        final String words;

        LoopRequirement(String words) {
            this.words = words;
        }
    }

    /** A loop, by method and header line, that must stay {@code requirement} in every context it ran in. */
    record LoopRule(String text, MethodName method, int line, LoopRequirement requirement) implements CheckRule {
    }

    /** A method that may execute at most {@code maxPaths} distinct acyclic paths. */
    record PathsRule(String text, MethodName method, int maxPaths) implements CheckRule {
    }

    /**
     * The value sites of a method on a line (of a kind, reading {@code detail}, when given) whose
     * Inv-1 must be at least {@code minInvariance}.
     */
    record ValueRule(String text, MethodName method, int line, String kind, String detail, double minInvariance)
            implements CheckRule {
    }

    /** The site kinds, as the reports label them. */
    List<String> SITE_KINDS = List.of("param", "field", "array", "return", "local");

    /**
     * Parses one rule ({@link RuleParser}).
     *
     * @throws IllegalArgumentException saying what is wrong with it and what a rule looks like
     */
    static CheckRule parse(String rule) {
        return RuleParser.parse(rule);
    }

    /**
     * A method as a rule names it: binary class name with dots, method name, and its descriptor or
     * null for every overload.
     */
    record MethodName(String className, String name, String desc) {

        static MethodName parse(String s, String text) {
            int paren = s.indexOf('(');
            String head = paren < 0 ? s : s.substring(0, paren);
            String desc = paren < 0 ? null : s.substring(paren);
            int dot = head.lastIndexOf('.');
            if (dot <= 0 || dot == head.length() - 1) {
                throw RuleParser.bad(text, "'" + s + "' is not CLASS.METHOD (a class name with its package, a dot, the method)");
            }
            return new MethodName(head.substring(0, dot), head.substring(dot + 1), desc);
        }

        boolean matches(String className, String name, String desc) {
            return this.className.equals(className) && this.name.equals(name) && (this.desc == null || this.desc.equals(desc));
        }

        @Override
        public String toString() {
            return className + "." + name + (desc == null ? "" : desc);
        }
    }
}
