package io.loupe.validation.targets.merge;

/** One half of the input. */
final class Work {

    static final int HALF = 40;

    private Work() {
    }

    static long part(int p) {
        long s = 0;
        if (p == 1) {
            // the second half touches Digits before Classifier: a run of it alone loads them in the
            // other order than the whole run, and hands out other ids
            s += Digits.count(1000 + p);
        }
        for (int i = p * HALF; i < (p + 1) * HALF; i++) {
            int x = (i * 37 + 11) % 101;
            s += Classifier.classify(x);
            s += Digits.count(x);
        }
        return s;
    }
}
