package io.loupe.report;

import io.loupe.analysis.trace.TraceSummary;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Trace;
import io.loupe.data.trace.TraceEvent;

import java.io.IOException;
import java.util.Map;

/**
 * The JSON report of a whole-program trace. Contract (fields may be added, never renamed):
 * <pre>
 * { "format": "loupe-trace-report", "version": 1, "options": "…", "stats": {…}, "warnings": […],
 *   "trace": { "complete": B, "problem": "…" (incomplete traces only), "events": E,
 *              "rawBytes": R, "compressedBytes": C, "fileBytes": F, "byKind": { "enter": N, "path": N, … },
 *              "threads": [ { "name": "main", "events": E, "chunks": K, "rules": R, "symbols": S,
 *                             "compressedBytes": C, "byKind": {…} }, … ],
 *              "hotSubpaths": { "length": L, "countedWithinChunks": true,
 *                               "subpaths": [ { "count": C, "events": [EVENT, …] }, … ] } } }
 * EVENT = { "kind": "path", "class": …, "method": …, "value": V, "lines": [L, …] }
 * </pre>
 * {@code rawBytes} is 8 bytes per event, the runtime's own encoding; {@code compressedBytes} the
 * chunks' blocks in the file, {@code fileBytes} the file read (metadata included); {@code value} is the path id
 * of a path or throw event, the caller's call instruction of an enter event (-1: none), the path
 * register of catch and unwind events, and the call site or block mark of an at event.
 */
public final class TraceJsonReport {

    public static final String FORMAT = "loupe-trace-report";
    public static final int VERSION = 1;

    public void write(TraceSummary s, Appendable out) throws IOException {
        Trace t = s.trace();
        JsonWriter w = new JsonWriter(out);
        w.beginObject();
        w.name("format").value(FORMAT);
        w.name("version").value(VERSION);
        w.name("options").value(t.options());
        w.name("stats").beginObject();
        for (Map.Entry<String, Long> e : t.stats().entrySet()) {
            w.name(e.getKey()).value(e.getValue());
        }
        w.endObject();
        w.name("warnings").beginArray();
        for (String warning : t.warnings()) {
            w.value(warning);
        }
        w.endArray();
        w.name("trace").beginObject();
        w.name("complete").value(t.complete());
        if (!t.complete()) {
            w.name("problem").value(t.problem());
        }
        w.name("events").value(t.events());
        w.name("rawBytes").value(t.rawBytes());
        w.name("compressedBytes").value(t.compressedBytes());
        w.name("fileBytes").value(t.fileBytes());
        kinds(w, s.byKind());
        TraceSummary.OpClasses ops = s.ops();
        w.name("ops").beginObject();
        w.name("checked").value(ops.checked());
        w.name("free").value(ops.free());
        w.name("static").value(ops.statics());
        w.name("local").value(ops.locals());
        w.name("unseen").value(ops.unseen());
        w.endObject();
        w.name("checksExecuted").value(s.checksExecuted());
        w.name("threads").beginArray();
        for (TraceSummary.ThreadFigures f : s.threads()) {
            w.beginObject();
            w.name("name").value(f.name());
            w.name("events").value(f.events());
            w.name("chunks").value(f.chunks());
            w.name("rules").value(f.rules());
            w.name("symbols").value(f.symbols());
            w.name("compressedBytes").value(f.compressedBytes());
            kinds(w, f.byKind());
            w.endObject();
        }
        w.endArray();
        w.name("hotSubpaths").beginObject();
        w.name("length").value(s.subpathLength());
        w.name("countedWithinChunks").value(true);
        w.name("subpaths").beginArray();
        for (TraceSummary.HotSubpath h : s.hotSubpaths()) {
            w.beginObject();
            w.name("count").value(h.count());
            w.name("events").beginArray();
            for (long e : h.events()) {
                event(w, s, e);
            }
            w.endArray();
            w.endObject();
        }
        w.endArray();
        w.endObject();
        w.endObject();
        w.endObject();
        w.finish();
    }

    private static void kinds(JsonWriter w, Map<String, Long> byKind) throws IOException {
        w.name("byKind").beginInlineObject();
        for (Map.Entry<String, Long> e : byKind.entrySet()) {
            w.name(e.getKey()).value(e.getValue());
        }
        w.endObject();
    }

    private static void event(JsonWriter w, TraceSummary s, long e) throws IOException {
        MethodMeta m = s.method(e);
        w.beginInlineObject();
        w.name("kind").value(TraceSummary.kindName(TraceEvent.kind(e)));
        w.name("class").value(m == null ? null : m.className());
        w.name("method").value(m == null ? null : m.signature());
        int kind = TraceEvent.kind(e);
        w.name("value").value(kind == TraceEvent.PATH || kind == TraceEvent.THROW
                ? TraceEvent.value(e) & 0xffffffffL : TraceEvent.value(e));
        w.name("lines").value(s.lines(e));
        w.endObject();
    }
}
