package io.loupe.validation.targets.deps;

/**
 * One loop per kind of advice (docs/deps.md, "What to do next"), each in a method of its own: a sum
 * into a field of an object and into a static field (reductions through memory), a histogram (an
 * array reduction), a loop with nothing carried (DOALL), one that only reuses a scratch array
 * (privatize) and a recurrence (blocked by a carried RAW). Lines marked {@code // @name} are looked
 * up by the test; the program prints a checksum so the test can tell that profiling did not change
 * what it computes.
 */
public final class AdviceTarget {

    private static final int N = 64;
    static long staticSum;

    /** An accumulator, updated through a reference. */
    static final class Acc {
        long total;
    }

    public static void main(String[] args) {
        int[] a = doall(N);
        Acc acc = new Acc();
        fieldSum(acc, a);
        staticSum(a);
        int[] hist = histogram(a, 8);
        int[] squares = privatized(a);
        int[] ramp = recurrence(N);
        long check = acc.total + staticSum;
        for (int i = 0; i < N; i++) {
            check = check * 31 + hist[i % 8] + squares[i] + ramp[i];
        }
        System.out.println("checksum " + check);
    }

    /** Each iteration writes its own element: nothing carried. */
    static int[] doall(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {           // @doall
            a[i] = i * 3;
        }
        return a;
    }

    /** acc.total += a[i]: RAW and WAW on the field carried, nothing else touches it. */
    static void fieldSum(Acc acc, int[] a) {
        for (int i = 0; i < a.length; i++) {    // @fieldSum
            acc.total += a[i];
        }
    }

    /** The same through a static field. */
    static void staticSum(int[] a) {
        for (int i = 0; i < a.length; i++) {    // @staticSum
            staticSum += a[i];
        }
    }

    /** hist[k] += 1: many locations, each only updated. */
    static int[] histogram(int[] a, int buckets) {
        int[] hist = new int[buckets];
        for (int i = 0; i < a.length; i++) {    // @histogram
            hist[a[i] % buckets] += 1;
        }
        return hist;
    }

    /** A scratch array written before it is read in every iteration: only WAR and WAW carried. */
    static int[] privatized(int[] a) {
        int[] out = new int[a.length];
        int[] tmp = new int[2];
        for (int i = 0; i < a.length; i++) {    // @privatized
            tmp[0] = a[i];
            tmp[1] = a[i] + 1;
            out[i] = tmp[0] * tmp[1];
        }
        return out;
    }

    /** a[i] = a[i-1] + 1: each iteration reads what the one before wrote. */
    static int[] recurrence(int n) {
        int[] a = new int[n];
        for (int i = 1; i < n; i++) {           // @recurrence
            a[i] = a[i - 1] + 1;                // @recurrenceBody
        }
        return a;
    }
}
