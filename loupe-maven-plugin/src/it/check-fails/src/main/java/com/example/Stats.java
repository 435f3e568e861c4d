package com.example;

/** Loops whose dependences and paths the plugin's rules guard. */
public final class Stats {

    private Stats() {
    }

    /** Each element scaled: no iteration reads what another wrote (DOALL). */
    public static int[] scale(int[] a, int factor) {
        int[] out = new int[a.length];
        for (int i = 0; i < a.length; i++) {
            out[i] = a[i] * factor;
        }
        return out;
    }

    /** A sum into a local: a reduction, no memory dependence carried. */
    public static long sum(int[] a) {
        long s = 0;
        for (int i = 0; i < a.length; i++) {
            s += a[i];
        }
        return s;
    }

    /** Prefix sums in place: each iteration reads what the one before wrote (blocked). */
    public static void prefix(int[] a) {
        for (int i = 1; i < a.length; i++) {
            a[i] += a[i - 1];
        }
    }

    /** Three paths: below, within, above. */
    public static int clamp(int v, int lo, int hi) {
        if (v < lo) {
            return lo;
        }
        if (v > hi) {
            return hi;
        }
        return v;
    }
}
