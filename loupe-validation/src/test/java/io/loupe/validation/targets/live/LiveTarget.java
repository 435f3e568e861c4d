package io.loupe.validation.targets.live;

/**
 * Three threads that keep working while Loupe dumps their profile ({@code LiveDumpValidationTest}):
 * each runs {@code rounds} rounds of a loop over its own array, whose iterations depend on the one
 * before through the array (a dependence carried at distance 1), whose branches take paths in a
 * fixed rhythm and whose call passes a value that is invariant per thread. The work is the same
 * in every run, however the threads interleave and whenever they are dumped, so a run's counts
 * are the reference for another's. Prints {@code running} once the threads have started.
 */
public final class LiveTarget {

    public static void main(String[] args) throws InterruptedException {
        int rounds = Integer.parseInt(args[0]);
        int threads = 3;
        long[] results = new long[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int id = t;
            workers[t] = new Thread(() -> {
                int[] a = new int[512];
                long sum = 0;
                for (int r = 0; r < rounds; r++) {
                    sum += work(a, id, r);
                }
                results[id] = sum;
            }, "live-worker-" + t);
            workers[t].start();
        }
        System.out.println("running");
        System.out.flush();
        for (Thread w : workers) {
            w.join();
        }
        long total = 0;
        for (long r : results) {
            total += r;
        }
        System.out.println("total " + total);
    }

    static long work(int[] a, int id, int round) {
        long acc = 0;
        for (int i = 1; i < a.length; i++) {
            int v = a[i - 1] + (i ^ round) % 7;
            if ((i + id) % 3 == 0) {
                acc += v;
            } else {
                acc -= scale(v, id);
            }
            a[i] = v & 1023;
        }
        return acc;
    }

    static int scale(int v, int id) {
        return id == 1 ? v * 3 : v >> 1;
    }
}
