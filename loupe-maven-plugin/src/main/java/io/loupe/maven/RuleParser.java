package io.loupe.maven;

import io.loupe.maven.CheckRule.LoopRequirement;
import io.loupe.maven.CheckRule.LoopRule;
import io.loupe.maven.CheckRule.MethodName;
import io.loupe.maven.CheckRule.PathsRule;
import io.loupe.maven.CheckRule.ValueRule;

import java.util.List;
import java.util.Locale;

/** The parser of {@link CheckRule}s: words separated by spaces, one rule a line. */
final class RuleParser {

    private RuleParser() {
    }

    /**
     * Parses one rule.
     *
     * @throws IllegalArgumentException saying what is wrong with it and what a rule looks like
     */
    static CheckRule parse(String rule) {
        String text = rule == null ? "" : rule.strip().replaceAll("\\s+", " ");
        List<String> t = List.of(text.split(" "));
        if (text.isEmpty()) {
            throw bad(text, "empty rule");
        }
        String what = t.get(0).toLowerCase(Locale.ROOT);
        return switch (what) {
            case "loop" -> {
                if (t.size() < 3) {
                    throw bad(text, "a loop rule is 'loop CLASS.METHOD:LINE parallelizable|doall|not blocked'");
                }
                Located at = located(text, t.get(1));
                String req = String.join(" ", t.subList(2, t.size())).toLowerCase(Locale.ROOT);
                LoopRequirement r = null;
                for (LoopRequirement c : LoopRequirement.values()) {
                    if (c.words.equals(req)) {
                        r = c;
                    }
                }
                if (r == null) {
                    throw bad(text, "a loop must stay 'parallelizable', 'doall' or 'not blocked', not '" + req + "'");
                }
                yield new LoopRule(text, at.method, at.line, r);
            }
            case "method" -> {
                if (t.size() != 6 || !t.get(2).equalsIgnoreCase("at") || !t.get(3).equalsIgnoreCase("most")
                        || !t.get(5).toLowerCase(Locale.ROOT).matches("paths?")) {
                    throw bad(text, "a method rule is 'method CLASS.METHOD at most N paths'");
                }
                int n;
                try {
                    n = Integer.parseInt(t.get(4));
                } catch (NumberFormatException e) {
                    throw bad(text, "'" + t.get(4) + "' is not a number of paths");
                }
                if (n < 1) {
                    throw bad(text, "a method that runs executes at least 1 path; the limit must be at least 1");
                }
                yield new PathsRule(text, MethodName.parse(t.get(1), text), n);
            }
            case "value" -> {
                int inv = t.indexOf("invariant");
                if (inv < 2 || inv > 4 || t.size() != inv + 4 || !t.get(inv + 1).equals("at") || !t.get(inv + 2).equals("least")) {
                    throw bad(text, "a value rule is 'value CLASS.METHOD:LINE [KIND [WHAT]] invariant at least P%'");
                }
                Located at = located(text, t.get(1));
                String kind = inv > 2 ? t.get(2).toLowerCase(Locale.ROOT) : null;
                if (kind != null && !CheckRule.SITE_KINDS.contains(kind)) {
                    throw bad(text, "unknown site kind '" + t.get(2) + "' (known: " + String.join(", ", CheckRule.SITE_KINDS) + ")");
                }
                String detail = inv > 3 ? t.get(3) : null;
                yield new ValueRule(text, at.method, at.line, kind, detail, share(text, t.get(inv + 3)));
            }
            default -> throw bad(text, "a rule starts with 'loop', 'method' or 'value', not '" + t.get(0) + "'");
        };
    }

    /** {@code 90%} or {@code 0.9}, between 0 and 1. */
    private static double share(String text, String s) {
        double v;
        try {
            v = s.endsWith("%") ? Double.parseDouble(s.substring(0, s.length() - 1)) / 100 : Double.parseDouble(s);
        } catch (NumberFormatException e) {
            throw bad(text, "'" + s + "' is not a share (90% or 0.9)");
        }
        if (!(v >= 0 && v <= 1)) {
            throw bad(text, "'" + s + "' is not between 0% and 100%");
        }
        return v;
    }

    /** A method and a line, {@code CLASS.METHOD[(DESC)]:LINE}. */
    private record Located(MethodName method, int line) {
    }

    private static Located located(String text, String token) {
        int colon = token.lastIndexOf(':');
        if (colon < 0) {
            throw bad(text, "'" + token + "' names no line: write CLASS.METHOD:LINE, as the reports name it");
        }
        int line;
        try {
            line = Integer.parseInt(token.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw bad(text, "'" + token.substring(colon + 1) + "' is not a line number");
        }
        return new Located(MethodName.parse(token.substring(0, colon), text), line);
    }

    static IllegalArgumentException bad(String text, String why) {
        return new IllegalArgumentException("rule '" + text + "': " + why);
    }

}
