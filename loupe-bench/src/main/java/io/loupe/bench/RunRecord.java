package io.loupe.bench;

import java.util.Map;

/**
 * What one child JVM did: one workload under one configuration, in one round.
 *
 * @param workload   the workload's short name
 * @param config     the configuration's short name
 * @param run        the round, from 0; runs with the same round are compared with each other
 * @param wallNanos  wall time of the child process, from start to exit (JVM start-up, agent
 *                   start-up and the profile written at exit included)
 * @param exitCode   the child's exit status
 * @param stdout     everything the child printed on stdout: the driver's checksum line
 * @param peakRssKb  {@code VmHWM} the driver reported, or {@link #ABSENT}
 * @param livePeakBytes the largest live heap the driver sampled ({@code --live-heap}), or {@link #ABSENT}
 * @param liveExitBytes the live heap once the work was done, or {@link #ABSENT}
 * @param mainCpuMillis CPU time of the driver's main thread when its work was done (JVM and agent
 *                   start-up and class loading included), or {@link #ABSENT}
 * @param processCpuMillis CPU time of all the child's threads at that point, or {@link #ABSENT}
 * @param stats      the counters of the profile the agent wrote; empty for {@code none} or when
 *                   no readable profile was written
 * @param status     the verdict on this run
 */
record RunRecord(String workload, String config, int run, long wallNanos, int exitCode, String stdout,
                 long peakRssKb, long livePeakBytes, long liveExitBytes, long mainCpuMillis, long processCpuMillis,
                 Map<String, Long> stats, Status status) {
    static final long ABSENT = -1;

    /** The verdict on one run. */
    enum Status {
        /** Exited normally with the uninstrumented run's checksum line. */
        OK,
        /** Exited normally but printed something else: the profiler changed what the program computed. */
        WRONG,
        /** Did not exit normally, or printed nothing. */
        FAILED
    }

    RunRecord {
        stats = Map.copyOf(stats);
    }

    double wallSeconds() {
        return wallNanos / 1e9;
    }

    /** This run with another verdict. */
    RunRecord with(Status verdict) {
        return new RunRecord(workload, config, run, wallNanos, exitCode, stdout, peakRssKb, livePeakBytes, liveExitBytes,
                mainCpuMillis, processCpuMillis, stats, verdict);
    }

    /** {@link #mainCpuMillis} in seconds, NaN if absent. */
    double mainCpuSeconds() {
        return mainCpuMillis == ABSENT ? Double.NaN : mainCpuMillis / 1e3;
    }

    /** {@link #processCpuMillis} in seconds, NaN if absent. */
    double processCpuSeconds() {
        return processCpuMillis == ABSENT ? Double.NaN : processCpuMillis / 1e3;
    }

    /** Whether the wall time means something: the run got to the end (WRONG runs did too). */
    boolean completed() {
        return status != Status.FAILED;
    }
}
