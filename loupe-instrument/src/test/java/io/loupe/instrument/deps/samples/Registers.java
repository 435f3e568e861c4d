package io.loupe.instrument.deps.samples;

/** Loops whose local variables carry values from one iteration to the next, or do not. */
public class Registers {

    public static long sum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    public static double product(double[] a) {
        double prod = 1;
        for (double x : a) {
            prod *= x;
        }
        return prod;
    }

    public static int max(int[] a) {
        int max = Integer.MIN_VALUE;
        for (int i = 0; i < a.length; i += 2) {
            max = Math.max(max, a[i]);
        }
        return max;
    }

    public static int bits(int[] a, int step) {
        int and = -1;
        int or = 0;
        int xor = 0;
        for (int i = a.length - 1; i >= 0; i -= step) {
            and &= a[i];
            or = a[i] | or;
            xor ^= a[i] * 3;
        }
        return and + or + xor;
    }

    public static int differences(int[] a) {
        int prev = 0;
        int cur = 0;
        int d = 0;
        for (int i = 0; i < a.length; i++) {
            d += cur - prev;
            prev = cur;
            cur = a[i];
        }
        return d;
    }

    public static int temporary(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            int t = a[i] * 2;
            s -= t;
        }
        return s;
    }

    public static int readElsewhere(int[] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
            a[i] = s;
        }
        return s;
    }

    public static int selfInOperand(int[] a) {
        int s = 1;
        for (int i = 0; i < a.length; i++) {
            s += s * a[i];
        }
        return s;
    }

    public static int variantStep(int n) {
        int k = 0;
        int step = 1;
        for (int i = 0; i < n; i++) {
            k += step;
            step *= 2;
        }
        return k;
    }

    public static int nested(int[][] a) {
        int s = 0;
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[i].length; j++) {
                s += a[i][j];
            }
        }
        return s;
    }

    public static int narrowing(byte[] a, double w) {
        int s = 0;
        short c = 0;
        for (int i = 0; i < a.length; i++) {
            s += w;
            c += a[i];
        }
        return s + c;
    }
}
