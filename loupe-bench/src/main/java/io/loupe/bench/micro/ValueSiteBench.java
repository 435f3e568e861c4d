package io.loupe.bench.micro;

import io.loupe.runtime.values.SiteRecorder;
import io.loupe.runtime.values.ValueConfig;
import io.loupe.runtime.values.ValueProfiler;
import io.loupe.runtime.values.ValueSiteRegistry;
import io.loupe.runtime.values.Values;

/**
 * Value sites alone, in process: what a site execution costs under full and under convergent
 * profiling, for three kinds of value stream, in a loop shaped like an instrumented kernel (eight
 * sites per iteration, each fed by an array read, as an instrumented loop body passes what it just
 * loaded). No agent: the loop calls {@code Values} as a probe does.
 *
 * <ul>
 *   <li>{@code repeat}: each site sees one value over and over (a field of an object that does not
 *   change, a loop bound);</li>
 *   <li>{@code few}: each site cycles through four values (a small enum, a switch selector);</li>
 *   <li>{@code many}: each site sees a new value almost every time (array elements of a numeric
 *   kernel; the table is full and its last entry keeps being replaced).</li>
 * </ul>
 *
 * Run it with the runtime on the boot class path, as the agent puts it there, so that the JDK's
 * {@code @DontInline} on the slow paths is honoured:
 * {@code java -Xbootclasspath/a:loupe-runtime/target/classes:loupe-data/target/classes
 * -cp loupe-bench/target/classes io.loupe.bench.micro.ValueSiteBench [full|convergent|none]}. The
 * report is the fastest of the last rounds, in ns per site execution.
 */
public final class ValueSiteBench {

    private static final int SITES = 8;
    private static final int LENGTH = 4096;
    private static final int PASSES = 2_000;
    private static final int ROUNDS = 15;
    private static final int WARM_UP = 5;

    private ValueSiteBench() {
    }

    public static void main(String[] args) {
        String mode = args.length > 0 ? args[0] : "full";
        if (!mode.equals("full") && !mode.equals("convergent") && !mode.equals("none")) {
            throw new IllegalArgumentException("mode must be full, convergent or none, got " + mode);
        }
        ValueConfig d = ValueConfig.DEFAULTS;
        ValueProfiler.configure(new ValueConfig(d.tableSize(), d.topN(), d.clearInterval(), mode.equals("convergent"),
                d.criterion(), d.interval(), d.recheck(), d.increaseBound(), d.decreaseBound(), d.backoff()));
        System.out.printf("%s profiling, ns per site execution (fastest of %d rounds of %,d)%n", mode,
                ROUNDS - WARM_UP, (long) SITES * LENGTH * PASSES);
        report(mode, "repeat", stream(1));
        report(mode, "few", stream(4));
        report(mode, "many", stream(0));
    }

    /** Values with {@code distinct} different ones in a cycle, or all different for 0. */
    private static long[] stream(int distinct) {
        long[] values = new long[LENGTH + SITES];
        long x = 0x9E3779B97F4A7C15L;
        for (int i = 0; i < values.length; i++) {
            x ^= x << 13;
            x ^= x >>> 7;
            x ^= x << 17;
            values[i] = distinct == 0 ? x : i % distinct;
        }
        return values;
    }

    private static void report(String mode, String name, long[] values) {
        int first = ValueSiteRegistry.reserve(SITES);
        double best = Double.MAX_VALUE;
        long sink = 0;
        for (int round = 0; round < ROUNDS; round++) {
            long start = System.nanoTime();
            for (int pass = 0; pass < PASSES; pass++) {
                sink += switch (mode) {
                    case "full" -> full(values, Values.recorders(first, first + SITES), first);
                    case "convergent" -> gated(values, Values.recorders(first, first + SITES), first);
                    default -> plain(values);
                };
            }
            double ns = (System.nanoTime() - start) / ((double) SITES * LENGTH * PASSES);
            if (round >= WARM_UP) {
                best = Math.min(best, ns);
            }
        }
        System.out.printf("  %-7s %6.2f ns   (%d)%n", name, best, sink & 1);
    }

    private static long plain(long[] v) {
        long s = 0;
        for (int i = 0; i < LENGTH; i++) {
            s += v[i] ^ v[i + 1] ^ v[i + 2] ^ v[i + 3] ^ v[i + 4] ^ v[i + 5] ^ v[i + 6] ^ v[i + 7];
        }
        return s;
    }

    // full and gated differ only in the probe they call: each must be a static call of its own
    // for the JIT to inline it as it does in instrumented code, so the loop is written twice.
    private static long full(long[] v, SiteRecorder[] rs, int f) {
        long s = 0;
        for (int i = 0; i < LENGTH; i++) {
            long a = v[i];
            Values.fullLong(a, rs, f);
            long b = v[i + 1];
            Values.fullLong(b, rs, f + 1);
            long c = v[i + 2];
            Values.fullLong(c, rs, f + 2);
            long d = v[i + 3];
            Values.fullLong(d, rs, f + 3);
            long e = v[i + 4];
            Values.fullLong(e, rs, f + 4);
            long g = v[i + 5];
            Values.fullLong(g, rs, f + 5);
            long h = v[i + 6];
            Values.fullLong(h, rs, f + 6);
            long k = v[i + 7];
            Values.fullLong(k, rs, f + 7);
            s += a ^ b ^ c ^ d ^ e ^ g ^ h ^ k;
        }
        return s;
    }

    private static long gated(long[] v, SiteRecorder[] rs, int f) {
        long s = 0;
        for (int i = 0; i < LENGTH; i++) {
            long a = v[i];
            Values.onLong(a, rs, f);
            long b = v[i + 1];
            Values.onLong(b, rs, f + 1);
            long c = v[i + 2];
            Values.onLong(c, rs, f + 2);
            long d = v[i + 3];
            Values.onLong(d, rs, f + 3);
            long e = v[i + 4];
            Values.onLong(e, rs, f + 4);
            long g = v[i + 5];
            Values.onLong(g, rs, f + 5);
            long h = v[i + 6];
            Values.onLong(h, rs, f + 6);
            long k = v[i + 7];
            Values.onLong(k, rs, f + 7);
            s += a ^ b ^ c ^ d ^ e ^ g ^ h ^ k;
        }
        return s;
    }
}
