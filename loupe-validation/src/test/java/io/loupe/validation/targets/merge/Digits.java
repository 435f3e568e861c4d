package io.loupe.validation.targets.merge;

/** A loop over a number's digits. */
final class Digits {

    private Digits() {
    }

    static int count(int x) {
        int n = 0;
        do {
            n += x % 10 == 7 ? 2 : 1;
            x /= 10;
        } while (x > 0);
        return n;
    }
}
