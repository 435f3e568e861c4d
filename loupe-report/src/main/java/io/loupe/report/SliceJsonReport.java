package io.loupe.report;

import io.loupe.analysis.slice.DynamicSlicer;

import java.io.IOException;

/**
 * The JSON of {@code loupe slice}. Contract (fields may be added, never renamed):
 * <pre>
 * { "format": "loupe-slice", "version": 1, "options": "…",
 *   "slice": { "criterion": {"class": …, "method": "name(desc)", "line": L, "instance": I, "thread": "main"},
 *              "instances": N,
 *              "lines": [ {"class": …, "method": "name(desc)", "line": L}, … ] },
 *   "replay": { "instructions": N, "underflows": N, "misaligned": N, "replayAnomalies": N } }
 * </pre>
 * {@code instance} is the execution of the line sliced, from 1, of the {@code instances} times it
 * ran in the thread; {@code lines} are by class, method and line, the criterion's included.
 */
public final class SliceJsonReport {

    public static final String FORMAT = "loupe-slice";
    public static final int VERSION = 1;

    public void write(String options, DynamicSlicer.Slice s, Appendable out) throws IOException {
        JsonWriter w = new JsonWriter(out);
        w.beginObject();
        w.name("format").value(FORMAT);
        w.name("version").value(VERSION);
        w.name("options").value(options);
        w.name("slice").beginObject();
        w.name("criterion").beginObject();
        w.name("class").value(s.className());
        w.name("method").value(s.method());
        w.name("line").value(s.line());
        w.name("instance").value(s.instance());
        w.name("thread").value(s.thread());
        w.endObject();
        w.name("instances").value(s.instances());
        w.name("lines").beginArray();
        for (DynamicSlicer.Line l : s.lines()) {
            w.beginInlineObject();
            w.name("class").value(l.className());
            w.name("method").value(l.method());
            w.name("line").value(l.line());
            w.endObject();
        }
        w.endArray();
        w.endObject();
        w.name("replay").beginObject();
        w.name("instructions").value(s.instructions());
        w.name("underflows").value(s.underflows());
        w.name("misaligned").value(s.recovery().misaligned());
        w.name("replayAnomalies").value(s.recovery().replayAnomalies());
        w.endObject();
        w.endObject();
        w.finish();
    }
}
