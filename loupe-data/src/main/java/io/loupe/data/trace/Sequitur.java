package io.loupe.data.trace;

import java.util.Arrays;

/**
 * Sequitur (Nevill-Manning and Witten, <i>Linear-time, incremental hierarchy inference for
 * compression</i>, DCC 1997): builds, one symbol at a time and in linear time, a context-free
 * grammar that derives exactly the symbols appended so far, keeping two invariants (Tallam and
 * Gupta 2007, §4.1):
 * <ul>
 *   <li><b>digram uniqueness</b>: no pair of adjacent symbols occurs twice in the grammar (two
 *   overlapping occurrences, as in {@code aaa}, count once);</li>
 *   <li><b>rule utility</b>: every rule but the start rule is used at least twice.</li>
 * </ul>
 * Larus's whole program paths are a Ball–Larus path trace compressed this way (PLDI 1999).
 *
 * <p>Terminals are ints ≥ 0. The grammar lives in int arrays, not objects: a node is a symbol in
 * a rule's body, the body a circular list through the rule's guard node, and a digram index (open
 * addressing, deletions by backward shift, so no tombstones) maps each digram to the node that
 * starts it. Freed nodes and rules are reused, so a grammar needs memory in proportion to its own
 * size, not to the input's. The operations are those of the authors' reference implementation,
 * {@code join}'s care for overlapping triples included.
 */
public final class Sequitur {

    private static final int NIL = -1;
    /** Node values: a terminal t is t ≥ 0; a use of rule r is -(r + 1); rule r's guard is MIN_VALUE + r. */
    private static final int NONTERMINAL_MIN = -(1 << 30);

    private int[] value = new int[1024];
    private int[] prev = new int[1024];
    private int[] next = new int[1024];
    private int nodeCount;     // nodes ever made (the arrays' used prefix)
    private int freeNode = NIL;

    private int[] guard = new int[64];   // rule → its guard node, NIL if the rule is free
    private int[] refs = new int[64];    // rule → uses in the grammar's bodies
    private int ruleCount;
    private int freeRule = NIL;          // free rules chained through refs
    private int liveRules;
    private int liveSymbols;             // symbols in bodies (not guards)
    private long length;                 // terminals appended

    private final DigramIndex digrams = new DigramIndex();

    public Sequitur() {
        newRule();   // rule 0, the start rule
    }

    /** Appends terminal {@code t} (≥ 0) to the input. */
    public void append(int t) {
        if (t < 0) {
            throw new IllegalArgumentException("terminals are ≥ 0: " + t);
        }
        int start = guard[0];
        insertAfter(prev[start], newNode(t));
        check(prev[prev[start]]);
        length++;
    }

    /** Terminals appended so far. */
    public long length() {
        return length;
    }

    /** Rules in the grammar, the start rule included. */
    public int rules() {
        return liveRules;
    }

    /** Symbols on the right-hand sides of the grammar's rules. */
    public int symbols() {
        return liveSymbols;
    }

    /**
     * The grammar, its rules numbered from 0 (the start rule) in the order a breadth-first walk
     * from the start rule first meets them.
     */
    public Grammar grammar() {
        int[] number = new int[ruleCount];
        Arrays.fill(number, -1);
        int[] order = new int[liveRules];
        int count = 0;
        number[0] = 0;
        order[count++] = 0;
        for (int i = 0; i < count; i++) {
            int g = guard[order[i]];
            for (int n = next[g]; n != g; n = next[n]) {
                int v = value[n];
                if (v < 0) {
                    int r = -v - 1;
                    if (number[r] < 0) {
                        number[r] = count;
                        order[count++] = r;
                    }
                }
            }
        }
        int[][] bodies = new int[count][];
        for (int i = 0; i < count; i++) {
            int g = guard[order[i]];
            int size = 0;
            for (int n = next[g]; n != g; n = next[n]) {
                size++;
            }
            int[] body = new int[size];
            int j = 0;
            for (int n = next[g]; n != g; n = next[n]) {
                int v = value[n];
                body[j++] = v >= 0 ? v : Grammar.rule(number[-v - 1]);
            }
            bodies[i] = body;
        }
        return new Grammar(bodies);
    }

    // ---- the algorithm ----

    /** Checks the digram starting at {@code s}; true if it occurs elsewhere (and was dealt with). */
    private boolean check(int s) {
        if (isGuard(s) || isGuard(next[s])) {
            return false;
        }
        long key = key(s);
        int x = digrams.get(key);
        if (x == DigramIndex.MISSING) {
            digrams.put(key, s);
            return false;
        }
        if (next[x] != s) {   // not the overlapping occurrence of a triple
            match(s, x);
        }
        return true;
    }

