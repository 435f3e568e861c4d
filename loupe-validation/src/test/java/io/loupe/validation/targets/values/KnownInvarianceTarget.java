package io.loupe.validation.targets.values;

/**
 * Value sites whose invariance is known exactly, for convergent profiling against full
 * profiling: a parameter whose values never repeat (Inv-1 = 1/n), one that alternates two values
 * (Inv-1 = 1/2), one that is 42 nine times in ten (Inv-1 = 0.9), one in two phases of equal length
 * (Inv-1 = 1/2), a branch first taken after its method went quiet, once in 500 calls (Inv-1 =
 * 1/4), and two loops of exactly 1,000 iterations in {@code main}, the second starting after the
 * first has let {@code main} go quiet.
 */
public final class KnownInvarianceTarget {

    public static void main(String[] args) {
        int n = Integer.parseInt(args[0]);
        long sum = 0;
        for (int i = 0; i < n; i++) {
            sum += never(i) + alternating(i & 1) + mostly(i % 10 == 0 ? i : 42) + phase(i < n / 2 ? 11 : 22)
                    + rare(i, i >= n / 2 && i % 500 == 0);
        }
        for (int i = 0; i < 1000; i++) {
            int first = i * 3;
            sum += first;
        }
        for (int i = 0; i < 1000; i++) {
            int second = i & 7;
            sum += second;
        }
        System.out.println(sum);
    }

    static int never(int v) {
        return v >> 3;
    }

    static int alternating(int v) {
        return v + 1;
    }

    static int mostly(int v) {
        return v - 1;
    }

    static int phase(int v) {
        return v * 2;
    }

    /** A branch first taken in the second half, long after the method went quiet, once in 500 calls. */
    static int rare(int v, boolean taken) {
        if (taken) {
            int branch = (v / 500) & 3;
            return branch + 1;
        }
        return 0;
    }
}
