package io.loupe.examples;

/**
 * A small lexer over generated source text: a loop whose body takes different paths for
 * identifiers, numbers, strings, comments and punctuation, so its hottest multi-iteration paths
 * show how token kinds follow each other.
 */
public final class Tokenizer {

    public static void main(String[] args) {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 200;
        String text = source(2000);
        long[] kinds = new long[5];
        for (int r = 0; r < rounds; r++) {
            tokenize(text, kinds);
        }
        System.out.printf("identifiers=%d numbers=%d strings=%d comments=%d punctuation=%d%n",
                kinds[0], kinds[1], kinds[2], kinds[3], kinds[4]);
    }

    static void tokenize(String s, long[] kinds) {
        int i = 0;
        int n = s.length();
        while (i < n) {
            char c = s.charAt(i);
            if (c == ' ' || c == '\n') {
                i++;
            } else if (Character.isLetter(c)) {
                while (i < n && Character.isLetterOrDigit(s.charAt(i))) {
                    i++;
                }
                kinds[0]++;
            } else if (Character.isDigit(c)) {
                while (i < n && Character.isDigit(s.charAt(i))) {
                    i++;
                }
                kinds[1]++;
            } else if (c == '"') {
                i = s.indexOf('"', i + 1) + 1;
                kinds[2]++;
            } else if (c == '/' && i + 1 < n && s.charAt(i + 1) == '/') {
                i = s.indexOf('\n', i);
                kinds[3]++;
            } else {
                i++;
                kinds[4]++;
            }
        }
    }

    static String source(int statements) {
        StringBuilder b = new StringBuilder();
        long seed = 12345;
        for (int i = 0; i < statements; i++) {
            seed = seed * 6364136223846793005L + 1442695040888963407L;
            int kind = (int) ((seed >>> 33) % 4);
            switch (kind) {
                case 0 -> b.append("total = total + item").append(i % 17).append(";\n");
                case 1 -> b.append("print(\"value\", ").append(i * 31 % 1000).append(");\n");
                case 2 -> b.append("// step ").append(i).append('\n');
                default -> b.append("if (x").append(i % 5).append(" < 42) { y = y * 2; }\n");
            }
        }
        return b.toString();
    }
}
