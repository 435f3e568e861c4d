package com.example;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DigitsTest {

    @Test
    void sumsTheDecimalDigits() {
        assertEquals(0, Digits.sum(0, 10));
        assertEquals(10, Digits.sum(1234, 10));
        int total = 0;
        for (int n = 0; n < 1000; n++) {
            total += Digits.sum(n, 10);
        }
        assertEquals(13500, total);
    }
}
