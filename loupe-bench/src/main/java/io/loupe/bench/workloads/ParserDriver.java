package io.loupe.bench.workloads;

import com.github.javaparser.JavaParser;
import com.github.javaparser.ParseResult;
import com.github.javaparser.ast.CompilationUnit;
import com.github.javaparser.ast.Node;
import com.github.javaparser.ast.body.MethodDeclaration;
import com.github.javaparser.ast.expr.BinaryExpr;
import com.github.javaparser.ast.expr.MethodCallExpr;
import com.github.javaparser.ast.expr.NameExpr;

import java.util.SplittableRandom;
import java.util.zip.CRC32;

/**
 * JavaParser, the front end of many Java tools (refactoring, code generation, linters): generated
 * Java compilation units — classes with fields, methods, loops, conditionals, calls and
 * expressions nested a few deep — are parsed, their syntax trees walked (every node visited, the
 * calls, names and operators counted), printed back to source, parsed again and printed again,
 * the two printings compared. A recursive-descent parser built by a parser generator, a lexer
 * over {@code char[]} and many small tree objects: a compiler's work, outside the seven workloads
 * of WORKLOADS.md.
 *
 * <p>Run: {@code java -cp loupe-bench/target/classes:$(cat loupe-bench/target/bench.classpath)
 * io.loupe.bench.workloads.ParserDriver [small|full]}
 */
public final class ParserDriver {

    private static final String[] TYPES = {"int", "long", "double", "String", "boolean"};
    private static final String[] OPS = {"+", "-", "*", "/", "%", "&", "|", "^"};
    private static final String[] COMPARISONS = {"<", ">", "<=", ">=", "==", "!="};

    private ParserDriver() {
    }

    public static void main(String[] args) throws Exception {
        Driver.main(args, ParserDriver::run);
    }

    static String run(Size size) {
        var random = new SplittableRandom(2718L);
        var words = new SyntheticText(2718L, 2_000);
        var parser = new JavaParser();
        var crc = new CRC32();
        int units = size.pick(3, 80);
        long nodes = 0;
        long calls = 0;
        long names = 0;
        long operators = 0;
        for (int u = 0; u < units; u++) {
            String source = unit(random, words, u);
            CompilationUnit cu = parsed(parser, source, u);
            nodes += cu.findAll(Node.class).size();
            calls += cu.findAll(MethodCallExpr.class).size();
            names += cu.findAll(NameExpr.class).size();
            operators += cu.findAll(BinaryExpr.class).size();
            String printed = cu.toString();
            crc.update(printed.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            CompilationUnit again = parsed(parser, printed, u);
            if (!again.toString().equals(printed)) {
                throw new IllegalStateException("unit " + u + " printed, parsed again and printed differs");
            }
            if (again.findAll(MethodDeclaration.class).size() != cu.findAll(MethodDeclaration.class).size()) {
                throw new IllegalStateException("unit " + u + " lost methods");
            }
        }
        return String.format("parser units=%d nodes=%d calls=%d names=%d operators=%d crc=%08x", units, nodes, calls,
                names, operators, crc.getValue());
    }

    private static CompilationUnit parsed(JavaParser parser, String source, int unit) {
        ParseResult<CompilationUnit> result = parser.parse(source);
        if (!result.isSuccessful() || result.getResult().isEmpty()) {
            throw new IllegalStateException("unit " + unit + " did not parse: " + result.getProblems());
        }
        return result.getResult().get();
    }

    /** One compilation unit: a class of 6 to 20 methods over a few fields. */
    private static String unit(SplittableRandom random, SyntheticText words, int index) {
        var b = new StringBuilder();
        b.append("package gen.p").append(index % 17).append(";\n\nimport java.util.*;\n\n");
        String name = "Gen" + index + capitalized(words.word());
        b.append("public class ").append(name).append(" {\n");
        int fields = 3 + random.nextInt(6);
        for (int f = 0; f < fields; f++) {
            b.append("    private ").append(TYPES[random.nextInt(3)]).append(" f").append(f).append(" = ")
                    .append(random.nextInt(100)).append(";\n");
        }
        int methods = 6 + random.nextInt(15);
        for (int m = 0; m < methods; m++) {
            b.append("\n    /** ").append(words.word()).append(' ').append(words.word()).append(". */\n");
            b.append("    public long ").append(words.word()).append(m).append("(int a, long b, String s) {\n");
            b.append("        long acc = b;\n");
            statements(random, words, b, 2, fields, 8);
            b.append("        return acc;\n    }\n");
        }
        b.append("}\n");
        return b.toString();
    }

    private static void statements(SplittableRandom random, SyntheticText words, StringBuilder b, int depth, int fields,
                                   int count) {
        String indent = "    ".repeat(depth);
        for (int i = 0; i < count; i++) {
            switch (random.nextInt(depth > 3 ? 3 : 6)) {
                case 0, 1 -> b.append(indent).append("acc = acc ").append(OPS[random.nextInt(OPS.length)]).append(' ')
                        .append(expression(random, fields, 3)).append(";\n");
                case 2 -> b.append(indent).append("s = s + \"").append(words.word()).append("\" + acc;\n");
                case 3 -> {
                    b.append(indent).append("for (int i").append(depth).append(" = 0; i").append(depth).append(" < a; i")
                            .append(depth).append("++) {\n");
                    statements(random, words, b, depth + 1, fields, 1 + random.nextInt(4));
                    b.append(indent).append("}\n");
                }
                case 4 -> {
                    b.append(indent).append("if (").append(expression(random, fields, 2)).append(' ')
                            .append(COMPARISONS[random.nextInt(COMPARISONS.length)]).append(' ')
                            .append(expression(random, fields, 2)).append(") {\n");
                    statements(random, words, b, depth + 1, fields, 1 + random.nextInt(3));
                    b.append(indent).append("} else {\n");
                    statements(random, words, b, depth + 1, fields, 1 + random.nextInt(3));
                    b.append(indent).append("}\n");
                }
                default -> b.append(indent).append("acc += Math.max(").append(expression(random, fields, 2))
                        .append(", s.length() + Objects.hashCode(s));\n");
            }
        }
    }

    private static String expression(SplittableRandom random, int fields, int depth) {
        if (depth == 0 || random.nextInt(3) == 0) {
            return switch (random.nextInt(4)) {
                case 0 -> "a";
                case 1 -> "b";
                case 2 -> "f" + random.nextInt(fields);
                default -> Integer.toString(random.nextInt(1_000));
            };
        }
        return "(" + expression(random, fields, depth - 1) + ' ' + OPS[random.nextInt(OPS.length)] + ' '
                + expression(random, fields, depth - 1) + ")";
    }

    private static String capitalized(String word) {
        return Character.toUpperCase(word.charAt(0)) + word.substring(1);
    }
}
