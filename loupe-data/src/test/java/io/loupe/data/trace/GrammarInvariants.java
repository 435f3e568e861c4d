package io.loupe.data.trace;

import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Sequitur's two invariants, which Re-Pair's grammars keep too, as assertions on a grammar. */
final class GrammarInvariants {

    private GrammarInvariants() {
    }

    /** No digram occurs twice in the grammar, overlapping occurrences ({@code aaa}) counting once. */
    static void assertDigramsUnique(Grammar g) {
        Map<Long, Integer> count = new HashMap<>();
        for (int r = 0; r < g.rules(); r++) {
            int[] b = g.body(r);
            Map<Long, Integer> lastTaken = new HashMap<>();
            for (int i = 0; i + 1 < b.length; i++) {
                long key = ((long) b[i] << 32) | (b[i + 1] & 0xffffffffL);
                Integer last = lastTaken.get(key);
                if (last != null && last == i - 1) {
                    continue;   // overlaps the occurrence before it
                }
                lastTaken.put(key, i);
                count.merge(key, 1, Integer::sum);
            }
        }
        count.forEach((key, n) -> assertEquals(1, n, "digram " + (key >> 32) + "," + (int) (long) key + " in " + dump(g)));
    }

    /** Every rule but the start rule is used at least twice. */
    static void assertRulesUsedTwice(Grammar g) {
        int[] uses = new int[g.rules()];
        for (int r = 0; r < g.rules(); r++) {
            for (int s : g.body(r)) {
                if (Grammar.isRule(s)) {
                    uses[Grammar.ruleOf(s)]++;
                }
            }
        }
        for (int r = 1; r < g.rules(); r++) {
            assertTrue(uses[r] >= 2, "rule " + r + " used " + uses[r] + " times in " + dump(g));
        }
    }

    static String dump(Grammar g) {
        StringBuilder s = new StringBuilder();
        for (int r = 0; r < g.rules(); r++) {
            s.append('R').append(r).append(" ->");
            for (int x : g.body(r)) {
                s.append(' ').append(Grammar.isRule(x) ? "R" + Grammar.ruleOf(x) : Integer.toString(x));
            }
            s.append("; ");
        }
        return s.toString();
    }
}
