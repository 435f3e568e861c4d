package io.loupe.validation.targets;

/**
 * Runs a loop until it prints {@code ready}, then sleeps inside it until a signal stops the JVM:
 * {@code run} (the loop repeats one path) or {@code counted} (a loop whose only branch is its
 * header sleeps in a method it calls).
 */
public final class SignalTarget {

    private static long sum;

    public static void main(String[] args) throws InterruptedException {
        switch (args[0]) {
            case "run" -> {
                for (int i = 0; ; i++) {
                    sum += i;
                    if (i == 200_000) {
                        waitForSignal();
                    }
                }
            }
            case "counted" -> {
                for (int i = 0; i < 1_000_000; i++) {
                    step(i);
                }
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void step(int i) throws InterruptedException {
        if (i == 200_000) {
            waitForSignal();
        }
        sum += i;
    }

    private static void waitForSignal() throws InterruptedException {
        System.out.println("ready " + sum);
        System.out.flush();
        Thread.sleep(600_000);
    }
}
