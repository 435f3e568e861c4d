package io.loupe.validation.targets.merge;

/** Branches and a loop whose trip count depends on the value. */
final class Classifier {

    private Classifier() {
    }

    static int classify(int x) {
        int c;
        if (x % 2 == 0) {
            c = x % 3 == 0 ? 6 : 2;
        } else if (x % 5 == 0) {
            c = 5;
        } else {
            c = 1;
        }
        while (x > 30) {
            x -= 17;
            c += x % 4 == 0 ? 2 : 1;
        }
        return c;
    }
}
