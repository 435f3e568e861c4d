package io.loupe.instrument.values.samples;

/** Constructors, a static initializer, casts, allocations and chained assignments, compiled by javac. */
public class Shapes {

    public static final int[] SQUARES;

    static {
        int[] squares = new int[5];
        for (int i = 0; i < squares.length; i++) {
            squares[i] = i * i;
        }
        SQUARES = squares;
    }

    public final int x;
    public final int y;

    public Shapes(int x, int y) {
        super();
        this.x = x;
        this.y = y;
    }

    /** A parameter computed by a call before {@code this(…)}. */
    public Shapes(int side) {
        this(twice(side), side);
    }

    public static int twice(int v) {
        return v + v;
    }

    /** Producers: copy, cast, instanceof, new, conversion, length, shift, logic, compare, chained stores. */
    public static long producers(Object o, int[] a, long l, double d) {
        Object copy = o;
        String s = (String) o;
        boolean isString = o instanceof String;
        Object fresh = new Object();
        long widened = a[0];
        int length = a.length;
        int shifted = length << 2;
        int masked = shifted & 0xff;
        int cmp = Long.compare(l, widened);
        boolean below = d < 1.5;
        int p;
        int q = p = 7;
        float product = (float) d * 3f;
        double quotient = d / 3;
        long quot = l / 3;
        long prod = l * l;
        return (copy == null ? 0 : 1) + s.length() + (isString ? 1 : 0) + fresh.hashCode() + widened + masked + cmp
                + (below ? 1 : 0) + p + q + (long) product + (long) quotient + quot + prod;
    }

    /** An expression deeper than formulas go. */
    public static int deep(int a) {
        int r = ((((((((a + 1) * 2) + 3) * 4) + 5) * 6) + 7) * 8) + 9;
        return r;
    }

    /** A parameter overwritten on one path: its entry value and the store both reach the use. */
    public static int reassigned(int a, boolean reset) {
        if (reset) {
            a = 0;
        }
        int b = a;
        return b;
    }
}
