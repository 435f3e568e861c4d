package io.loupe.validation.targets;

/**
 * Exceptions everywhere: thrown and caught in the same method, thrown by a callee, escaping
 * methods, out of loops, through finally, rethrown. Paths cut by an exception must be dropped,
 * and handlers must start new paths.
 */
public final class ExceptionsTarget {

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 60; i++) {
            sum += local(i);
            sum += fromCallee(i);
            try {
                sum += escapes(i);
            } catch (IllegalStateException e) {
                sum += 1000;
            }
            sum += outOfLoop(i);
            sum += withFinally(i);
        }
        System.out.println("exceptions " + sum);
    }

    static int local(int i) {
        try {
            if (i % 3 == 0) {
                throw new IllegalArgumentException("x");
            }
            return i;
        } catch (IllegalArgumentException e) {
            return -i;
        }
    }

    static int fromCallee(int i) {
        int s = 0;
        for (int j = 0; j < 4; j++) {
            try {
                s += divide(i, j - i % 4);
            } catch (ArithmeticException e) {
                s -= 7;
            }
        }
        return s;
    }

    static int divide(int a, int b) {
        if (a > 50) {
            a -= 50;
        }
        return a / b;
    }

    static int escapes(int i) {
        int s = 0;
        for (int j = 0; j < i % 5; j++) {
            s += j;
            if (s > 5) {
                throw new IllegalStateException("too big");
            }
        }
        return s;
    }

    static int outOfLoop(int i) {
        int s = 0;
        try {
            while (true) {
                s += check(s + i);
            }
        } catch (RuntimeException e) {
            return s;
        }
    }

    static int check(int v) {
        if (v % 11 == 0 || v > 80) {
            throw new RuntimeException("stop");
        }
        return v % 4 + 1;
    }

    static int withFinally(int i) {
        int s = 1;
        try {
            if (i % 4 == 0) {
                return s;
            }
            s += i;
            if (i % 4 == 1) {
                throw new UnsupportedOperationException();
            }
        } catch (UnsupportedOperationException e) {
            s = -s;
        } finally {
            s *= 2;
        }
        return s;
    }
}
