package io.loupe.instrument.values.samples;

/** Value sites on branches a method may first take only after it went quiet, compiled by javac. */
public final class LateBranches {

    private LateBranches() {
    }

    /** A quiet method (two parameters): a branch of two sites, and the code after it. */
    public static int quietLate(int v, boolean late) {
        if (late) {
            int a = v & 3;
            int b = a + 1;
            return b;
        }
        return v;
    }

    /** Sites that every activation runs, before any branch. */
    public static int straight(int v) {
        int a = v + 1;
        int b = a * 2;
        return b;
    }

    /** With local sites alone, a guarded method: its one probe on a branch. */
    public static int guardedLate(int v, boolean late) {
        if (late) {
            int a = v & 3;
            return a;
        }
        return v;
    }
}
