package io.loupe.validation.targets;

/** Direct and mutual recursion, recursion inside loops: per-activation path state must not mix. */
public final class RecursionTarget {

    public static void main(String[] args) {
        long sum = 0;
        for (int i = 0; i < 12; i++) {
            sum += fib(i);
            sum += isEven(i * 3) ? 1 : 0;
            sum += walk(i % 4, 3);
        }
        System.out.println("recursion " + sum);
    }

    static int fib(int n) {
        if (n < 2) {
            return n;
        }
        return fib(n - 1) + fib(n - 2);
    }

    static boolean isEven(int n) {
        return n == 0 || isOdd(n - 1);
    }

    static boolean isOdd(int n) {
        return n != 0 && isEven(n - 1);
    }

    static int walk(int depth, int width) {
        int s = 1;
        for (int i = 0; i < width; i++) {
            if (depth > 0 && i != 1) {
                s += walk(depth - 1, width);
            } else {
                s += i;
            }
        }
        return s;
    }
}
