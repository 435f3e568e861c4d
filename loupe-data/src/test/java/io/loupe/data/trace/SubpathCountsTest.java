package io.loupe.data.trace;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class SubpathCountsTest {

    @Test
    void theHottestSubpathOfALoopIsItsBody() {
        Sequitur s = new Sequitur();
        s.append(9);
        for (int i = 0; i < 10_000; i++) {
            s.append(1);
            s.append(2);
            s.append(3);
        }
        s.append(9);
        List<SubpathCounts.Subpath> top = SubpathCounts.mostFrequent(s.grammar(), 3, 3);
        // 1 2 3, 2 3 1 and 3 1 2 each start 10,000 or 9,999 times
        assertArrayEquals(new int[] {1, 2, 3}, top.get(0).symbols());
        assertEquals(10_000, top.get(0).count());
        assertEquals(30_000, top.get(0).cost());
        assertEquals(9_999, top.get(1).count());
        assertEquals(3, top.size());
    }

    @Test
    void aLengthBelowOneIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> SubpathCounts.counts(new Sequitur().grammar(), 0));
    }
}
