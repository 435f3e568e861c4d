package io.loupe.analysis.recovery;

import io.loupe.analysis.trace.TraceReplay;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Recovers the dependences of a run from its whole-program trace (docs/trace.md, <i>Recovery</i>):
 * every thread's trace is replayed ({@link TraceReplay}) and its ops run over its blocks
 * ({@link ThreadRecovery}). Through locals, every RAW dependence comes from the control flow
 * alone; through the heap, static fields too, and fields and array elements from the address
 * trace when the run recorded one ({@code trace.addresses=true}; else they are counted as
 * {@linkplain Recovery#unresolvedHeapOps() unresolved}). A thread's trace has no order with
 * another's, so each thread's heap is replayed on its own: a dependence between two threads is
 * not recovered.
 */
public final class DependenceRecovery {

    /**
     * What the recovery found.
     *
     * @param dependences       every static dependence with its count, the most frequent first
     * @param opsRun            ops replayed over every thread
     * @param heapOps           heap ops among them
     * @param unresolvedHeapOps heap ops whose location the trace does not tell (no addresses)
     * @param locations         heap locations with a history, summed over threads
     * @param misaligned        data events missing or of the wrong kind where an op needed one
     * @param leftOver          data events no op took
     * @param replayAnomalies   events the replay could not fit to the activation stack
     * @param imprecise         exceptions the replay placed in one of several blocks
     */
    public record Recovery(List<RecoveredDependence> dependences, long opsRun, long heapOps, long unresolvedHeapOps,
                           long locations, long misaligned, long leftOver, long replayAnomalies, long imprecise) {
    }

    private DependenceRecovery() {
    }

    public static Recovery recover(Trace trace) {
        DependenceTable table = new DependenceTable();
        Map<String, Integer> fieldIds = new HashMap<>();
        long ops = 0;
        long heap = 0;
        long unresolved = 0;
        long locations = 0;
        long misaligned = 0;
        long leftOver = 0;
        long anomalies = 0;
        long imprecise = 0;
        for (ThreadTrace t : trace.threads()) {
            ThreadRecovery r = new ThreadRecovery(trace, t.index(), table, fieldIds);
            TraceReplay replay = TraceReplay.replay(trace, t, r);
            r.finish();
            ops += r.opsRun;
            heap += r.heapOps;
            unresolved += r.unresolved;
            locations += r.locations();
            misaligned += r.misaligned;
            leftOver += r.leftOver;
            anomalies += replay.anomalies();
            imprecise += replay.imprecise();
        }
        List<RecoveredDependence> deps = new ArrayList<>(table.dependences());
        deps.sort(Comparator.comparingLong(RecoveredDependence::count).reversed()
                .thenComparing(RecoveredDependence::type)
                .thenComparingInt(RecoveredDependence::dstMethod).thenComparingInt(RecoveredDependence::dstOp)
                .thenComparingInt(RecoveredDependence::srcMethod).thenComparingInt(RecoveredDependence::srcOp)
                .thenComparingInt(RecoveredDependence::thread));
        return new Recovery(List.copyOf(deps), ops, heap, unresolved, locations, misaligned, leftOver, anomalies,
                imprecise);
    }
}
