package io.loupe.validation.targets.absint;

/**
 * The corner cases of abstract interpretation at loop entry, each loop in a method of its own,
 * with what tracing must report worked out in the comments; the analysis must give exactly the
 * same profile. Loop headers and the call sites a test tells apart are marked {@code // @name};
 * the program prints checksums so a test can tell that profiling did not change what it computes.
 */
public final class AbsintCornersTarget {

    private static final int N = 10;

    private final double[] data;
    private int n;

    private AbsintCornersTarget(double[] data, int n) {
        this.data = data;
        this.n = n;
    }

    public static void main(String[] args) {
        double[] y = ramp(N);
        scale(y, N, 1.5);
        double[] prefix = ramp(N);
        prefixSum(prefix, N);
        double[] shifted = ramp(N);
        shiftLeft(shifted, N);
        double[] interleaved = ramp(2 * N);
        evenOdd(interleaved, N);
        System.out.println("arrays scale=" + sum(y) + " prefix=" + sum(prefix) + " shift=" + sum(shifted)
                + " evenOdd=" + sum(interleaved));

        double[] a = ramp(N + 1);
        double[] b = new double[N + 1];
        copy(b, a, N);                                      // @copyDistinct
        copy(a, a, N);                                      // @copySame
        double[] c = ramp(N + 1);
        double[] d = new double[N + 1];
        shiftedCopy(d, c, N);                               // @shiftedCopyDistinct
        shiftedCopy(c, c, N);                               // @shiftedCopySame
        double[] o0 = ramp(N + 5);
        offsetCopy(o0, N, 0);                               // @offset0
        double[] o1 = ramp(N + 5);
        offsetCopy(o1, N, 1);                               // @offset1
        double[] o5 = ramp(N + 5);
        offsetCopy(o5, N, 5);                               // @offset5
        System.out.println("aliasing copy=" + sum(b) + "," + sum(a) + " shiftedCopy=" + sum(d) + "," + sum(c)
                + " offset=" + sum(o0) + "," + sum(o1) + "," + sum(o5));

        double[][] m = grid(6, 4);
        scaleRows(m, 6, 4);                                 // @rowsDistinct
        m[3] = m[1];
        scaleRows(m, 6, 4);                                 // @rowsAliased
        double[] src = ramp(3);
        double[] dst = new double[N];
        try {
            doubleInto(dst, src, N);                        // @callThrowing
        } catch (ArrayIndexOutOfBoundsException e) {
            System.out.println("caught " + e.getMessage() + " with " + sum(dst) + " written");
        }
        double[] bumped = ramp(N);
        repeat(bumped, N, 4);                               // @callRepeat
        double[][] square = grid(N, N);
        lowerTriangle(square, N);
        double[] longs = ramp(N);
        longCounter(longs, N);
        double[] searched = ramp(N);
        searched[6] = -1;
        untilNegative(searched, N);
        System.out.println("nests rows=" + sum(m[0]) + "," + sum(m[1]) + "," + sum(m[3]) + "," + sum(m[5])
                + " repeat=" + sum(bumped) + " triangle=" + sum2d(square) + " long=" + sum(longs)
                + " break=" + sum(searched));

        AbsintCornersTarget buffer = new AbsintCornersTarget(ramp(N), N);
        buffer.scaleField(2.0);                             // @fieldFull
        buffer.n = N / 2;
        buffer.scaleField(3.0);                             // @fieldHalf
        double[] called = ramp(N);
        withCall(called, N);
        double[] stored = ramp(N);
        withStoringCall(stored, N);
        System.out.println("objects field=" + sum(buffer.data) + " call=" + sum(called)
                + " storingCall=" + sum(stored));
    }

    /** y[i] = y[i] * k: each element read and written by one iteration, nothing carried. */
    static void scale(double[] y, int n, double k) {
        for (int i = 0; i < n; i++) {                       // @scale
            y[i] = y[i] * k;
        }
    }

    /** a[i] = a[i-1] + a[i]: a carried RAW, distance 1. */
    static void prefixSum(double[] a, int n) {
        for (int i = 1; i < n; i++) {                       // @prefixSum
            a[i] = a[i - 1] + a[i];
        }
    }

    /** a[i] = a[i+1]: each iteration overwrites what the previous one read, a carried WAR. */
    static void shiftLeft(double[] a, int n) {
        for (int i = 0; i < n - 1; i++) {                   // @shiftLeft
            a[i] = a[i + 1];
        }
    }

    /** a[2i] = a[2i+1]: stores to the even elements, loads from the odd ones, no dependence at all. */
    static void evenOdd(double[] a, int n) {
        for (int i = 0; i < n; i++) {                       // @evenOdd
            a[2 * i] = a[2 * i + 1];
        }
    }

    /** dst[i] = src[i]: nothing carried with two arrays; one array, an intra-iteration WAR only. */
    static void copy(double[] dst, double[] src, int n) {
        for (int i = 0; i < n; i++) {                       // @copy
            dst[i] = src[i];
        }
    }

