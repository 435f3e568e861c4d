package io.loupe.report;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.recovery.RecoveredDependence;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Trace;

import java.io.IOException;

/**
 * The JSON of {@code loupe trace-deps}: the dependences recovered from a whole-program trace.
 * Contract (fields may be added, never renamed):
 * <pre>
 * { "format": "loupe-trace-deps", "version": 1, "options": "…",
 *   "trace": { "complete": B, "addresses": B },
 *   "recovery": { "opsRun": N, "heapOps": N, "unresolvedHeapOps": N, "locations": N, "misaligned": N,
 *                 "leftOver": N, "replayAnomalies": N, "imprecise": N },
 *   "dependences": [ { "type": "RAW"|"WAR"|"WAW", "memory": "heap"|"local",
 *                      "src": {"class": …, "method": "name(desc)", "line": L},
 *                      "dst": {…}, "count": C, "recoveredBy": "controlflow"|"addresses",
 *                      "variable": "Owner.name" | "T[]" | a local's name or slot, "thread": "main" }, … ] }
 * </pre>
 * {@code count} is the executions of the destination instruction that had the dependence; a
 * static dependence is a pair of instructions, so two on one line are two entries.
 */
public final class TraceDepsJsonReport {

    public static final String FORMAT = "loupe-trace-deps";
    public static final int VERSION = 1;

    public void write(Trace t, DependenceRecovery.Recovery r, Appendable out) throws IOException {
        JsonWriter w = new JsonWriter(out);
        w.beginObject();
        w.name("format").value(FORMAT);
        w.name("version").value(VERSION);
        w.name("options").value(t.options());
        w.name("trace").beginObject();
        w.name("complete").value(t.complete());
        w.name("addresses").value(t.addresses());
        w.name("heap").value(t.heapEvents().label());
        w.endObject();
        w.name("recovery").beginObject();
        w.name("opsRun").value(r.opsRun());
        w.name("heapOps").value(r.heapOps());
        w.name("unresolvedHeapOps").value(r.unresolvedHeapOps());
        w.name("checkedHeapOps").value(r.checkedHeapOps());
        w.name("freeHeapOps").value(r.freeHeapOps());
        w.name("crossThreadReferences").value(r.crossThread());
        w.name("locations").value(r.locations());
        w.name("misaligned").value(r.misaligned());
        w.name("leftOver").value(r.leftOver());
        w.name("replayAnomalies").value(r.replayAnomalies());
        w.name("imprecise").value(r.imprecise());
        w.endObject();
        w.name("dependences").beginArray();
        for (RecoveredDependence d : r.dependences()) {
            w.beginObject();
            w.name("type").value(d.type().name());
            w.name("memory").value(d.memory().label());
            end(w, "src", t, d.srcMethod(), d.srcOp());
            end(w, "dst", t, d.dstMethod(), d.dstOp());
            w.name("count").value(d.count());
            w.name("recoveredBy").value(d.recoveredBy().label());
            w.name("variable").value(t.ops(d.dstMethod()).variable(d.dstOp()));
            w.name("thread").value(TraceDepsTextReport.threadName(t, d.thread()));
            w.endObject();
        }
        w.endArray();
        w.endObject();
        w.finish();
    }

    private static void end(JsonWriter w, String name, Trace t, int method, int op) throws IOException {
        MethodMeta m = t.method(method);
        w.name(name).beginInlineObject();
        w.name("class").value(m.className());
        w.name("method").value(m.signature());
        w.name("line").value(t.ops(method).lines()[op]);
        w.endObject();
    }
}
