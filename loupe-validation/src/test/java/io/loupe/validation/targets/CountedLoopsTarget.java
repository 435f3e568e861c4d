package io.loupe.validation.targets;

/**
 * Loops whose body does not branch, which path profiling counts instead of run-length encoding
 * (the instrumenter's {@code CountedLoops}), in every shape that changes what the exit must
 * stream: no iteration, one, many; loops in sequence and inside outer loops; an exit that is at
 * once the outer loop's back edge; a do-while whose only block is the header; a call in the body;
 * an exception out of the loop, caught by a caller (in a try followed by another counted loop, or
 * in {@code main}); a loop inside a handler's range (not counted) next to one outside it.
 */
public final class CountedLoopsTarget {

    public static void main(String[] args) {
        long sum = 0;
        int[] data = new int[64];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 37) % 11 - 5;
        }
        for (int round = 0; round < 20; round++) {
            int n = round % 9;   // 0 and 1 iterations too
            sum += sumTo(data, n);
            sum += twoInSequence(data, n);
            sum += triangle(round % 6);
            sum += doWhile(data, n + 1);
            sum += withCall(data, n);
            sum += exitIntoOuterBackEdge(data, round % 5);
            sum += guarded(data, round % 4 == 0 ? 70 : n);
            try {
                sum += unguarded(data, round % 3 == 0 ? 70 : n);
            } catch (ArrayIndexOutOfBoundsException e) {
                sum += 1000;
            }
            sum += inAndOutOfTry(data, n);
        }
        sum += sumTo(new int[200_000], 200_000);
        System.out.println("counted loops " + sum);
    }

    static long sumTo(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i];
        }
        return s;
    }

    static long twoInSequence(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += a[i] * 3L;
        }
        for (int i = n; i > 0; i--) {
            s -= a[i];
        }
        return s;
    }

    /** An inner counted loop run many times by an outer loop with a branch. */
    static long triangle(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                s += (long) i * j;
            }
            if (s % 2 == 0) {
                s++;
            }
        }
        return s;
    }

    static long doWhile(int[] a, int n) {
        long s = a[0];
        int i = 0;
        do {
            s += a[i++];
        } while (i < n);
        return s;
    }

    static long withCall(int[] a, int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            s += Math.abs(a[i]);
        }
        return s;
    }

    /** The inner loop's exit jumps straight to the outer loop's header. */
    static long exitIntoOuterBackEdge(int[] a, int n) {
        long s = 0;
        int i = 0;
        while (i < n) {
            int j = 0;
            i++;
            while (j < i) {
                s += a[j++];
            }
        }
        return s;
    }

    /** A counted loop in the callee may throw; this method catches, then runs a counted loop of its own. */
    static long guarded(int[] a, int n) {
        long s = 0;
        try {
            s += sumTo(a, n);
        } catch (ArrayIndexOutOfBoundsException e) {
            s -= 7;
        }
        for (int i = 0; i < Math.min(n, a.length); i++) {
            s += a[i] ^ 5;
        }
        return s;
    }

    /** The loop may throw, and nothing in this method catches: the caller does. */
    static long unguarded(int[] a, int n) {
        long s = 1;
        for (int i = 0; i < n; i++) {
            s += a[i] * 2L;
        }
        return s;
    }

    static long inAndOutOfTry(int[] a, int n) {
        long s = 0;
        try {
            for (int i = 0; i < n; i++) {
                s += a[i];
            }
        } catch (RuntimeException e) {
            s = -1;
        }
        for (int i = 0; i < n; i++) {
            s += a[n - i];
        }
        return s;
    }
}
