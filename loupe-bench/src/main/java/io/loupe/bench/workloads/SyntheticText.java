package io.loupe.bench.workloads;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/**
 * Deterministic pseudo-English for the workloads that need text (compression, indexing, SQL rows).
 * Words are built from syllables and drawn with a skewed distribution, so a few words are very
 * frequent and most are rare, roughly as in natural text: compressors find repetition and an index
 * sees both long and short posting lists. The same seed gives the same text on every run.
 */
final class SyntheticText {
    private static final String[] SYLLABLES = {
        "an", "be", "co", "de", "el", "fa", "gi", "ho", "in", "ju", "ka", "lo", "mi", "ne", "or",
        "pu", "qua", "re", "si", "to", "ur", "ve", "wa", "xi", "yo", "ze", "th", "st", "ing", "er",
    };

    private final String[] vocabulary;
    private final SplittableRandom random;

    SyntheticText(long seed, int vocabularySize) {
        this.random = new SplittableRandom(seed);
        this.vocabulary = new String[vocabularySize];
        for (int i = 0; i < vocabularySize; i++) {
            vocabulary[i] = buildWord(i);
        }
    }

    // Mixed radix over the syllables, so every index gives a distinct word.
    private static String buildWord(int index) {
        var word = new StringBuilder();
        int rest = index;
        do {
            word.append(SYLLABLES[rest % SYLLABLES.length]);
            rest /= SYLLABLES.length;
        } while (rest > 0);
        return word.toString();
    }

    /** A word; low indices (short words) are much more likely than high ones. */
    String word() {
        double u = random.nextDouble();
        return vocabulary[(int) (vocabulary.length * u * u * u)];
    }

    /** The {@code rank}-th word of the vocabulary, for queries that must hit known terms. */
    String wordAt(int rank) {
        return vocabulary[rank % vocabulary.length];
    }

    int nextInt(int bound) {
        return random.nextInt(bound);
    }

    /** A sentence of {@code words} words, capitalised and ended with a full stop. */
    String sentence(int words) {
        var sentence = new StringBuilder();
        for (int i = 0; i < words; i++) {
            if (i > 0) {
                sentence.append(' ');
            }
            sentence.append(word());
        }
        sentence.setCharAt(0, Character.toUpperCase(sentence.charAt(0)));
        return sentence.append('.').toString();
    }

    /** About {@code length} bytes of UTF-8 text in lines of sentences. */
    byte[] bytes(int length) {
        var text = new StringBuilder(length + 256);
        while (text.length() < length) {
            text.append(sentence(4 + random.nextInt(12))).append(random.nextInt(8) == 0 ? "\n" : " ");
        }
        text.setLength(length);
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }
}
