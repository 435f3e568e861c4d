package io.loupe.validation.targets;

/**
 * Main returns while a daemon thread named {@code spinner} is running a loop that calls nothing,
 * so the profile is written while that thread runs its own code.
 */
public final class SpinningDaemonTarget {

    private static volatile boolean spinning;
    private static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        Thread t = new Thread(SpinningDaemonTarget::spin, "spinner");
        t.setDaemon(true);
        t.start();
        while (!spinning) {
            Thread.onSpinWait();
        }
        System.out.println("spinning");
    }

    private static void spin() {
        spinning = true;
        long x = 0;
        for (long i = 0; ; i++) {
            x += i;
            if ((i & 0xffff) == 0) {
                sink = x;
            }
        }
    }
}
