package io.loupe.validation.targets;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * Main returns while two daemon threads are still inside their loops, each parked in a call:
 * one in a loop that repeats one path, one in a loop whose only branch is its header.
 */
public final class DaemonLoopTarget {

    private static final CountDownLatch PARKED = new CountDownLatch(2);
    private static volatile long sink;

    public static void main(String[] args) throws InterruptedException {
        start("run", DaemonLoopTarget::runLoop);
        start("counted", DaemonLoopTarget::countedLoop);
        PARKED.await();
        System.out.println("both parked");
    }

    private static void start(String name, Runnable body) {
        Thread t = new Thread(body, name);
        t.setDaemon(true);
        t.start();
    }

    private static void runLoop() {
        long sum = 0;
        for (int i = 0; ; i++) {
            sum += i;
            if (i == 150_000) {
                sink = sum;
                parkForever();
            }
        }
    }

    private static void countedLoop() {
        for (int i = 0; i < 1_000_000; i++) {
            step(i);
        }
    }

    private static void step(int i) {
        if (i == 250_000) {
            parkForever();
        }
        sink += i;
    }

    private static void parkForever() {
        PARKED.countDown();
        while (true) {
            LockSupport.park();
        }
    }
}
