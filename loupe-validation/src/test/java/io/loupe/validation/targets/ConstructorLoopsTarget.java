package io.loupe.validation.targets;

/**
 * Loops in constructors, where run-length encoding and counted loops may keep path ends pending
 * only after the {@code super(…)} or {@code this(…)} call (the instrumenter's
 * {@code ConstructorBody}): counted and branching loops after the call, in a field initializer,
 * after a {@code this(…)} delegation and in an inner class (which stores its outer instance before
 * the call); an exception out of a constructor's loop, and one thrown while {@code super(…)}'s
 * arguments are evaluated, both caught by the caller; and a loop among {@code super(…)}'s
 * arguments (a {@code switch} expression), which keeps the constructor's path ends undeferred.
 */
public final class ConstructorLoopsTarget {

    static class Base {
        final long seed;

        Base(long seed) {
            this.seed = seed;
        }
    }

    /** A counted loop and a branching loop after {@code super(…)}, and a loop in a field initializer. */
    static final class Sums extends Base {
        final long[] squares = squares(8);
        long total;

        Sums(int[] a, int n) {
            super(a.length);
            for (int i = 0; i < n; i++) {
                total += a[i];
            }
            for (int i = 0; i < n; i++) {
                if ((a[i] & 1) == 0) {
                    total += 3;
                } else {
                    total -= 1;
                }
            }
        }

        /** Delegates, then loops again. */
        Sums(int[] a) {
            this(a, a.length / 2);
            int i = 0;
            do {
                total += a[i] * seed;
                i++;
            } while (i < a.length / 4);
        }

        static long[] squares(int n) {
            long[] s = new long[n];
            for (int i = 0; i < n; i++) {
                s[i] = (long) i * i;
            }
            return s;
        }
    }

    /** Its loop may run past the array, and nothing here catches: the caller does. */
    static final class Throwing extends Base {
        long total;

        Throwing(int[] a, int n) {
            super(n);
            for (int i = 0; i < n; i++) {
                total += a[i] * 2L;
            }
        }
    }

    /** {@code super(…)}'s argument throws before the call when {@code n} is negative. */
    static final class CheckedBase extends Base {
        long total;

        CheckedBase(int[] a, int n) {
            super(check(n));
            for (int i = 0; i < n; i++) {
                total += a[i];
            }
        }

        static long check(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("negative: " + n);
            }
            return n;
        }
    }

    /** A loop among {@code super(…)}'s arguments, before the call: nothing may be deferred here. */
    static final class LoopBeforeSuper extends Base {
        long total;

        LoopBeforeSuper(int[] a, int n) {
            super(switch (n) {
                case 0 -> 1L;
                default -> {
                    long s = 0;
                    for (int i = 0; i < n; i++) {
                        s += a[i];
                    }
                    yield s;
                }
            });
            for (int i = 0; i < n; i++) {
                total += a[i] ^ 3;
            }
        }
    }

    /** An inner class: javac stores the outer instance before {@code super(…)}. */
    final class Inner {
        long total;

        Inner(int n) {
            for (int i = 0; i < n; i++) {
                total += i * offset;
            }
        }
    }

    private final int offset;

    private ConstructorLoopsTarget(int offset) {
        this.offset = offset;
    }

    public static void main(String[] args) {
        int[] data = new int[64];
        for (int i = 0; i < data.length; i++) {
            data[i] = (i * 37) % 11 - 5;
        }
        ConstructorLoopsTarget outer = new ConstructorLoopsTarget(3);
        long sum = 0;
        for (int round = 0; round < 30; round++) {
            int n = round % 9;   // 0 and 1 iterations too
            sum += new Sums(data, n).total;
            sum += new Sums(data).total + new Sums(data).squares[round % 8];
            try {
                sum += new Throwing(data, round % 4 == 0 ? 70 : n).total;
            } catch (ArrayIndexOutOfBoundsException e) {
                sum += 1000;
            }
            try {
                sum += new CheckedBase(data, round % 5 == 0 ? -1 : n).total;
            } catch (IllegalArgumentException e) {
                sum += 100;
            }
            sum += new LoopBeforeSuper(data, n).total;
            sum += outer.new Inner(n).total;
        }
        System.out.println("constructor loops " + sum);
    }
}
