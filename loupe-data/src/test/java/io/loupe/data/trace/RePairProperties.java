package io.loupe.data.trace;

import net.jqwik.api.ForAll;
import net.jqwik.api.Property;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Re-Pair's grammar derives its input, keeps Sequitur's invariants, and leaves no digram of its
 * start rule twice; on the inputs of {@link SequiturProperties}.
 */
class RePairProperties {

    @Property(tries = 300)
    void theGrammarDerivesTheInputAndKeepsTheInvariants(@ForAll("traces") int[] input) {
        Grammar g = RePair.compress(input);
        assertArrayEquals(input, g.expansion());
        assertEquals(input.length, g.lengths()[0]);
        GrammarInvariants.assertDigramsUnique(g);
        GrammarInvariants.assertRulesUsedTwice(g);
    }

    @Property(tries = 200)
    void itIsNeverLargerThanItsInput(@ForAll("traces") int[] input) {
        Grammar g = RePair.compress(input);
        // each rule made saves at least as many symbols as its body adds
        assertTrue(g.symbols() <= input.length, g.symbols() + " symbols for " + input.length);
    }

    @net.jqwik.api.Provide
    net.jqwik.api.Arbitrary<int[]> traces() {
        return new SequiturProperties().traces();
    }
}
