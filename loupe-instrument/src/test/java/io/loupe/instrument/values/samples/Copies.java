package io.loupe.instrument.values.samples;

/** Stores of a value a load has just produced, and stores that are not. */
public class Copies {

    int field = 5;

    public static int copies(int[] a, String s, Copies c) {
        int x = a[0];           // a copy of the array site
        char ch = s.charAt(0);  // a copy of the return site
        int f = c.field;        // a copy of the field site
        int y = a[1] + 1;       // computed: its own probe
        int z = a.length > 2 ? a[2] : 7;   // a merge: its own probe
        return x + ch + f + y + z;
    }
}
