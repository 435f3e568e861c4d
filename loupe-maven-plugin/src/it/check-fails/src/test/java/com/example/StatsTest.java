package com.example;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class StatsTest {

    private static int[] ramp(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {
            a[i] = i;
        }
        return a;
    }

    @Test
    void scalesEveryElement() {
        for (int round = 0; round < 20; round++) {
            int[] out = Stats.scale(ramp(100), 3);
            assertEquals(297, out[99]);
        }
    }

    @Test
    void sumsARamp() {
        assertEquals(4950, Stats.sum(ramp(100)));
    }

    @Test
    void prefixSums() {
        int[] a = {1, 2, 3, 4};
        Stats.prefix(a);
        assertArrayEquals(new int[] {1, 3, 6, 10}, a);
    }

    @Test
    void clampsBelowWithinAbove() {
        assertEquals(0, Stats.clamp(-5, 0, 10));
        assertEquals(5, Stats.clamp(5, 0, 10));
        assertEquals(10, Stats.clamp(50, 0, 10));
    }
}
