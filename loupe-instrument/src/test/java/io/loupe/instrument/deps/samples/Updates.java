package io.loupe.instrument.deps.samples;

/** Stores that write back an update of the location they read, and stores that only look like one. */
public class Updates {

    static int sum;
    static long product = 1;
    int total;
    int s;
    byte small;
    int[] buf = new int[4];
    Updates next;

    // ---- updates

    public void fieldPlus(Updates acc, int[] a, int i) {
        acc.total += a[i];
    }

    public void histogram(int[] hist, int k, int x) {
        hist[k] += x;
    }

    public void staticSum(int x) {
        sum += x;
    }

    public void staticTimes(long x) {
        product = product * x;
    }

    public void fieldTimes(int x) {
        s = s * x;
    }

    public void commuted(int x) {
        s = x & s;
    }

    public void fieldMinus(int x) {
        s -= x;
    }

    public void doublePlus(double[] d, int i, double x) {
        d[i] += x;
    }

    public void byteField(int x) {
        small += x;
    }

    public void longArrayOr(long[] bits, int w, long mask) {
        bits[w] |= mask;
    }

    public void max(Updates best, int x) {
        best.total = Math.max(best.total, x);
    }

    public void constantIndex(int[] a, int x) {
        a[3] = a[3] ^ x;
    }

    public void sameLocal(Updates x) {
        x.total = x.total + 1;
    }

    // ---- not updates

    public void reassigned(Updates x) {
        x.total = (x = x.next).total + 1;
    }

    public void loadedValueKept(Updates acc, int x) {
        int t;
        acc.total = (t = acc.total) + x;
        sum = t;
    }

    public int resultKept(Updates acc, int x) {
        return acc.total += x;
    }

    public void resultAlsoStored(int[] a, int[] b, int i, int j) {
        b[j] = (a[i] += 1);
    }

    public void minusReversed(int x) {
        s = x - s;
    }

    public void division(int x) {
        s = s / x;
    }

    public void otherField(Updates x) {
        x.total = x.s + 1;
    }

    public void otherObject(Updates x, Updates y) {
        x.total = y.total + 1;
    }

    public void otherIndex(int[] a, int i, int x) {
        a[i] = a[i + 1] + x;
    }

    public void otherArray(int[] a, int[] b, int i) {
        a[i] = b[i] + 1;
    }

    public void localChangedBetween(int[] a, int i) {
        a[i] = a[++i] + 1;
    }

    // ---- array names

    public int names(int n, int[][] grid) {
        int[] tmp = new int[n];
        tmp[0] = n;
        buf[1] = tmp[0];
        grid[1][2] = n;
        return new int[] {n}[0];
    }
}
