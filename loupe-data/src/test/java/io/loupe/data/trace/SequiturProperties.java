package io.loupe.data.trace;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sequitur's grammar derives its input and keeps the two invariants, on random and on repetitive input. */
class SequiturProperties {

    @Property(tries = 300)
    void theGrammarDerivesTheInputAndKeepsItsInvariants(@ForAll("traces") int[] input) {
        Sequitur s = new Sequitur();
        for (int t : input) {
            s.append(t);
        }
        Grammar g = s.grammar();
        assertArrayEquals(input, g.expansion());
        assertEquals(input.length, s.length());
        assertEquals(g.rules(), s.rules(), "rules counted as the grammar holds them");
        assertEquals(g.symbols(), s.symbols(), "symbols counted as the grammar holds them");
        GrammarInvariants.assertDigramsUnique(g);
        GrammarInvariants.assertRulesUsedTwice(g);
        assertEquals(input.length, g.lengths()[0]);
    }

    @Property(tries = 100)
    void aPrefixHasItsOwnGrammar(@ForAll("traces") int[] input) {
        // the invariants hold after every symbol, not only at the end
        Sequitur s = new Sequitur();
        for (int i = 0; i < input.length; i++) {
            s.append(input[i]);
            if (i % 37 == 0) {
                Grammar g = s.grammar();
                assertArrayEquals(java.util.Arrays.copyOf(input, i + 1), g.expansion());
                GrammarInvariants.assertDigramsUnique(g);
                GrammarInvariants.assertRulesUsedTwice(g);
            }
        }
    }

    /** Random symbols over small alphabets, and expansions of random small grammars (loops in loops). */
    @Provide
    Arbitrary<int[]> traces() {
        Arbitrary<int[]> random = Arbitraries.integers().between(1, 5).flatMap(alphabet ->
                Arbitraries.integers().between(0, alphabet - 1).array(int[].class).ofMaxSize(600));
        Arbitrary<int[]> nested = Arbitraries.integers().between(0, 1_000_000).map(SequiturProperties::nested);
        return Arbitraries.oneOf(random, nested);
    }

    /** A trace with the shape of a program's: paths repeated in loops inside loops, with noise. */
    static int[] nested(int seed) {
        java.util.Random r = new java.util.Random(seed);
        List<Integer> out = new ArrayList<>();
        int outer = 1 + r.nextInt(6);
        for (int i = 0; i < outer; i++) {
            int inner = r.nextInt(30);
            int body = 1 + r.nextInt(4);
            for (int j = 0; j < inner; j++) {
                for (int b = 0; b < body; b++) {
                    out.add(b + (r.nextInt(20) == 0 ? 7 : 0));
                }
            }
            out.add(9 + r.nextInt(3));
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }
}
