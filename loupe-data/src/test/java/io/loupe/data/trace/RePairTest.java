package io.loupe.data.trace;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RePairTest {

    @Test
    void theMostFrequentDigramGoesFirst() {
        // Tallam and Gupta 2007, §4.2: wbcwbcxbcxbybcybczbczbc (w=0, x=1, y=2, z=3, b=4, c=5). The
        // paper's Sequitur grammar for it (A -> wbc, B -> xbc, …) repeats "bc" and so breaks digram
        // uniqueness; a Sequitur that keeps it finds "bc" too, as Re-Pair finds it first
        int[] input = {0, 4, 5, 0, 4, 5, 1, 4, 5, 1, 4, 2, 4, 5, 2, 4, 5, 3, 4, 5, 3, 4, 5};
        Grammar repair = RePair.compress(input);
        Sequitur sequitur = new Sequitur();
        for (int t : input) {
            sequitur.append(t);
        }
        Grammar online = sequitur.grammar();
        assertEquals("R0 -> R1 R1 1 R2 1 4 R3 R3 R4 R4; R1 -> 0 R2; R2 -> 4 5; R3 -> 2 R2; R4 -> 3 R2; ",
                GrammarInvariants.dump(repair));
        assertEquals(GrammarInvariants.dump(repair), GrammarInvariants.dump(online));
        assertArrayEquals(input, repair.expansion());
    }

    @Test
    void aRunOfOneSymbolHalvesEachRound() {
        Grammar g = RePair.compress(new int[1000]);
        assertArrayEquals(new int[1000], g.expansion());
        assertTrue(g.symbols() <= 30, GrammarInvariants.dump(g));
    }

    @Test
    void shortInputsAreTheirOwnGrammar() {
        assertEquals("R0 ->; ", GrammarInvariants.dump(RePair.compress(new int[0])));
        assertEquals("R0 -> 7; ", GrammarInvariants.dump(RePair.compress(new int[] {7})));
        assertEquals("R0 -> 1 2 1; ", GrammarInvariants.dump(RePair.compress(new int[] {1, 2, 1})));
    }

    @Test
    void overlappingOccurrencesCountOnce() {
        // "aaa" holds one "aa": no rule; "aaaa" holds two
        assertEquals("R0 -> 0 0 0; ", GrammarInvariants.dump(RePair.compress(new int[] {0, 0, 0})));
        assertEquals("R0 -> R1 R1; R1 -> 0 0; ", GrammarInvariants.dump(RePair.compress(new int[] {0, 0, 0, 0})));
    }

    @Test
    void negativeTerminalsAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> RePair.compress(new int[] {1, -2}));
    }
}
