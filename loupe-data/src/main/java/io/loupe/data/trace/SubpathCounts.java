package io.loupe.data.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * How often every sequence of {@code length} consecutive terminals occurs in what a grammar
 * derives, computed on the grammar without expanding it: Larus's hot subpaths (<i>Whole program
 * paths</i>, PLDI 1999, §4), exact. An occurrence is counted once, in the lowest rule whose
 * expansion holds it whole: there it crosses a boundary between two symbols of the rule's body,
 * and so lies within the last {@code length - 1} terminals of one body symbol and the first ones
 * of the symbols after it; each such window counts as often as the rule is used in the
 * derivation. The work is the grammar's size times {@code length}, whatever the trace's length.
 * Occurrences may overlap ({@code aaa} holds {@code aa} twice).
 */
public final class SubpathCounts {

    /** A sequence of terminals and how often it occurs. */
    public record Subpath(int[] symbols, long count) {

        /** Terminals covered by its occurrences: Larus's cost of a subpath. */
        public long cost() {
            return count * symbols.length;
        }
    }

    private SubpathCounts() {
    }

    /** The {@code limit} most frequent sequences of {@code length} terminals (ties by their symbols), with their counts. */
    public static List<Subpath> mostFrequent(Grammar g, int length, int limit) {
        Map<Window, Long> counts = counts(g, length);
        List<Subpath> all = new ArrayList<>(counts.size());
        counts.forEach((w, c) -> all.add(new Subpath(w.symbols, c)));
        all.sort(Comparator.comparingLong(Subpath::count).reversed()
                .thenComparing(Subpath::symbols, Arrays::compare));
        return all.subList(0, Math.min(limit, all.size()));
    }

    /** Every sequence of {@code length} terminals that occurs, with how often. */
    public static Map<Window, Long> counts(Grammar g, int length) {
        if (length < 1) {
            throw new IllegalArgumentException("length " + length);
        }
        long[] uses = g.uses();
        Map<Window, Long> counts = new HashMap<>();
        if (length == 1) {
            for (int r = 0; r < g.rules(); r++) {
                for (int s : g.body(r)) {
                    if (!Grammar.isRule(s)) {
                        counts.merge(new Window(new int[] {s}), uses[r], Long::sum);
                    }
                }
            }
            return counts;
        }
        int edge = length - 1;
        long[] lengths = g.lengths();
        int[][] prefix = new int[g.rules()][];
        int[][] suffix = new int[g.rules()][];
        int[] order = g.topologicalOrder();
        for (int i = order.length - 1; i >= 0; i--) {   // a rule after the rules it uses
            int r = order[i];
            prefix[r] = ends(g.body(r), prefix, edge, true);
            suffix[r] = ends(g.body(r), suffix, edge, false);
        }
        for (int r = 0; r < g.rules(); r++) {
            if (uses[r] == 0) {
                continue;
            }
            // the body as terminals, each long child as its ends with a gap between
            int[] body = g.body(r);
            List<int[]> parts = new ArrayList<>();   // {terminal, body index} or a gap {-1, -1}
            for (int j = 0; j < body.length; j++) {
                int s = body[j];
                if (!Grammar.isRule(s)) {
                    parts.add(new int[] {s, j});
                    continue;
                }
                int c = Grammar.ruleOf(s);
                if (lengths[c] <= 2L * edge) {
                    int[] all = whole(prefix[c], suffix[c], (int) lengths[c]);
                    for (int t : all) {
                        parts.add(new int[] {t, j});
                    }
                } else {
                    for (int t : prefix[c]) {
                        parts.add(new int[] {t, j});
                    }
                    parts.add(new int[] {-1, -1});
                    for (int t : suffix[c]) {
                        parts.add(new int[] {t, j});
                    }
                }
            }
            int run = 0;   // terminals since the last gap
            for (int p = 0; p < parts.size(); p++) {
                if (parts.get(p)[0] < 0) {
                    run = 0;
                    continue;
                }
                if (++run < length) {
                    continue;
                }
                int first = p - length + 1;
                if (parts.get(first)[1] == parts.get(p)[1]) {
                    continue;   // inside one body symbol: counted in that rule
                }
                int[] w = new int[length];
                for (int k = 0; k < length; k++) {
                    w[k] = parts.get(first + k)[0];
                }
                counts.merge(new Window(w), uses[r], Long::sum);
            }
        }
        return counts;
    }

    /** The first ({@code front}) or last {@code edge} terminals a body derives, from its symbols' own ends. */
    private static int[] ends(int[] body, int[][] known, int edge, boolean front) {
        int[] out = new int[edge];
        int n = 0;
        for (int k = 0; k < body.length && n < edge; k++) {
            int s = body[front ? k : body.length - 1 - k];
            int[] part = Grammar.isRule(s) ? known[Grammar.ruleOf(s)] : new int[] {s};
            int take = Math.min(part.length, edge - n);
            if (front) {
                System.arraycopy(part, 0, out, n, take);
            } else {
                System.arraycopy(part, part.length - take, out, edge - n - take, take);
            }
            n += take;
        }
        return front ? Arrays.copyOf(out, n) : Arrays.copyOfRange(out, edge - n, edge);
    }

    /** The whole expansion of a rule of {@code length ≤ 2·edge} terminals, from its two ends. */
    private static int[] whole(int[] prefix, int[] suffix, int length) {
        if (prefix.length == length) {
            return prefix;
        }
        int[] all = Arrays.copyOf(prefix, length);
        int rest = length - prefix.length;
        System.arraycopy(suffix, suffix.length - rest, all, prefix.length, rest);
        return all;
    }

    /** A sequence of terminals as a map key. */
    public static final class Window {
        private final int[] symbols;
        private final int hash;

        public Window(int[] symbols) {
            this.symbols = symbols;
            this.hash = Arrays.hashCode(symbols);
        }

        public int[] symbols() {
            return symbols.clone();
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Window w && Arrays.equals(symbols, w.symbols);
        }

        @Override
        public int hashCode() {
            return hash;
        }

        @Override
        public String toString() {
            return Arrays.toString(symbols);
        }
    }
}
