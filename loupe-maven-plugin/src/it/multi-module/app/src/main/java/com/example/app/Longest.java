package com.example.app;

import com.example.core.Words;

/** The line with the most words: a loop in this module over the other module's loop. */
public final class Longest {

    private Longest() {
    }

    public static int longest(String[] lines) {
        int best = -1;
        int bestWords = -1;
        for (int i = 0; i < lines.length; i++) {
            int w = Words.count(lines[i]);
            if (w > bestWords) {
                best = i;
                bestWords = w;
            }
        }
        return best;
    }
}
