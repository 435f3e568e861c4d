package com.example.core;

/** Counts words: a loop with two paths per iteration. */
public final class Words {

    private Words() {
    }

    public static int count(String text) {
        int words = 0;
        boolean in = false;
        for (int i = 0; i < text.length(); i++) {
            boolean letter = Character.isLetter(text.charAt(i));
            if (letter && !in) {
                words++;
            }
            in = letter;
        }
        return words;
    }
}
