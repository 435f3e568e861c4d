package io.loupe.validation.targets.values;

/**
 * For convergent profiling: a site whose value changes phase half-way through the run, and a
 * steady site that takes one value 90% of the time. The distributions are known by construction:
 * {@code phase} is 11 for the first half of the calls and 22 for the second, {@code mostly} is 5
 * on every tenth call and 7 otherwise.
 */
public final class PhaseTarget {

    public static void main(String[] args) throws Exception {
        int n = Integer.parseInt(args[0]);
        long total = 0;
        for (int i = 0; i < n; i++) {
            total += f(i < n / 2 ? 11 : 22, i % 10 == 0 ? 5 : 7);
        }
        System.out.println(total);
    }

    static int f(int phase, int mostly) {
        return phase + mostly;
    }
}
