package io.loupe.bench.micro;

import io.loupe.runtime.paths.KSlabForest;

/**
 * The k-slab forest alone, in process: what streaming costs per activation for a few shapes of
 * stream that instrumented loops produce, once every transition has been seen (the steady state of
 * a hot loop). No agent and no instrumented code: this isolates the forest's own work from the
 * JIT's treatment of the instrumented program, which the workload harness measures.
 *
 * <ul>
 *   <li>{@code items}: three single path ends per activation (a method whose loop changes path
 *   every iteration);</li>
 *   <li>{@code run-M}: a path end, a run of M ends of one path, another path end (a loop that runs
 *   M iterations of one path per call: a string scanned);</li>
 *   <li>{@code alternating}: five times a run of 20–23 ends, then one end of another path (a loop
 *   that repeats one path between two others, as SciMark's LU does).</li>
 * </ul>
 *
 * Each shape streams 2,000,000 activations of 200 methods (so the memo sees 200 times each
 * transition) in each of 30 rounds; the report is the fastest of the last 20 rounds, in ns per
 * activation. Usage: {@code ForestStreamBench [k]} (default 4).
 */
public final class ForestStreamBench {

    private static final int ACTIVATIONS = 2_000_000;
    private static final int METHODS = 200;
    private static final int ROUNDS = 30;
    private static final int WARM_UP = 10;

    private ForestStreamBench() {
    }

    public static void main(String[] args) {
        int k = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        System.out.printf("k = %d, ns per activation (fastest of %d rounds of %,d)%n", k, ROUNDS - WARM_UP, ACTIVATIONS);
        report("items", k, -1);
        for (int m : new int[] {3, 8, 20, 60}) {
            report("run-" + m, k, m);
        }
        report("alternating", k, 0);
    }

    /** {@code shape}: -1 items, 0 alternating, else the run length. */
    private static void report(String name, int k, int shape) {
        KSlabForest forest = new KSlabForest(k, KSlabForest.MAX_NODES);
        long best = Long.MAX_VALUE;
        long sink = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            for (int a = 0; a < ACTIVATIONS; a++) {
                sink += activation(forest, a % METHODS, a, shape);
            }
            long elapsed = System.nanoTime() - start;
            if (round >= WARM_UP) {
                best = Math.min(best, elapsed);
            }
        }
        // The cursors' sum keeps every call's result live; the item count shows nothing was lost.
        System.out.printf("%-12s %6.1f   (%,d items, cursor sum %x)%n", name, (double) best / ACTIVATIONS,
                forest.items(), sink & 0xff);
    }

    private static long activation(KSlabForest f, int method, int a, int shape) {
        long c = KSlabForest.START;
        if (shape < 0) {
            c = f.step(c, method, 1);
            c = f.step(c, method, 2);
            return f.step(c, method, 3);
        }
        if (shape > 0) {
            c = f.step(c, method, 1);
            c = f.stepRun(c, method, 2, shape);
            return f.step(c, method, 3);
        }
        for (int j = 0; j < 5; j++) {
            c = f.stepRun(c, method, 2, 20 + (a & 3));
            c = f.step(c, method, 4);
        }
        return c;
    }
}
