package io.loupe.validation.targets;

/**
 * A loop whose body takes one of 16 paths, chosen by a pseudo-random sequence: its k-iteration
 * paths are many, so a small k-slab forest budget has to prune.
 */
public final class ManyPathsTarget {

    public static void main(String[] args) {
        long state = 42;
        int s = 0;
        for (int i = 0; i < 30_000; i++) {
            state = state * 6364136223846793005L + 1442695040888963407L;
            int bits = (int) (state >>> 60);
            if ((bits & 1) != 0) {
                s += 1;
            }
            if ((bits & 2) != 0) {
                s ^= 3;
            }
            if ((bits & 4) != 0) {
                s += 5;
            }
            if ((bits & 8) != 0) {
                s -= 7;
            }
        }
        System.out.println("many " + s);
    }
}
