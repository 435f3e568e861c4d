package io.loupe.instrument.deps.samples;

import java.util.Arrays;

/** Heap accesses and calls of every kind. */
public class Accesses {

    static int total;
    int count;
    long[] values = new long[4];
    String[][] names = new String[2][2];

    public void fields(Accesses other) {
        count = other.count + 1;
        total += count;
    }

    public long arrays(int[] a, boolean[] flags, String[] s) {
        a[0] = a[1];
        flags[0] = !flags[1];
        values[2] = values[3];
        names[0][1] = s[0];
        return s.length;
    }

    public int[] bulk(int[] a, Object[] o, String[] s) {
        int[] b = new int[a.length];
        System.arraycopy(a, 0, b, 0, a.length);
        Arrays.fill(b, 7);
        Arrays.fill(s, 0, 1, "x");
        Arrays.fill(o, null);
        String[] c = Arrays.copyOf(s, 3);
        long[] d = Arrays.copyOfRange(values, 1, 2);
        int[] e = a.clone();
        return e.length + c.length + d.length > 0 ? e : b;
    }

    public String calls(String s) {
        Runnable r = () -> total++;
        r.run();
        return s.trim() + Math.abs(total) + new StringBuilder().append(s);
    }

    public int throwing(int x) {
        if (x > 0) {
            return x;
        }
        throw new IllegalStateException();
    }
}
