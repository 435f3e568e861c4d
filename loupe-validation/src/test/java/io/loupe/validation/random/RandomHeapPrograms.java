package io.loupe.validation.random;

import java.util.Random;

/**
 * Random Java programs that read and write the heap every way the trace's checks must tell apart:
 * two arrays that alias in some programs and not in others, elements at data-dependent indices,
 * fields of objects reached through other objects, a callee writing an array it is passed,
 * {@code System.arraycopy} and {@code Arrays.fill}, accesses that throw and are caught, branches and
 * nested loops. Every statement is on its own line, so that a dependence's lines name its
 * instructions. Deterministic in the seed; they print a checksum.
 */
final class RandomHeapPrograms {

    private final Random rnd;
    private final StringBuilder out = new StringBuilder();
    private int depth;

    private RandomHeapPrograms(long seed) {
        this.rnd = new Random(seed);
    }

    /** The source of class {@code pkg.name}. */
    static String generate(String pkg, String name, long seed) {
        return new RandomHeapPrograms(seed).program(pkg, name);
    }

    private String program(String pkg, String name) {
        boolean alias = rnd.nextBoolean();
        int rounds = 2 + rnd.nextInt(4);
        line("package " + pkg + ";");
        line("public final class " + name + " {");
        line("    static final class Node {");
        line("        int v;");
        line("        Node next;");
        line("    }");
        line("    static int[] a = new int[16];");
        line("    static int[] b;");
        line("    static long[] c = new long[8];");
        line("    static Node[] pool = new Node[6];");
        line("    public static void main(String[] args) {");
        line("        b = " + (alias ? "a" : "new int[16]") + ";");
        line("        for (int i = 0; i < pool.length; i++) {");
        line("            pool[i] = new Node();");
        line("        }");
        line("        for (int i = 0; i < pool.length; i++) {");
        line("            pool[i].next = pool[(i * 5 + 1) % pool.length];");
        line("        }");
        line("        int x = 1;");
        line("        int y = 2;");
        line("        for (int r = 0; r < " + rounds + "; r++) {");
        depth = 3;
        int statements = 4 + rnd.nextInt(8);
        for (int i = 0; i < statements; i++) {
            statement(2);
        }
        line("        }");
        line("        long sum = x * 31L + y;");
        line("        for (int i = 0; i < a.length; i++) {");
        line("            sum = sum * 7 + a[i] + b[i];");
        line("        }");
        line("        for (Node n : pool) {");
        line("            sum = sum * 7 + n.v;");
        line("        }");
        line("        System.out.println(sum + \" \" + c[0] + \" \" + c[7]);");
        line("    }");
        line("    static int f(int[] arr, int i, int v) {");
        line("        arr[Math.floorMod(i, arr.length)] += v;");
        line("        return arr[Math.floorMod(i + 1, arr.length)];");
        line("    }");
        line("}");
        return out.toString();
    }

    /** One random statement, {@code nesting} levels of branches and loops more allowed. */
    private void statement(int nesting) {
        int kind = rnd.nextInt(nesting > 0 ? 16 : 13);
        switch (kind) {
            case 0, 1 -> line("a[" + index(16) + "] = " + expr() + ";");
            case 2 -> line("x = a[" + index(16) + "] + " + expr() + ";");
            case 3 -> line("b[" + index(16) + "] = a[" + index(16) + "];");
            case 4 -> line("pool[" + index(6) + "].v = " + expr() + ";");
            case 5 -> line("y = pool[" + index(6) + "].next.v + y;");
            case 6 -> line("pool[" + index(6) + "].next = pool[" + index(6) + "];");
            case 7 -> line("System.arraycopy(a, " + index(8) + ", b, " + index(8) + ", " + (1 + rnd.nextInt(8)) + ");");
            case 8 -> line(rnd.nextBoolean() ? "java.util.Arrays.fill(c, x);"
                    : "java.util.Arrays.fill(a, " + index(8) + ", 8 + " + index(8) + ", y);");
            case 9 -> line("x = f(" + (rnd.nextBoolean() ? "a" : "b") + ", " + expr() + ", y);");
            case 10 -> line("c[" + index(8) + "] += x;");
            case 11 -> {
                line("try {");
                depth++;
                line("x = a[x % 20];");
                depth--;
                line("} catch (ArrayIndexOutOfBoundsException e) {");
                depth++;
                line("y = y + 1;");
                depth--;
                line("}");
            }
            case 12 -> line("y = b[" + index(16) + "] - x;");
            case 13, 14 -> {
                line("if ((" + expr() + ") % 3 == 0) {");
                block(nesting - 1);
                line("} else {");
                block(nesting - 1);
                line("}");
            }
            default -> {
                String j = "j" + nesting;
                line("for (int " + j + " = 0; " + j + " < 3; " + j + "++) {");
                depth++;
                line("x = x + " + j + ";");
                depth--;
                block(nesting - 1);
                line("}");
            }
        }
    }

    private void block(int nesting) {
        depth++;
        int n = 1 + rnd.nextInt(3);
        for (int i = 0; i < n; i++) {
            statement(nesting);
        }
        depth--;
    }

    /** An index within {@code [0, n)}, from the program's values. */
    private String index(int n) {
        return switch (rnd.nextInt(4)) {
            case 0 -> Integer.toString(rnd.nextInt(n));
            case 1 -> "Math.floorMod(x, " + n + ")";
            case 2 -> "Math.floorMod(y + r, " + n + ")";
            default -> "Math.floorMod(a[" + rnd.nextInt(16) + "], " + n + ")";
        };
    }

    private String expr() {
        return switch (rnd.nextInt(5)) {
            case 0 -> Integer.toString(rnd.nextInt(100));
            case 1 -> "x";
            case 2 -> "y * 3 + r";
            case 3 -> "a[" + index(16) + "]";
            default -> "pool[" + index(6) + "].v";
        };
    }

    private void line(String s) {
        out.append(s.startsWith(" ") ? "" : "    ".repeat(depth)).append(s).append('\n');
    }
}