    /** dst[i+1] = src[i]: nothing carried with two arrays; one array, a carried RAW, distance 1. */
    static void shiftedCopy(double[] dst, double[] src, int n) {
        for (int i = 0; i < n; i++) {                       // @shiftedCopy
            dst[i + 1] = src[i];
        }
    }

    /**
     * a[i+off] = a[i] over an array of n + 5: off = 0 carries nothing (an intra-iteration WAR);
     * off = 1 a RAW at distance 1, every iteration after the first; off = 5 a RAW at distance 5.
     */
    static void offsetCopy(double[] a, int n, int off) {
        for (int i = 0; i < n; i++) {                       // @offsetCopy
            a[i + off] = a[i];
        }
    }

    /**
     * m[i][j] = m[i][j] * 0.5 + i, row by row: distinct rows carry nothing on either loop; once
     * row 3 is row 1's array, iteration 3 of the row loop reads and rewrites what iteration 1 wrote:
     * RAW and WAW carried by the row loop (distance 2), none by the column loop. (No WAR is carried:
     * each read is followed by its own iteration's store.)
     */
    static void scaleRows(double[][] m, int rows, int cols) {
        for (int i = 0; i < rows; i++) {                    // @scaleRowsI
            for (int j = 0; j < cols; j++) {                // @scaleRowsJ
                m[i][j] = m[i][j] * 0.5 + i;
            }
        }
    }

    /** dst[i] = 2 * src[i] with src shorter than n: the load of src[3] throws, after three iterations. */
    static void doubleInto(double[] dst, double[] src, int n) {
        for (int i = 0; i < n; i++) {                       // @throwing
            dst[i] = 2 * src[i];
        }
    }

    /** Calls bump on one array again and again: the repeat loop carries RAW and WAW through it. */
    static void repeat(double[] a, int n, int times) {
        for (int r = 0; r < times; r++) {                   // @repeatLoop
            bump(a, n);                                     // @callBump
        }
    }

    /** a[i] = a[i] + 1: nothing carried within one call. */
    static void bump(double[] a, int n) {
        for (int i = 0; i < n; i++) {                       // @bump
            a[i] = a[i] + 1;
        }
    }

    /**
     * m[i][j] = m[i][j] * 0.5 + m[j][i] for j <= i, the inner bound the outer variable: writes the
     * lower triangle, reads the upper one (never written) and the diagonal (in its own iteration).
     */
    static void lowerTriangle(double[][] m, int n) {
        for (int i = 0; i < n; i++) {                       // @triangleI
            for (int j = 0; j <= i; j++) {                  // @triangleJ
                m[i][j] = m[i][j] * 0.5 + m[j][i];
            }
        }
    }

    /** A loop over a long counter, the index narrowed to int: nothing carried. */
    static void longCounter(double[] a, long n) {
        for (long i = 0; i < n; i++) {                      // @longCounter
            a[(int) i] = a[(int) i] + i;
        }
    }

    /** Doubles elements until the first negative one (at 6 here), left by a break. */
    static void untilNegative(double[] a, int n) {
        for (int i = 0; i < n; i++) {                       // @breakLoop
            if (a[i] < 0) {
                break;
            }
            a[i] = a[i] * 2;
        }
    }

    /** The bound and the array are fields of this object, read every iteration; the field reads carry nothing. */
    void scaleField(double k) {
        for (int i = 0; i < this.n; i++) {                  // @fieldBound
            this.data[i] = this.data[i] * k;
        }
    }

    /** a[i] = weight(a[i], i): a call to a method that touches no memory, nothing carried. */
    static void withCall(double[] a, int n) {
        for (int i = 0; i < n; i++) {                       // @callInLoop
            a[i] = weight(a[i], i);                         // @callWeight
        }
    }

    static double weight(double x, int i) {
        return x * 0.5 + i;
    }

    /** store(a, i+1, 2 * a[i]): the store in the callee carries a RAW to the next iteration's load. */
    static void withStoringCall(double[] a, int n) {
        for (int i = 0; i < n - 1; i++) {                   // @storingCallLoop
            store(a, i + 1, 2 * a[i]);                      // @callStore
        }
    }

    static void store(double[] a, int i, double v) {
        a[i] = v;                                           // @storeInCallee
    }

    // ---- initial values and checksums ----

    /** a[i] = i + 1. */
    static double[] ramp(int n) {
        double[] a = new double[n];
        for (int i = 0; i < n; i++) {                       // @ramp
            a[i] = i + 1;
        }
        return a;
    }

    /** m[i][j] = ((i * (j + 1) + 1) % 7) / 7. */
    static double[][] grid(int rows, int cols) {
        double[][] m = new double[rows][cols];
        for (int i = 0; i < rows; i++) {                    // @gridRows
            for (int j = 0; j < cols; j++) {                // @gridCols
                m[i][j] = (double) ((i * (j + 1) + 1) % 7) / 7;
            }
        }
        return m;
    }

    static double sum(double[] v) {
        double s = 0;
        for (int i = 0; i < v.length; i++) {                // @sum
            s += v[i];
        }
        return s;
    }

    static double sum2d(double[][] m) {
        double s = 0;
        for (int i = 0; i < m.length; i++) {                // @sum2d
            s += sum(m[i]);
        }
        return s;
    }
}
