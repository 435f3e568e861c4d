package io.loupe.instrument.values.samples;

/** A loop inside a {@code synchronized} block: a quiet method whose loop does not switch versions. */
public final class Locked {

    private Locked() {
    }

    /** Sums {@code i % 7} over {@code n} iterations while holding {@code lock}. */
    public static long sum(Object lock, int n) {
        synchronized (lock) {
            long sum = 0;
            for (int i = 0; i < n; i++) {
                sum += i % 7;
            }
            return sum;
        }
    }
}
