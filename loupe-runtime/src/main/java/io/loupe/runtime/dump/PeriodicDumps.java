package io.loupe.runtime.dump;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.locks.LockSupport;

/**
 * Agent option {@code dumpInterval}: a daemon thread that writes the profile every interval while
 * the program runs, as a live dump without reset ({@link ProfileDumper#dumpLive}): each file holds
 * what was recorded so far (or since the last reset), replacing the one before atomically, so a
 * reader never sees half a profile. The profile written at exit replaces the last.
 */
public final class PeriodicDumps {

    private PeriodicDumps() {
    }

    /** Starts the thread that dumps {@code dumper}'s profile to {@code out} every {@code millis}. */
    public static void start(ProfileDumper dumper, Path out, long millis) {
        Thread t = new Thread(() -> run(dumper, out, millis), "loupe-dump-interval");
        t.setDaemon(true);
        t.start();
    }

    private static void run(ProfileDumper dumper, Path out, long millis) {
        Set<String> reported = new HashSet<>();
        long next = System.nanoTime() + millis * 1_000_000;
        while (true) {
            long wait;
            while ((wait = next - System.nanoTime()) > 0) {
                LockSupport.parkNanos(wait);
            }
            next += millis * 1_000_000;
            try {
                dumper.dumpLive(out, false);
            } catch (Throwable t) {
                if (reported.add(String.valueOf(t))) {   // each problem once, not every interval
                    Warnings.info("could not write the periodic profile " + out + ": " + t);
                }
            }
            long now = System.nanoTime();
            if (next - now < 0) {
                next = now + millis * 1_000_000;   // a dump longer than the interval: the next waits a whole one
            }
        }
    }
}
