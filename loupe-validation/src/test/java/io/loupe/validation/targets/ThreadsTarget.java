package io.loupe.validation.targets;

import java.util.ArrayList;
import java.util.List;

/** Four threads run the same methods on different inputs at the same time. */
public final class ThreadsTarget {

    public static void main(String[] args) throws InterruptedException {
        long[] results = new long[4];
        List<Thread> threads = new ArrayList<>();
        for (int t = 0; t < 4; t++) {
            int id = t;
            Thread th = new Thread(() -> results[id] = work(id), "worker-" + t);
            threads.add(th);
            th.start();
        }
        for (Thread th : threads) {
            th.join();
        }
        long sum = 0;
        for (long r : results) {
            sum += r;
        }
        System.out.println("threads " + sum);
    }

    static long work(int id) {
        long s = 0;
        for (int i = 0; i < 20_000; i++) {
            s += step(i, id);
        }
        return s;
    }

    static int step(int i, int id) {
        if ((i + id) % 3 == 0) {
            return 1;
        } else if (i % 5 == id) {
            return 2;
        }
        return i % 7 == 0 ? 3 : 0;
    }
}
