package com.example.core;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class WordsTest {

    @Test
    void countsWords() {
        assertEquals(4, Words.count("one two  three, four"));
    }
}
