package io.loupe.bench.micro;

/**
 * Small methods under the agent: what a call of a getter, a one-parameter constructor and a
 * one-parameter static method costs, in ns per call, run with and without
 * {@code -javaagent:…=profile=values,convergent=true}. Such methods have one value site each and
 * no loop, and object-oriented programs call them all the time: under convergent profiling of
 * jackson, eight of the ten sites whose gates ran most were in methods like these (getters like
 * {@code JsonStreamContext.inObject}, and {@code JsonParser.currentName}, which returns a call's
 * result).
 *
 * <p>The methods called are {@link Cell}'s; the loops that call them (one per kind, each
 * compiled with its callee inlined, as a hot caller would) are in this class, which the run
 * excludes from instrumentation, so that only the callees' probes are measured. Each value site
 * sees four values in turn, so that it converges.
 *
 * <p>Run: {@code java -javaagent:loupe-agent/target/loupe-agent.jar=profile=values,convergent=true,exclude=io.loupe.bench.micro.SmallMethodBench
 * -cp loupe-bench/target/classes io.loupe.bench.micro.SmallMethodBench}. The report is the fastest
 * of the last rounds.
 */
public final class SmallMethodBench {

    private static final int LENGTH = 4096;
    private static final int PASSES = 5_000;
    private static final int ROUNDS = 12;
    private static final int WARM_UP = 4;

    private SmallMethodBench() {
    }

    /** A value holder with a getter: one {@code field} site. */
    static final class Cell {
        private final int value;

        Cell(int value) {   // one parameter site
            this.value = value;
        }

        int value() {
            return value;
        }

        static int twice(int x) {   // one parameter site
            return x << 1;
        }
    }

    public static void main(String[] args) {
        Cell[] cells = new Cell[LENGTH];
        for (int i = 0; i < LENGTH; i++) {
            cells[i] = new Cell(i % 4);
        }
        long sink = 0;
        double getter = Double.MAX_VALUE;
        double constructor = Double.MAX_VALUE;
        double statics = Double.MAX_VALUE;
        for (int round = 0; round < ROUNDS; round++) {
            long t0 = System.nanoTime();
            sink += getters(cells);
            long t1 = System.nanoTime();
            sink += constructors();
            long t2 = System.nanoTime();
            sink += statics();
            long t3 = System.nanoTime();
            if (round >= WARM_UP) {
                double calls = (double) LENGTH * PASSES;
                getter = Math.min(getter, (t1 - t0) / calls);
                constructor = Math.min(constructor, (t2 - t1) / calls);
                statics = Math.min(statics, (t3 - t2) / calls);
            }
        }
        System.out.printf("getter %.2f ns, constructor %.2f ns, static %.2f ns per call (checksum %d)%n",
                getter, constructor, statics, sink);
    }

    private static long getters(Cell[] cells) {
        long sum = 0;
        for (int p = 0; p < PASSES; p++) {
            for (Cell c : cells) {
                sum += c.value();
            }
        }
        return sum;
    }

    /** Objects that escape into an array slot, so that the allocation stays. */
    private static long constructors() {
        Cell[] keep = new Cell[16];
        long sum = 0;
        for (int p = 0; p < PASSES; p++) {
            for (int i = 0; i < LENGTH; i++) {
                Cell c = new Cell(i & 3);
                keep[i & 15] = c;
                sum += c.value;
            }
        }
        return sum + keep[3].value;
    }

    private static long statics() {
        long sum = 0;
        for (int p = 0; p < PASSES; p++) {
            for (int i = 0; i < LENGTH; i++) {
                sum += Cell.twice(i & 3);
            }
        }
        return sum;
    }
}
