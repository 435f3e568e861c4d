package io.loupe.validation.targets.trace;

/**
 * A caller that runs as long as the program, below {@code main}: a server's request loop. Each
 * iteration calls a handler at the top of its body and, on some iterations, a logger behind an
 * {@code if}; the handler calls a helper twice. The path from the loop's header to each call is
 * the only one, so the replay can hand each callee out as it runs rather than hold them all until
 * the loop's method returns.
 */
public final class LongRunningCallerTarget {

    private long logged;

    public static void main(String[] args) {
        LongRunningCallerTarget server = new LongRunningCallerTarget();
        long total = server.serve(20_000);
        System.out.println("served " + total + " logged " + server.logged);
    }

    long serve(int requests) {
        long sum = 0;
        for (int i = 0; i < requests; i++) {
            sum += handle(i);
            if (i % 7 == 0) {
                log(sum);
            }
        }
        return sum;
    }

    static long handle(int request) {
        return step(request) + step(request + 1);
    }

    static long step(int x) {
        return x % 3 == 0 ? x * 2L : x + 1L;
    }

    void log(long value) {
        logged += value & 0xff;
    }
}
