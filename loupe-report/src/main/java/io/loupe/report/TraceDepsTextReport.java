package io.loupe.report;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.recovery.RecoveredDependence;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;

import java.io.IOException;
import java.util.List;

/**
 * The text of {@code loupe trace-deps}: what the recovery replayed, then the dependences, the most
 * frequent first, each as {@code TYPE memory variable: source → destination (count)}, with the
 * source and destination as {@code Class.method:line}.
 */
public final class TraceDepsTextReport {

    private final int top;

    /** @param top dependences to print at most (the rest are counted) */
    public TraceDepsTextReport(int top) {
        this.top = top;
    }

    public void write(String file, Trace t, DependenceRecovery.Recovery r, long millis, Appendable out) throws IOException {
        out.append("Loupe dependences recovered from a whole-program trace: ").append(file).append('\n');
        TextLayout.field(out, "state", t.complete() ? "complete" : "incomplete: " + t.problem()
                + " (the dependences of the prefix read)");
        TextLayout.field(out, "heap", switch (t.heapEvents()) {
            case CHECKS -> (t.staticsChecked() ? "fields, static fields" : "fields") + " and array elements from the checks"
                    + " (trace.heap=checks): " + Percent.count(r.checkedHeapOps()) + " ops checked, " + Percent.count(r.freeHeapOps())
                    + " free loads from the control flow"
                    + (r.crossThread() > 0 ? ", " + Percent.count(r.crossThread()) + " references between threads" : "")
                    + (t.staticsChecked() ? "" : "; static fields from the control flow (a trace older than format 6)");
            case ADDRESSES -> "fields and array elements from the address trace (trace.heap=addresses), static fields from the control flow";
            case NONE -> "static fields from the control flow; fields and array elements need checks or the address trace (trace.heap)";
        } + (r.unresolvedHeapOps() > 0 ? "; " + Percent.count(r.unresolvedHeapOps()) + " ops unresolved" : ""));
        TextLayout.field(out, "replayed", Percent.count(r.opsRun()) + " ops, " + Percent.count(r.heapOps())
                + " of them on the heap, over " + TextLayout.plural(t.threads().size(), "thread") + ", in "
                + Percent.count(millis) + " ms");
        if (r.misaligned() + r.leftOver() + r.replayAnomalies() + r.imprecise() > 0) {
            TextLayout.field(out, "anomalies", "misaligned data " + r.misaligned() + ", data left over " + r.leftOver()
                    + ", replay " + r.replayAnomalies() + ", exceptions placed imprecisely " + r.imprecise());
        }
        List<RecoveredDependence> deps = r.dependences();
        long heap = deps.stream().filter(d -> d.memory() == RecoveredDependence.Memory.HEAP).count();
        TextLayout.field(out, "found", Percent.count(deps.size()) + " static (" + Percent.count(heap)
                + " through the heap, " + Percent.count(deps.size() - heap) + " through locals)");
        java.util.Map<RecoveredDependence.RecoveredBy, long[]> by = new java.util.EnumMap<>(RecoveredDependence.RecoveredBy.class);
        for (RecoveredDependence d : deps) {
            long[] n = by.computeIfAbsent(d.recoveredBy(), k -> new long[2]);
            n[0]++;
            n[1] += d.count();
        }
        List<String> how = new java.util.ArrayList<>();
        by.forEach((k, n) -> how.add(k.label() + " " + Percent.count(n[0]) + " (" + Percent.count(n[1]) + " dynamic)"));
        TextLayout.field(out, "recovered", String.join(", ", how));
        out.append('\n');
        out.append(String.format("  %-4s %-6s %12s  %-24s %s%n", "type", "memory", "count", "variable", "source → destination"));
        for (RecoveredDependence d : deps.subList(0, Math.min(top, deps.size()))) {
            out.append(String.format("  %-4s %-6s %12s  %-24s %s → %s%s%n", d.type(), d.memory().label(),
                    Percent.count(d.count()), clip(t.ops(d.dstMethod()).variable(d.dstOp()), 24),
                    where(t, d.srcMethod(), d.srcOp()), where(t, d.dstMethod(), d.dstOp()),
                    t.threads().size() > 1 ? "  [" + threadName(t, d.thread()) + "]" : ""));
        }
        if (deps.size() > top) {
            out.append("  … ").append(Percent.count(deps.size() - top)).append(" more (--top N, or --json for all)\n");
        }
    }

    private static String where(Trace t, int method, int op) {
        MethodMeta m = t.method(method);
        int line = t.ops(method).lines()[op];
        return TextLayout.abbreviated(m.className()) + "." + m.name() + (line >= 0 ? ":" + line : "");
    }

    private static String clip(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }

    /** The name of thread {@code index} of {@code t}. */
    static String threadName(Trace t, int index) {
        for (ThreadTrace th : t.threads()) {
            if (th.index() == index) {
                return th.name();
            }
        }
        return "#" + index;
    }
}
