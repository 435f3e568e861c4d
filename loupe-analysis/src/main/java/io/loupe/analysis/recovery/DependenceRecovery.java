package io.loupe.analysis.recovery;

import io.loupe.analysis.trace.ReplayListener;
import io.loupe.analysis.trace.TraceReplay;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.HeapEvents;
import io.loupe.data.trace.MethodOps;
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
 * alone; through the heap, fields, static fields and array elements from the checks
 * ({@code trace.heap=checks}, {@link Generations}: between threads too; static fields from the
 * control flow in a trace older than format 6) or, static fields from the control flow, from the address trace
 * ({@code trace.heap=addresses}: a thread's trace has no order with another's, so each thread's
 * heap is replayed on its own and a dependence between two threads is not recovered); a trace
 * without either counts them as {@linkplain Recovery#unresolvedHeapOps() unresolved}.
 */
public final class DependenceRecovery {

    /**
     * What the recovery found.
     *
     * @param dependences       every static dependence with its count, the most frequent first
     * @param opsRun            ops replayed over every thread
     * @param heapOps           heap ops among them
     * @param unresolvedHeapOps heap ops whose location the trace does not tell (no heap events), or
     *                          whose generation it never began (a killed run's prefix)
     * @param checkedHeapOps    heap ops whose generation their check told (trace with checks)
     * @param freeHeapOps       free loads, whose generation the control flow told (trace with checks)
     * @param crossThread       references of a check to another thread's generation
     * @param locations         heap locations with a history, summed over threads
     * @param misaligned        data events missing or of the wrong kind where an op needed one
     * @param leftOver          data events no op took
     * @param replayAnomalies   events the replay could not fit to the activation stack
     * @param imprecise         exceptions the replay placed in one of several blocks
     */
    public record Recovery(List<RecoveredDependence> dependences, long opsRun, long heapOps, long unresolvedHeapOps,
                           long checkedHeapOps, long freeHeapOps, long crossThread,
                           long locations, long misaligned, long leftOver, long replayAnomalies, long imprecise) {
    }

    private DependenceRecovery() {
    }

    /** A trace whose checks this recovery cannot read: written before trace format 5. */
    public static final class OlderChecks extends IllegalArgumentException {
        OlderChecks() {
            super("its checks were written before trace format 5, which names a generation by the access site that"
                    + " began it: record the run again with this Loupe");
        }
    }

    /** True if the trace's checked ops have no heap access sites: checks of a trace before format 5. */
    private static boolean beforeSites(Trace trace) {
        for (MethodMeta m : trace.methods()) {
            if (m == null) {
                continue;
            }
            MethodOps ops = trace.ops(m.id());
            for (int i = 0; i < ops.size(); i++) {
                if (ops.checked(i)) {
                    return ops.heapSites() < 0;
                }
            }
        }
        return false;
    }

    public static Recovery recover(Trace trace) {
        return recover(trace, trace.threads(), null);
    }

    /**
     * Wraps the recovery of one thread: given the thread and the listener that recovers it, the
     * listener to replay the thread with (which passes every event on to it) and the observer of
     * its ops.
     */
    public interface Observing {
        Observer wrap(ThreadTrace thread, ReplayListener recovery);
    }

    /** A listener that passes a thread's replay on to its recovery and observes the ops it runs. */
    public interface Observer extends ReplayListener, OpObserver {
    }

    /**
     * Recovers the dependences of {@code trace}, replaying its threads in the order of
     * {@code threads}, each with the listener {@code observing} wraps around its recovery (null:
     * none).
     */
    public static Recovery recover(Trace trace, List<ThreadTrace> threads, Observing observing) {
        if (trace.heapEvents() == HeapEvents.CHECKS && beforeSites(trace)) {
            throw new OlderChecks();
        }
        DependenceTable table = new DependenceTable();
        Map<String, Integer> fieldIds = new HashMap<>();
        long ops = 0;
        long heap = 0;
        long unresolved = 0;
        long checked = 0;
        long free = 0;
        long locations = 0;
        long misaligned = 0;
        long leftOver = 0;
        long anomalies = 0;
        long imprecise = 0;
        Generations generations = new Generations(table, trace.threads().size() > 1);
        for (ThreadTrace t : threads) {
            ThreadRecovery r = new ThreadRecovery(trace, t.index(), table, fieldIds, generations);
            ReplayListener listener = r;
            if (observing != null) {
                Observer wrapper = observing.wrap(t, r);
                r.observe(wrapper);
                listener = wrapper;
            }
            TraceReplay replay = TraceReplay.replay(trace, t, listener);
            r.finish();
            ops += r.opsRun;
            heap += r.heapOps;
            unresolved += r.unresolved;
            checked += r.checked;
            free += r.free;
            locations += r.locations();
            misaligned += r.misaligned;
            leftOver += r.leftOver;
            anomalies += replay.anomalies();
            imprecise += replay.imprecise();
        }
        generations.finish();
        unresolved += generations.unresolved;
        locations += generations.size();
        List<RecoveredDependence> deps = new ArrayList<>(table.dependences());
        deps.sort(Comparator.comparingLong(RecoveredDependence::count).reversed()
                .thenComparing(RecoveredDependence::type)
                .thenComparingInt(RecoveredDependence::dstMethod).thenComparingInt(RecoveredDependence::dstOp)
                .thenComparingInt(RecoveredDependence::srcMethod).thenComparingInt(RecoveredDependence::srcOp)
                .thenComparingInt(RecoveredDependence::thread));
        return new Recovery(List.copyOf(deps), ops, heap, unresolved, checked, free, generations.crossThread, locations,
                misaligned, leftOver, anomalies, imprecise);
    }
}
