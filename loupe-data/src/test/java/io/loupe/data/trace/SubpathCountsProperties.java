package io.loupe.data.trace;

import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Counts of subpaths on the grammar equal brute-force n-gram counts over the expanded trace. */
class SubpathCountsProperties {

    @Property(tries = 300)
    void countsOnTheGrammarAreTheTracesNgramCounts(@ForAll("traces") int[] input, @ForAll @IntRange(min = 1, max = 7) int length) {
        Sequitur s = new Sequitur();
        for (int t : input) {
            s.append(t);
        }
        Map<SubpathCounts.Window, Long> expected = bruteForce(input, length);
        assertEquals(expected, SubpathCounts.counts(s.grammar(), length), "Sequitur's grammar");
        assertEquals(expected, SubpathCounts.counts(RePair.compress(input), length), "Re-Pair's grammar");
    }

    static Map<SubpathCounts.Window, Long> bruteForce(int[] input, int length) {
        Map<SubpathCounts.Window, Long> counts = new HashMap<>();
        for (int i = 0; i + length <= input.length; i++) {
            counts.merge(new SubpathCounts.Window(Arrays.copyOfRange(input, i, i + length)), 1L, Long::sum);
        }
        return counts;
    }

    @Provide
    Arbitrary<int[]> traces() {
        return new SequiturProperties().traces();
    }
}
