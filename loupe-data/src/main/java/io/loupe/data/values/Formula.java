package io.loupe.data.values;

import java.util.ArrayList;
import java.util.List;

/**
 * How a value stored to a local variable was computed from other sites' values: the static data
 * flow the invariance propagation estimate (Calder et al., §6) runs on. The instrumenter writes
 * one per {@code local} site; the analysis reads it back from the profile, which needs no class
 * files.
 *
 * <pre>
 * expr := 'c'                          a constant: invariance 1
 *       | '?'                          unknown (a caught exception, an unprofiled source, too deep)
 *       | 's' id                       the value of site {@code id} of the same profile
 *       | '{' expr ('|' expr)* '}'     one of several reaching definitions (control-flow merge)
 *       | op '(' expr (',' expr)* ')'  an instruction of category {@code op} applied to its inputs
 * op   := [a-z] [a-z-]*                e.g. copy, int-arith, fp-mul, compare (docs/values.md)
 * </pre>
 */
public sealed interface Formula {

    /** A constant operand. */
    record Const() implements Formula {
        @Override
        public String toString() {
            return "c";
        }
    }

    /** An operand of unknown invariance. */
    record Unknown() implements Formula {
        @Override
        public String toString() {
            return "?";
        }
    }

    /** The value recorded at another site. */
    record Site(int id) implements Formula {
        @Override
        public String toString() {
            return "s" + id;
        }
    }

    /** Any of several definitions that reach the use. */
    record AnyOf(List<Formula> options) implements Formula {
        public AnyOf {
            options = List.copyOf(options);
            if (options.isEmpty()) {
                throw new IllegalArgumentException("AnyOf needs at least one option");
            }
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder("{");
            for (int i = 0; i < options.size(); i++) {
                b.append(i == 0 ? "" : "|").append(options.get(i));
            }
            return b.append('}').toString();
        }
    }

    /** An instruction of category {@code op} applied to {@code inputs}. */
    record Op(String op, List<Formula> inputs) implements Formula {
        public Op {
            inputs = List.copyOf(inputs);
            if (!isWord(op) || inputs.isEmpty()) {
                throw new IllegalArgumentException("bad operation '" + op + "' with " + inputs.size() + " inputs");
            }
        }

        /**
         * True if {@code op} is a lower-case word, hyphens allowed after its first letter
         * ({@code [a-z][a-z-]*}): checked by hand, as the instrumenter builds an operation for
         * every value a local site's formula combines, and a regular expression compiled each time
         * showed in its profile.
         */
        private static boolean isWord(String op) {
            if (op.isEmpty() || op.charAt(0) < 'a' || op.charAt(0) > 'z') {
                return false;
            }
            for (int i = 1; i < op.length(); i++) {
                char c = op.charAt(i);
                if ((c < 'a' || c > 'z') && c != '-') {
                    return false;
                }
            }
            return true;
        }

        @Override
        public String toString() {
            StringBuilder b = new StringBuilder(op).append('(');
            for (int i = 0; i < inputs.size(); i++) {
                b.append(i == 0 ? "" : ",").append(inputs.get(i));
            }
            return b.append(')').toString();
        }
    }

    Formula CONST = new Const();
    Formula UNKNOWN = new Unknown();

    /** Parses the grammar above; an {@link IllegalArgumentException} names the first bad position. */
    static Formula parse(String text) {
        Parser p = new Parser(text);
        Formula f = p.expr();
        if (p.pos != text.length()) {
            throw p.error("trailing characters");
        }
        return f;
    }

    /** A recursive-descent parser for {@link #parse}. */
    final class Parser {
        private final String s;
        private int pos;

        private Parser(String s) {
            this.s = s;
        }

        private Formula expr() {
            if (pos >= s.length()) {
                throw error("expression expected");
            }
            char c = s.charAt(pos);
            if (c == '?') {
                pos++;
                return UNKNOWN;
            }
            if (c == '{') {
                pos++;
                List<Formula> options = new ArrayList<>();
                options.add(expr());
                while (peek('|')) {
                    pos++;
                    options.add(expr());
                }
                expect('}');
                return new AnyOf(options);
            }
            if (c == 's' && pos + 1 < s.length() && Character.isDigit(s.charAt(pos + 1))) {
                int start = ++pos;
                while (pos < s.length() && Character.isDigit(s.charAt(pos))) {
                    pos++;
                }
                try {
                    return new Site(Integer.parseInt(s.substring(start, pos)));
                } catch (NumberFormatException e) {
                    throw error("site id out of range");
                }
            }
            if (c >= 'a' && c <= 'z') {
                int start = pos;
                while (pos < s.length() && (Character.isLowerCase(s.charAt(pos)) || s.charAt(pos) == '-')) {
                    pos++;
                }
                String word = s.substring(start, pos);
                if (word.equals("c") && !peek('(')) {
                    return CONST;
                }
                expect('(');
                List<Formula> inputs = new ArrayList<>();
                inputs.add(expr());
                while (peek(',')) {
                    pos++;
                    inputs.add(expr());
                }
                expect(')');
                return new Op(word, inputs);
            }
            throw error("unexpected '" + c + "'");
        }

        private boolean peek(char c) {
            return pos < s.length() && s.charAt(pos) == c;
        }

        private void expect(char c) {
            if (!peek(c)) {
                throw error("'" + c + "' expected");
            }
            pos++;
        }

        private IllegalArgumentException error(String what) {
            return new IllegalArgumentException("formula '" + s + "': " + what + " at " + pos);
        }
    }
}
