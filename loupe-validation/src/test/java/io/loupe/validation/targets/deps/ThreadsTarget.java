package io.loupe.validation.targets.deps;

/**
 * Two threads write disjoint halves of a shared array in a loop; the main thread then reads it
 * all. The writers' loops are parallelizable; the main thread's reads depend on the writers'
 * stores across threads, which must be reported as cross-thread, never as carried by a loop.
 */
public final class ThreadsTarget {

    public static void main(String[] args) throws InterruptedException {
        int[] shared = new int[1000];
        Thread[] ts = new Thread[2];
        for (int t = 0; t < ts.length; t++) {
            int from = t * 500;
            ts[t] = new Thread(() -> fill(shared, from, from + 500));
            ts[t].start();
        }
        for (Thread t : ts) {
            t.join();
        }
        long s = 0;
        for (int i = 0; i < shared.length; i++) {   // @read
            s += shared[i];                         // @readElement
        }
        System.out.println("sum " + s);
    }

    static void fill(int[] a, int from, int to) {
        for (int i = from; i < to; i++) {           // @write
            a[i] = i * 2;                           // @writeElement
        }
    }
}
