package io.loupe.validation.targets.trace;

/**
 * Static fields that threads share, each worker started after the one before has ended, so that
 * the run is deterministic: {@code main} stores the settings every worker reads; each worker
 * reads and adds to a running total it leaves for the next one, and counts in a static of its
 * own; {@code main} reads the total after each worker. Every dependence through these statics
 * but the workers' own crosses threads.
 */
public final class SharedStaticsTarget {

    static int rounds;
    static long scale;
    static long total;
    static int calls;

    public static void main(String[] args) throws InterruptedException {
        rounds = 500;
        scale = 3;
        long seen = 0;
        for (int t = 0; t < 3; t++) {
            int id = t;
            Thread th = new Thread(() -> work(id), "worker-" + t);
            th.start();
            th.join();
            seen += total;
        }
        System.out.println("shared statics " + seen + " " + total + " " + calls);
    }

    static void work(int id) {
        for (int i = 0; i < rounds; i++) {
            total += (i + id) * scale;
            calls++;
        }
    }
}
