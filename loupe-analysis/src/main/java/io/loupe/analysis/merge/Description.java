package io.loupe.analysis.merge;

import java.util.Arrays;

/**
 * A metadata item written out field by field, for comparing two profiles' versions of it: each
 * string with its length before it, so that no two different items write the same text.
 */
final class Description {

    private final StringBuilder text = new StringBuilder(64);

    Description add(String s) {
        if (s == null) {
            text.append("-;");
        } else {
            text.append(s.length()).append(':').append(s).append(';');
        }
        return this;
    }

    Description add(long v) {
        text.append(v).append(';');
        return this;
    }

    Description add(boolean v) {
        text.append(v ? 'T' : 'F').append(';');
        return this;
    }

    Description add(int[] v) {
        text.append(Arrays.toString(v)).append(';');
        return this;
    }

    @Override
    public String toString() {
        return text.toString();
    }
}
