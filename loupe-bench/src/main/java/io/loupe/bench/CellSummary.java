package io.loupe.bench;

import io.loupe.bench.RunRecord.Status;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

/**
 * One cell of the results: a workload under a configuration, summarised over its runs.
 *
 * @param workload        the workload's short name
 * @param config          the configuration's short name
 * @param runs            how many runs were made
 * @param wrong           how many of them printed a different checksum line
 * @param failed          how many did not complete
 * @param medianWall      median wall time in seconds over completed runs
 * @param medianRatio     median over rounds of wall time / the uninstrumented wall time of the
 *                        same round (rounds where either did not complete are left out)
 * @param ratioOfMedians  median wall time / the uninstrumented median wall time
 * @param peakRssKb       the largest peak RSS reported, or {@link RunRecord#ABSENT}
 * @param livePeakBytes   the largest live heap sampled, or {@link RunRecord#ABSENT}
 * @param liveExitBytes   the median live heap at the end of the work, or {@link RunRecord#ABSENT}
 * @param medianMainCpu   median CPU seconds of the main thread (see {@link RunRecord}) over the runs that reported it
 * @param medianProcessCpu median CPU seconds of the whole process over the runs that reported it
 * @param mainCpuRatio    median over rounds of the main thread's CPU time / the uninstrumented
 *                        run's of the same round: an estimate of the slowdown on a machine whose
 *                        spare cores run the JIT compilers and the collector beside the program
 * @param counters        median of each {@link ProfileCounters#REPORTED} counter over the runs
 *                        whose profile had it; counters no run had are missing
 */
record CellSummary(String workload, String config, int runs, int wrong, int failed,
                   OptionalDouble medianWall, OptionalDouble medianRatio, OptionalDouble ratioOfMedians,
                   long peakRssKb, long livePeakBytes, long liveExitBytes,
                   OptionalDouble medianMainCpu, OptionalDouble medianProcessCpu, OptionalDouble mainCpuRatio,
                   Map<String, Long> counters) {

    /**
     * Summarises {@code cell} (the runs of one workload under one configuration) against
     * {@code baseline} (the uninstrumented runs of the same workload), pairing runs by round; or
     * without ratios when {@code baseline} is null.
     */
    static CellSummary of(List<RunRecord> cell, List<RunRecord> baseline) {
        RunRecord first = cell.get(0);
        int rounds = cell.stream().mapToInt(RunRecord::run).max().orElseThrow() + 1;
        double[] walls = byRound(cell, rounds, RunRecord::wallSeconds);
        double[] mainCpu = byRound(cell, rounds, RunRecord::mainCpuSeconds);
        OptionalDouble medianWall = Statistics.median(Statistics.present(walls));
        OptionalDouble medianRatio = OptionalDouble.empty();
        OptionalDouble ratioOfMedians = OptionalDouble.empty();
        OptionalDouble mainCpuRatio = OptionalDouble.empty();
        if (baseline != null && !baseline.isEmpty()) {
            medianRatio = Statistics.median(Statistics.ratios(walls, byRound(baseline, rounds, RunRecord::wallSeconds)));
            mainCpuRatio = Statistics.median(Statistics.ratios(mainCpu, byRound(baseline, rounds, RunRecord::mainCpuSeconds)));
            OptionalDouble baseMedian = Statistics.median(baseline.stream()
                    .filter(RunRecord::completed).mapToDouble(RunRecord::wallSeconds).toArray());
            if (medianWall.isPresent() && baseMedian.isPresent() && baseMedian.getAsDouble() > 0) {
                ratioOfMedians = OptionalDouble.of(medianWall.getAsDouble() / baseMedian.getAsDouble());
            }
        }
        long peak = cell.stream().mapToLong(RunRecord::peakRssKb).max().orElse(RunRecord.ABSENT);
        long livePeak = cell.stream().mapToLong(RunRecord::livePeakBytes).max().orElse(RunRecord.ABSENT);
        OptionalDouble liveExit = Statistics.median(cell.stream().mapToLong(RunRecord::liveExitBytes)
                .filter(b -> b != RunRecord.ABSENT).asDoubleStream().toArray());
        return new CellSummary(first.workload(), first.config(), cell.size(),
                count(cell, Status.WRONG), count(cell, Status.FAILED),
                medianWall, medianRatio, ratioOfMedians, peak, livePeak,
                liveExit.isPresent() ? Math.round(liveExit.getAsDouble()) : RunRecord.ABSENT,
                Statistics.median(Statistics.present(mainCpu)),
                Statistics.median(Statistics.present(byRound(cell, rounds, RunRecord::processCpuSeconds))),
                mainCpuRatio, counters(cell));
    }

    boolean allOk() {
        return wrong == 0 && failed == 0;
    }

    /** {@code measure} of each completed run, indexed by round; NaN for rounds without one (or where it is NaN). */
    private static double[] byRound(List<RunRecord> runs, int rounds, ToDoubleFunction<RunRecord> measure) {
        double[] values = new double[rounds];
        Arrays.fill(values, Double.NaN);
        for (RunRecord run : runs) {
            if (run.run() < rounds && run.completed()) {
                values[run.run()] = measure.applyAsDouble(run);
            }
        }
        return values;
    }

    private static int count(List<RunRecord> runs, Status status) {
        return (int) runs.stream().filter(r -> r.status() == status).count();
    }

    private static Map<String, Long> counters(List<RunRecord> runs) {
        var medians = new LinkedHashMap<String, Long>();
        for (String key : ProfileCounters.REPORTED) {
            double[] values = runs.stream().filter(r -> r.stats().containsKey(key))
                    .mapToDouble(r -> r.stats().get(key)).toArray();
            Statistics.median(values).ifPresent(m -> medians.put(key, Math.round(m)));
        }
        return medians;
    }
}
