package io.loupe.validation.targets.deps;

import java.util.Arrays;

/**
 * Loops whose memory dependences are known by construction, each in a method of its own. Lines
 * marked {@code // @name} are looked up by the test; the program prints a checksum so the test can
 * tell that profiling did not change what it computes.
 */
public final class KernelsTarget {

    private static final int N = 64;
    private long total;

    public static void main(String[] args) {
        KernelsTarget k = new KernelsTarget();
        long sum = 0;
        int[] a = ramp(N);
        sum += k.recurrence(a.clone());
        sum += k.localReduction(a);
        sum += k.fieldReduction(a);
        sum += k.privatized(a);
        int[] perm = new int[N];
        int[] dup = new int[N];
        for (int i = 0; i < N; i++) {
            perm[i] = (i * 7) % N;              // 7 is prime to 64: a permutation
            dup[i] = i / 2;                     // every target twice
        }
        sum += k.scatter(perm, a);              // @scatterPerm
        sum += k.scatter(dup, a);               // @scatterDup
        sum += k.stencil2d(6, 8);
        int[] b = ramp(N);
        int[] c = new int[N];
        sum += k.shift(b, c);                   // @shiftDistinct
        sum += k.shift(b, b);                   // @shiftSame
        sum += k.escaping(a);
        sum += k.recursiveSum(a, 0);
        sum += k.bulk(ramp(N));
        System.out.println("checksum " + sum + " " + k.total);
    }

    static int[] ramp(int n) {
        int[] a = new int[n];
        for (int i = 0; i < n; i++) {           // @ramp
            a[i] = i;
        }
        return a;
    }

    /** a[i] depends on a[i-1]: a carried RAW. */
    long recurrence(int[] a) {
        for (int i = 1; i < a.length; i++) {    // @recurrence
            a[i] = a[i - 1] + a[i];
        }
        return a[a.length - 1];
    }

    /** A sum in a local: no memory dependence (the register analysis calls s a reduction). */
    long localReduction(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {    // @localReduction
            s += a[i];
        }
        return s;
    }

    /** A sum in a field: RAW, WAR and WAW on the field, carried. */
    long fieldReduction(int[] a) {
        total = 0;
        for (int i = 0; i < a.length; i++) {    // @fieldReduction
            total += a[i];
        }
        return total;
    }

    /** A temporary in one array element, reused every iteration: only WAR and WAW are carried. */
    long privatized(int[] a) {
        int[] tmp = new int[1];
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {    // @privatized
            tmp[0] = a[i] * 3;
            out[i] = tmp[0] + 1;
        }
        return out[a.length - 1];
    }

    /** out[index[i]] = a[i]: through a permutation no two iterations write one element; with duplicates WAW. */
    long scatter(int[] index, int[] a) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {    // @scatter
            out[index[i]] = a[i];
        }
        return out[0] + out[a.length / 2];
    }

    /** m[i][j] = m[i-1][j] + 1: the row loop carries a RAW, the column loop none. */
    long stencil2d(int rows, int cols) {
        int[][] m = new int[rows][cols];
        for (int i = 1; i < rows; i++) {        // @rows
            for (int j = 0; j < cols; j++) {    // @cols
                m[i][j] = m[i - 1][j] + 1;
            }
        }
        return m[rows - 1][cols - 1];
    }

    /**
     * dst[i] = src[i + 1]: parallelizable when dst and src are different arrays, a carried WAR
     * when they are the same (each iteration overwrites what the previous one read).
     */
    long shift(int[] src, int[] dst) {
        for (int i = 0; i + 1 < src.length; i++) {   // @shift
            dst[i] = src[i + 1];
        }
        return dst[0];
    }

    /**
     * An inner loop left by an exception every outer iteration, caught inside the outer loop: the
     * outer loop's accumulator in a one-element array carries a RAW; the inner loop's accesses to
     * it after the catch must still be seen in the outer loop's iterations.
     */
    long escaping(int[] a) {
        int[] acc = new int[1];
        for (int i = 0; i < 8; i++) {           // @outerCatch
            try {
                for (int j = 0; j <= i; j++) {  // @innerThrow
                    if (j == i) {
                        throw new IllegalStateException("stop at " + j);
                    }
                    acc[0] += a[j];             // @accInner
                }
            } catch (IllegalStateException e) {
                acc[0] += 1;                    // @accCatch
            }
        }
        return acc[0];
    }

    /** Recursion: each activation reads the element its caller's caller wrote. */
    long recursiveSum(int[] a, int i) {
        if (i == a.length) {
            return 0;
        }
        total = total + a[i];                   // @recursion
        return a[i] + recursiveSum(a, i + 1);
    }

    /** System.arraycopy within one array, then a loop that reads what the copy wrote. */
    long bulk(int[] a) {
        System.arraycopy(a, 0, a, 1, a.length - 1);   // @arraycopy
        Arrays.fill(a, 0, 4, 7);                       // @fill
        long s = 0;
        for (int i = 0; i < a.length; i++) {           // @afterBulk
            s += a[i];                                 // @readBulk
        }
        return s;
    }
}
