package io.loupe.report;

import io.loupe.analysis.trace.TraceSummary;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceEvent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The text report of a whole-program trace ({@code profile=trace}): the run, its size raw and
 * compressed, each thread's grammar, the events by kind and the hot subpaths.
 */
public final class TraceTextReport {

    private final int top;

    public TraceTextReport(int top) {
        this.top = top;
    }

    public void write(String file, TraceSummary s, Appendable out) throws IOException {
        Trace t = s.trace();
        out.append("Loupe whole-program trace: ").append(file).append('\n');
        TextLayout.options(out, "options", t.options() == null ? "" : t.options());
        TextLayout.field(out, "state", t.complete() ? "complete" : "incomplete: " + t.problem());
        TextLayout.field(out, "events", Percent.count(t.events()) + " in " + TextLayout.plural(t.threads().size(), "thread"));
        long raw = t.rawBytes();
        long compressed = t.compressedBytes();
        TextLayout.field(out, "size", "raw " + Percent.count(raw) + " bytes (8 per event), compressed "
                + Percent.count(compressed) + " bytes" + (compressed > 0 ? String.format(" (%.1f× smaller)", (double) raw / compressed) : "")
                + "; the file " + Percent.count(t.fileBytes()) + " bytes with its metadata");
        List<String> kinds = new ArrayList<>();
        for (Map.Entry<String, Long> e : s.byKind().entrySet()) {
            kinds.add(e.getKey() + " " + Percent.count(e.getValue()) + ",");
        }
        if (!kinds.isEmpty()) {
            String last = kinds.remove(kinds.size() - 1);
            kinds.add(last.substring(0, last.length() - 1));
        }
        TextLayout.field(out, "by kind", kinds);
        TraceSummary.OpClasses ops = s.ops();
        if (ops.checked() + ops.free() + ops.statics() + ops.locals() > 0) {
            String heap = switch (t.heapEvents()) {
                case CHECKS -> Percent.count(ops.checked()) + (t.staticsChecked() ? " field, static, element" : " field, element")
                        + " and bulk ops checked, "
                        + Percent.count(ops.free()) + " loads free (an earlier access of their block)";
                case ADDRESSES -> Percent.count(ops.checked() + ops.free()) + " field, element and bulk ops with their addresses";
                case NONE -> Percent.count(ops.checked() + ops.free()) + " field, element and bulk ops unresolved (trace.heap=none)";
            };
            TextLayout.field(out, "ops", heap + "; " + (t.staticsChecked() ? "" : Percent.count(ops.statics()) + " static field and ")
                    + Percent.count(ops.locals()) + " local ops from the control flow (each op counted once)");
        }
        if (t.heapEvents() == io.loupe.data.trace.HeapEvents.CHECKS) {
            TextLayout.field(out, "checks", Percent.count(s.checksExecuted()) + " executed (gen and run events)");
        }

        out.append("\nThreads\n");
        out.append(String.format("  %-28s %15s %7s %12s %14s %14s%n", "thread", "events", "chunks", "rules", "symbols", "bytes"));
        for (TraceSummary.ThreadFigures f : s.threads()) {
            out.append(String.format("  %-28s %15s %7d %12s %14s %14s%n", clip(f.name(), 28), Percent.count(f.events()),
                    f.chunks(), Percent.count(f.rules()), Percent.count(f.symbols()), Percent.count(f.compressedBytes())));
        }

        List<TraceSummary.HotSubpath> hot = s.hotSubpaths();
        if (!hot.isEmpty()) {
            out.append("\nHot subpaths: the most frequent sequences of ").append(Integer.toString(s.subpathLength()))
                    .append(" events (counted within each chunk)\n");
            int rank = 0;
            for (TraceSummary.HotSubpath h : hot.subList(0, Math.min(top, hot.size()))) {
                out.append(String.format("  #%-3d %s times%n", ++rank, Percent.count(h.count())));
                for (long e : h.events()) {
                    out.append("        ").append(describe(s, e)).append('\n');
                }
            }
        }
        if (!t.warnings().isEmpty()) {
            out.append("\nWarnings\n");
            for (String w : t.warnings()) {
                out.append("  - ").append(w).append('\n');
            }
        }
    }

    /** One event, for people: its kind, its method, and for a path its id and lines. */
    static String describe(TraceSummary s, long e) {
        MethodMeta m = s.method(e);
        String method = m == null ? "method " + TraceEvent.method(e) : TextLayout.fit(m, 70);
        String kind = TraceSummary.kindName(TraceEvent.kind(e));
        int value = TraceEvent.value(e);
        return switch (TraceEvent.kind(e)) {
            case TraceEvent.ENTER -> "enter  " + method + (value >= 0 ? " (from instruction " + value + ")" : "");
            case TraceEvent.PATH, TraceEvent.THROW -> String.format("%-6s %s path %d%s", kind, method, value & 0xffffffffL,
                    lines(s.lines(e)));
            default -> String.format("%-6s %s %d", kind, method, value);
        };
    }

    private static String lines(int[] lines) {
        if (lines.length == 0) {
            return "";
        }
        StringBuilder b = new StringBuilder(", line");
        b.append(lines.length > 1 ? "s " : " ");
        for (int i = 0; i < lines.length && i < 8; i++) {
            b.append(i == 0 ? "" : " ").append(lines[i]);
        }
        if (lines.length > 8) {
            b.append(" …");
        }
        return b.toString();
    }

    private static String clip(String s, int width) {
        return s.length() <= width ? s : s.substring(0, width - 1) + "…";
    }
}
