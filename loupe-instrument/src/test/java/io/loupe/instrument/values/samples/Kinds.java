package io.loupe.instrument.values.samples;

/**
 * Value sites of every kind and type, compiled by javac. Self-contained (only the JDK), so that
 * tests can load an instrumented copy in a class loader of its own.
 */
public class Kinds {

    public static int counter = 3;
    public static String name = "kinds";
    public int value;
    public double weight;

    public Kinds(int value, double weight) {
        this.value = value;
        this.weight = weight;
    }

    /** One parameter and one local of every type. */
    public static long primitives(int i, long l, float f, double d, char c, boolean z, byte b, short s, Object o) {
        int i2 = i + 1;
        long l2 = l * 2;
        float f2 = f / 2;
        double d2 = d - 1;
        char c2 = c;
        boolean z2 = z;
        byte b2 = b;
        short s2 = s;
        Object o2 = o;
        return i2 + l2 + (long) f2 + (long) d2 + c2 + (z2 ? 1 : 0) + b2 + s2 + (o2 == null ? 0 : 1);
    }

    /** Field reads: static and instance, int, double, reference. */
    public int fields() {
        int a = counter;
        double w = this.weight;
        String n = name;
        return a + value + (int) w + n.length();
    }

    /** Array loads of every element type. */
    public static long arrays(int[] i, long[] l, float[] f, double[] d, byte[] b, char[] c, short[] s, boolean[] z,
                              String[] t) {
        return i[0] + l[0] + (long) f[0] + (long) d[0] + b[0] + c[0] + s[0] + (z[0] ? 1 : 0) + t[0].length();
    }

    /** Calls: static, virtual, interface, private (invokespecial), void, and a string concatenation (invokedynamic). */
    public int calls(String s, CharSequence q) {
        int m = Math.max(s.length(), q.length());
        twice(m);
        nothing();
        String joined = s + m;
        return m + joined.length();
    }

    private int twice(int x) {
        return x * 2;
    }

    private static void nothing() {
    }

    /** A loop counter and an accumulator: iinc and a store, both reached from two places. */
    public static int loop(int n) {
        int sum = 0;
        for (int i = 0; i < n; i++) {
            sum += i;
        }
        return sum;
    }

    /** Ternaries: two constants, two parameters. */
    public static int ternary(boolean flag, int a, int b) {
        int t = flag ? 1 : 2;
        int u = flag ? a : b;
        return t + u;
    }

    /** Nulls: a null constant stored, a null parameter passed on. */
    public static Object nulls(Object o) {
        Object x = null;
        if (o != null) {
            x = o;
        }
        return x;
    }

    /** A caught exception stored by its handler. */
    public static int parse(String s) {
        try {
            return Integer.parseInt(s);
        } catch (NumberFormatException e) {
            String message = e.getMessage();
            return message == null ? -1 : -2;
        }
    }
}
