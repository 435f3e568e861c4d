package io.loupe.validation.targets;

/**
 * Calls {@code System.exit(3)} from inside a loop, in the way its argument names: {@code run}
 * (main's loop repeats one path 499,999 times, then calls exit), {@code counted} (a loop whose
 * only branch is its header calls a method that exits at its 300,000th call) or {@code nested}
 * (such a counted loop inside a loop that repeats one path). The loops' path ends are pending in
 * main's locals when exit is called.
 */
public final class ExitInLoopTarget {

    private static long sum;

    public static void main(String[] args) {
        switch (args[0]) {
            case "run" -> {
                for (int i = 0; ; i++) {
                    sum += i;
                    if (i == 499_999) {
                        exit();
                    }
                }
            }
            case "counted" -> {
                for (int i = 0; i < 1_000_000; i++) {
                    step(i);
                }
            }
            case "nested" -> {
                for (int j = 0; j < 1_000; j++) {
                    sum += j;
                    for (int i = 0; i < 1_000; i++) {
                        step(j * 1_000 + i);
                    }
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void step(int i) {
        if (i == 300_000) {
            exit();
        }
        sum += i;
    }

    private static void exit() {
        System.out.println("sum " + sum);
        System.exit(3);
    }
}