    /** The digram at {@code ss} repeats the one at {@code m}: both become a use of one rule. */
    private void match(int ss, int m) {
        int r;
        if (isGuard(prev[m]) && isGuard(next[next[m]])) {
            r = ruleOfGuard(prev[m]);   // the digram is a whole rule already
            substitute(ss, r);
        } else {
            r = newRule();
            int g = guard[r];
            insertAfter(prev[g], newNode(value[ss]));
            insertAfter(prev[g], newNode(value[next[ss]]));
            substitute(m, r);
            substitute(ss, r);
            digrams.put(key(next[g]), next[g]);
        }
        int first = next[guard[r]];
        int v = value[first];
        if (v < 0 && refs[-v - 1] == 1) {
            expand(first);   // rule utility: a rule its new rule used once is inlined there
        }
    }

    /** Replaces the digram at {@code s} by a use of rule {@code r}. */
    private void substitute(int s, int r) {
        int q = prev[s];
        deleteNode(next[q]);
        deleteNode(next[q]);
        insertAfter(q, newNode(-(r + 1)));
        if (!check(q)) {
            check(next[q]);
        }
    }

    /** Inlines the body of the rule that node {@code s} uses, the rule's only use. */
    private void expand(int s) {
        int left = prev[s];
        int right = next[s];
        int r = -value[s] - 1;
        int g = guard[r];
        int f = next[g];
        int l = prev[g];
        join(l, f);   // the guard leaves the circle
        freeNodeSlot(g);
        freeRuleSlot(r);
        digrams.removeIf(key(s), s);
        join(left, right);
        liveSymbols--;
        freeNodeSlot(s);
        join(left, f);
        join(l, right);
        if (!isGuard(right)) {
            digrams.put(key(l), l);
        }
    }

    /** Links {@code left} to {@code right}, forgetting the digram {@code left} started. */
    private void join(int left, int right) {
        if (next[left] != NIL) {
            deleteDigram(left);
            // In a triple only the second pair is indexed: when it goes, index the first.
            int rp = prev[right];
            int rn = next[right];
            if (rp != NIL && rn != NIL && value[right] == value[rp] && value[right] == value[rn]) {
                digrams.put(key(right), right);
            }
            int lp = prev[left];
            int ln = next[left];
            if (lp != NIL && ln != NIL && value[left] == value[ln] && value[left] == value[lp]) {
                digrams.put(key(lp), lp);
            }
        }
        next[left] = right;
        prev[right] = left;
    }

    private void insertAfter(int at, int y) {
        join(y, next[at]);
        join(at, y);
    }

    /** Unlinks a body symbol and frees it, with its digrams and its use of a rule. */
    private void deleteNode(int n) {
        join(prev[n], next[n]);
        deleteDigram(n);
        int v = value[n];
        if (v < 0) {
            refs[-v - 1]--;
        }
        liveSymbols--;
        freeNodeSlot(n);
    }

    private void deleteDigram(int s) {
        if (isGuard(s) || isGuard(next[s])) {
            return;
        }
        digrams.removeIf(key(s), s);
    }

    private long key(int s) {
        return ((long) value[s] << 32) | (value[next[s]] & 0xffffffffL);
    }

    private boolean isGuard(int n) {
        return value[n] < NONTERMINAL_MIN;
    }

    private static int ruleOfGuardValue(int v) {
        return v - Integer.MIN_VALUE;
    }

    private int ruleOfGuard(int n) {
        return ruleOfGuardValue(value[n]);
    }

    // ---- storage ----

    private int newNode(int v) {
        if (v < 0) {
            refs[-v - 1]++;
        }
        liveSymbols++;
        return allocate(v);
    }

    private int allocate(int v) {
        int n;
        if (freeNode != NIL) {
            n = freeNode;
            freeNode = next[n];
        } else {
            if (nodeCount == value.length) {
                int size = value.length * 2;
                value = Arrays.copyOf(value, size);
                prev = Arrays.copyOf(prev, size);
                next = Arrays.copyOf(next, size);
            }
            n = nodeCount++;
        }
        value[n] = v;
        prev[n] = NIL;
        next[n] = NIL;
        return n;
    }

    private void freeNodeSlot(int n) {
        prev[n] = NIL;
        next[n] = freeNode;
        freeNode = n;
    }

    private int newRule() {
        int r;
        if (freeRule != NIL) {
            r = freeRule;
            freeRule = refs[r];
        } else {
            if (ruleCount == guard.length) {
                guard = Arrays.copyOf(guard, ruleCount * 2);
                refs = Arrays.copyOf(refs, ruleCount * 2);
            }
            r = ruleCount++;
            if (r > -NONTERMINAL_MIN - 2) {
                throw new IllegalStateException("more than 2^30 rules");
            }
        }
        int g = allocate(Integer.MIN_VALUE + r);
        next[g] = g;
        prev[g] = g;
        guard[r] = g;
        refs[r] = 0;
        liveRules++;
        return r;
    }

    private void freeRuleSlot(int r) {
        guard[r] = NIL;
        refs[r] = freeRule;
        freeRule = r;
        liveRules--;
    }
}
