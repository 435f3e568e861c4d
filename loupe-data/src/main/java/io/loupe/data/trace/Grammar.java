package io.loupe.data.trace;

import java.util.Arrays;
import java.util.function.IntConsumer;

/**
 * A straight-line context-free grammar that derives one sequence of terminals: rule 0 is the
 * start rule, and a body symbol is a terminal {@code t ≥ 0} or a use of rule {@code r}, written
 * {@link #rule(int) rule(r)} = {@code -(r + 1)}. No rule derives itself. Made online by
 * {@link Sequitur}.
 */
public final class Grammar {

    private final int[][] bodies;

    /** @param bodies the rules' bodies, rule 0 the start rule; kept, not copied */
    public Grammar(int[][] bodies) {
        if (bodies.length == 0) {
            throw new IllegalArgumentException("a grammar has a start rule");
        }
        this.bodies = bodies;
    }

    /** The body symbol that uses rule {@code r}. */
    public static int rule(int r) {
        return -(r + 1);
    }

    /** True if body symbol {@code symbol} is a use of a rule. */
    public static boolean isRule(int symbol) {
        return symbol < 0;
    }

    /** The rule a body symbol uses. */
    public static int ruleOf(int symbol) {
        return -symbol - 1;
    }

    /** Rules, the start rule included. */
    public int rules() {
        return bodies.length;
    }

    /** Rule {@code r}'s body (not a copy). */
    public int[] body(int r) {
        return bodies[r];
    }

    /** Symbols on all right-hand sides: the grammar's size. */
    public long symbols() {
        long n = 0;
        for (int[] b : bodies) {
            n += b.length;
        }
        return n;
    }

    /** How many terminals each rule derives. */
    public long[] lengths() {
        int[] order = topologicalOrder();
        long[] length = new long[bodies.length];
        for (int i = order.length - 1; i >= 0; i--) {   // a rule after every rule it uses
            int r = order[i];
            long n = 0;
            for (int s : bodies[r]) {
                n += isRule(s) ? length[ruleOf(s)] : 1;
            }
            length[r] = n;
        }
        return length;
    }

    /** How many times each rule occurs in the derivation of the start rule (rule 0: once). */
    public long[] uses() {
        int[] order = topologicalOrder();
        long[] uses = new long[bodies.length];
        uses[0] = 1;
        for (int r : order) {
            for (int s : bodies[r]) {
                if (isRule(s)) {
                    uses[ruleOf(s)] += uses[r];
                }
            }
        }
        return uses;
    }

    /** Rules ordered so that each comes before every rule it uses. */
    int[] topologicalOrder() {
        int n = bodies.length;
        int[] indegree = new int[n];
        for (int[] b : bodies) {
            for (int s : b) {
                if (isRule(s)) {
                    indegree[ruleOf(s)]++;
                }
            }
        }
        int[] order = new int[n];
        int head = 0;
        int tail = 0;
        for (int r = 0; r < n; r++) {
            if (indegree[r] == 0) {
                order[tail++] = r;
            }
        }
        while (head < tail) {
            int r = order[head++];
            for (int s : bodies[r]) {
                if (isRule(s) && --indegree[ruleOf(s)] == 0) {
                    order[tail++] = ruleOf(s);
                }
            }
        }
        if (tail != n) {
            throw new IllegalStateException("the grammar has a cycle");
        }
        return order;
    }

    /** Hands every terminal the start rule derives, in order, to {@code out}. */
    public void expand(IntConsumer out) {
        expand(0, out);
    }

    /** Hands every terminal rule {@code r} derives, in order, to {@code out}. */
    public void expand(int r, IntConsumer out) {
        // an explicit stack: a grammar of a long trace can be deeper than the thread's stack
        int[] rules = new int[16];
        int[] positions = new int[16];
        int depth = 0;
        rules[0] = r;
        positions[0] = 0;
        while (depth >= 0) {
            int[] body = bodies[rules[depth]];
            if (positions[depth] == body.length) {
                depth--;
                continue;
            }
            int s = body[positions[depth]++];
            if (!isRule(s)) {
                out.accept(s);
                continue;
            }
            if (++depth == rules.length) {
                rules = Arrays.copyOf(rules, depth * 2);
                positions = Arrays.copyOf(positions, depth * 2);
            }
            rules[depth] = ruleOf(s);
            positions[depth] = 0;
        }
    }

    /** The terminals the start rule derives (for tests and small grammars). */
    public int[] expansion() {
        long n = lengths()[0];
        if (n > Integer.MAX_VALUE - 8) {
            throw new IllegalStateException("the expansion has " + n + " terminals");
        }
        int[] out = new int[(int) n];
        int[] at = {0};
        expand(s -> out[at[0]++] = s);
        return out;
    }
}
