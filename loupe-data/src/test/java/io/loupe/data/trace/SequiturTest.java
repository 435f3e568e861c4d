package io.loupe.data.trace;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SequiturTest {

    @Test
    void abcabcabcIsThreeUsesOfOneRule() {
        // Tallam and Gupta 2007, §4.1: S → AAA, A → abc
        Grammar g = grammar(0, 1, 2, 0, 1, 2, 0, 1, 2);
        assertEquals("R0 -> R1 R1 R1; R1 -> 0 1 2; ", GrammarInvariants.dump(g));
    }

    @Test
    void aRunOfOneSymbolNests() {
        Grammar g = grammar(new int[64]);
        assertEquals(64, g.lengths()[0]);
        assertArrayEquals(new int[64], g.expansion());
        assertEquals(1, g.uses()[0]);
        assertTrue(g.rules() <= 13, "logarithmic in the run's length: " + GrammarInvariants.dump(g));
    }

    @Test
    void theGrammarOfNothingIsAnEmptyStartRule() {
        Grammar g = new Sequitur().grammar();
        assertEquals(1, g.rules());
        assertEquals(0, g.symbols());
        assertArrayEquals(new int[0], g.expansion());
    }

    @Test
    void negativeTerminalsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Sequitur().append(-1));
    }

    @Test
    void aLongLoopCompresses() {
        Sequitur s = new Sequitur();
        for (int i = 0; i < 1_000_000; i++) {
            s.append(i % 3 == 2 ? 5 : 4);   // a loop whose body is paths 4, 4, 5
        }
        assertEquals(1_000_000, s.grammar().lengths()[0]);
        assertTrue(s.symbols() < 200, s.symbols() + " symbols");
    }

    private static Grammar grammar(int... input) {
        Sequitur s = new Sequitur();
        for (int t : input) {
            s.append(t);
        }
        return s.grammar();
    }
}
