package com.example.app;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class LongestTest {

    @Test
    void findsTheLineWithMostWords() {
        assertEquals(1, Longest.longest(new String[] {"a b", "a b c d", "a"}));
    }
}
