package io.loupe.validation.targets.trace;

/**
 * Static fields that threads share, each worker started after the one before has ended, so that
 * the run is deterministic: {@code main} stores the settings every worker reads; each worker
 * reads and adds to a running total it leaves for the next one, and counts in a static of its
 * own; {@code main} reads the total after each worker. Every dependence through these statics
 * but the workers' own crosses threads. Before, two classes are initialized by an access from
 * outside, a load and a store, whose probes run before the initializer.
 */
public final class SharedStaticsTarget {

    static int rounds;
    static long scale;
    static long total;
    static int calls;

    /** Initialized by the first access from outside, a load. */
    static final class Settings {
        static int base = 40;
        static int twice;

        static {
            twice = base * 2;
        }
    }

    /** Initialized by the first access from outside, a store. */
    static final class Counter {
        static int count = 1;
    }

    public static void main(String[] args) throws InterruptedException {
        int base = Settings.base;           // getstatic: Settings.<clinit> runs first
        Counter.count = base;               // putstatic: Counter.<clinit> runs first
        rounds = 500 + Settings.twice + Counter.count - 2 * base - base;
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
