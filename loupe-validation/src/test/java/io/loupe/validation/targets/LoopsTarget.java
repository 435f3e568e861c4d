package io.loupe.validation.targets;

/** Nested loops, break and continue, do-while, labelled continue: many back edges and loop exits. */
public final class LoopsTarget {

    public static void main(String[] args) {
        long sum = 0;
        for (int round = 0; round < 30; round++) {
            sum += nested(round % 7 + 2);
            sum += collatz(round + 1);
            sum += labelled(round % 5 + 1);
        }
        System.out.println("loops " + sum);
    }

    static long nested(int n) {
        long s = 0;
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < i; j++) {
                if ((i + j) % 3 == 0) {
                    continue;
                }
                s += i * j;
                if (s > 400) {
                    break;
                }
            }
        }
        return s;
    }

    static int collatz(int n) {
        int steps = 0;
        do {
            n = (n % 2 == 0) ? n / 2 : 3 * n + 1;
            steps++;
        } while (n != 1 && steps < 100);
        return steps;
    }

    static int labelled(int n) {
        int found = 0;
        outer:
        for (int i = 2; i < 10 * n; i++) {
            for (int d = 2; d * d <= i; d++) {
                if (i % d == 0) {
                    continue outer;
                }
            }
            found++;
        }
        return found;
    }
}
