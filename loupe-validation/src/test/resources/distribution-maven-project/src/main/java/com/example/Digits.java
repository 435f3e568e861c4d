package com.example;

/** Digit sums: a loop whose paths and parameter values the plugin's rules guard. */
public final class Digits {

    private Digits() {
    }

    /** The sum of the digits of {@code n} (at least 0) written in {@code base}. */
    public static int sum(int n, int base) {
        int s = 0;
        while (n > 0) {
            s += n % base;
            n /= base;
        }
        return s;
    }
}
