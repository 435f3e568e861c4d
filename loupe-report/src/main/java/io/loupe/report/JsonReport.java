package io.loupe.report;

import io.loupe.analysis.kpaths.KPath;
import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.view.LineCounts;
import io.loupe.analysis.view.LoopView;
import io.loupe.analysis.view.MethodView;
import io.loupe.analysis.view.ProgramView;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.meta.MethodMeta;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The report for machines: one JSON object, written in a fixed order so that two reports of the
 * same profile are byte for byte equal.
 *
 * <p>Contract (names other tools rely on; fields may be added, never renamed):
 * <pre>
 * { "format": "loupe-profile-report", "version": 1,
 *   "header": {…}, "stats": {…}, "warnings": […],
 *   "paths": { "k": K,
 *     "methods": [ { "class": "com.example.Main", "method": "loop(I)V", "numPaths": N,
 *                    "paths":  [ { "id": ID, "count": C, "lines": [L, …] }, … ],
 *                    "lineCounts": [ { "line": L, "count": C }, … ],
 *                    "loops": [ { "index": I, "headerLine": L, "headerExecutions": H, "backEdges": B, "entries": E }, … ],
 *                    "kpaths": [ { "ids": [ID, …], "count": C }, … ] }, … ] },
 *   "values": { "sites": [ { "class": …, "method": …, "line": L, "kind": "param", "executed": E,
 *                            "profiled": P, "inv1": F, "invN": F, "mrv": F,
 *                            "top": [ { "value": "7", "count": C }, … ] }, … ] },
 *   "deps": { "mode": "camp",
 *     "loops": [ { "id": 0, "class": …, "method": …, "line": L, "context": [ENTRY, …], "invocations": I,
 *                  "iterations": N, "carried": { "raw": R, "war": A, "waw": W }, "parallelizable": B,
 *                  "registers": [ { "name": "i", "slot": 3, "kind": "induction" }, … ],
 *                  "inductionVariables": […], "reductions": […], "carriedRegisters": C,
 *                  "advice": { "kind": "reduction", "text": …, "actions": [ACTION, …],
 *                              "evidence": { "invocations": I, "iterations": N, "meanIterations": M,
 *                                            "carriedDependences": [D, …], "inductionVariables": […],
 *                                            "bounds": [ { "name": "n", "kind": "param", "line": L,
 *                                                          "value": "1024", "share": F, "executed": E }, … ] } } }, … ],
 *     "dependences": [ { "type": "RAW", "src": END, "dst": END, "count": C, "crossThread": B,
 *                        "loops": [ { "loop": 0, "relation": "inter" }, … ] }, … ] } }
 * ENTRY = { "kind": "call", "class": …, "method": …, "line": L }
 * END   = { "class": …, "method": …, "line": L, "access": "putfield", "target": …, "array": "hist",
 *           "update": { "load": ORDINAL, "op": "+", "inexact": false }, "context": [ENTRY, …] }
 * ACTION = { "kind": "doall"|"reduction"|"array-reduction"|"local-reduction"|"privatize"|"blocked-raw"
 *            |"blocked-register", "text": …, "target": …, "op": "+", "inexact": B,
 *            "dependence": D, "src": END, "dst": END }   (the last three for blocked-raw only)
 * </pre>
 * {@code paths.methods} lists every method with path counts, by method id; a method's
 * {@code paths} come hottest first; {@code kpaths} lists every node of its k-IPF (D'Elia et al. 2013,
 * Definition 2) in preorder, hottest subtree first; for k = 1 these are the acyclic paths alone.
 * {@code lineCounts} gives each source line of the method with its executions, derived exactly from the
 * path counts: the executions of the line's busiest block ({@link LineCounts}); {@code loops} each
 * loop of its loop forest by ordinal, with its header's executions, the back edges taken to it and
 * its entries, all from the path counts.
 * {@code paths} is left out for a profile of values alone, {@code values} for a profile without
 * value sites ({@link ValuesJson}), {@code deps} for a profile without dependence data
 * ({@link DepsJson}).
 */
public final class JsonReport {

    /** Value of the {@code format} field. */
    public static final String FORMAT = "loupe-profile-report";
    /** Value of the {@code version} field; bumped only when a contract field changes meaning. */
    public static final int VERSION = 1;
    /** Decimals of shares and invariances. */
    static final int SHARE_DECIMALS = 6;

    public void write(ProfileSummary summary, Appendable out) throws IOException {
        JsonWriter json = new JsonWriter(out);
        json.beginObject();
        json.name("format").value(FORMAT);
        json.name("version").value(VERSION);
        header(json, summary.profile().header());
        json.name("stats").beginObject();
        for (Map.Entry<String, Long> e : new TreeMap<>(summary.profile().stats()).entrySet()) {
            json.name(e.getKey()).value(e.getValue());
        }
        json.endObject();
        strings(json, "warnings", summary.profile().warnings());
        strings(json, "problems", summary.problems());
        if (summary.pathsProfiled()) {
            paths(json, summary);
        }
        if (summary.values().present()) {
            ValuesJson.write(json, summary.values());
        }
        if (summary.deps().present()) {
            DepsJson.write(json, summary.deps(), TextReport.adviceValues(summary));
        }
        json.endObject();
        json.finish();
    }

    private static void header(JsonWriter json, ProfileHeader h) throws IOException {
        json.name("header").beginObject();
        json.name("loupeVersion").value(h.loupeVersion());
        json.name("created").value(h.createdMillis());
        json.name("createdUtc").value(Instant.ofEpochMilli(h.createdMillis()).toString());
        json.name("jvm").value(h.jvm());
        json.name("command").value(h.command());
        json.name("options").value(h.options());
        json.name("k").value(h.k());
        json.endObject();
    }

    private static void strings(JsonWriter json, String name, List<String> values) throws IOException {
        json.name(name).beginArray();
        for (String v : values) {
            json.value(v);
        }
        json.endArray();
    }

    private static void paths(JsonWriter json, ProfileSummary s) throws IOException {
        json.name("paths").beginObject();
        json.name("k").value(s.k());
        json.name("methodsRegistered").value(s.registeredMethods());
        json.name("methodsInstrumented").value(s.instrumentedMethods());
        json.name("prunedNodes").value(s.prunedNodes());
        Map<String, Long> stats = s.profile().stats();
        json.name("openActivations").value(stats.getOrDefault(StatKeys.PATHS_OPEN_ACTIVATIONS, 0L));
        json.name("openThreads").value(stats.getOrDefault(StatKeys.PATHS_OPEN_THREADS, 0L));
        json.name("runningThreads").value(stats.getOrDefault(StatKeys.PATHS_RUNNING_THREADS, 0L));
        json.name("methods").beginArray();
        ProgramView view = ProgramView.of(s);
        for (MethodProfile m : s.methods()) {
            method(json, m, view.method(m.meta().className(), m.meta().name(), m.meta().desc()));
        }
        json.endArray();
        json.endObject();
    }

    private static void method(JsonWriter json, MethodProfile m, MethodView view) throws IOException {
        MethodMeta meta = m.meta();
        json.beginObject();
        json.name("id").value(meta.id());
        json.name("class").value(meta.className());
        json.name("method").value(meta.signature());
        json.name("sourceFile").value(meta.sourceFile());
        json.name("numPaths").value(meta.numPaths());
        json.name("cutEdges").value(meta.cutEdges());
        json.name("storage").value(meta.storage().name());
        json.name("total").value(m.total());
        json.name("paths").beginArray();
        for (int i : m.hottestFirst()) {
            path(json, m, i);
        }
        json.endArray();
        lines(json, view.lines());
        json.name("loops").beginArray();
        for (LoopView l : view.loops()) {
            if (l.hasPaths()) {
                json.beginInlineObject();
                json.name("index").value(l.index());
                json.name("headerLine").value(l.headerLine());
                json.name("depth").value(l.depth());
                json.name("headerExecutions").value(l.headerExecutions());
                json.name("backEdges").value(l.backEdges());
                json.name("entries").value(l.entries());
                json.endObject();
            }
        }
        json.endArray();
        json.name("kpaths").beginArray();
        KPathForest forest = m.kpaths();
        try {
            forest.forEachPath(p -> kpath(json, p));
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        json.endArray();
        json.endObject();
    }

    /** Each source line's executions, derived from the path counts ({@link LineCounts}). */
    private static void lines(JsonWriter json, LineCounts c) throws IOException {
        json.name("lineCounts").beginArray();
        for (int i = 0; i < c.lineCount(); i++) {
            json.beginInlineObject();
            json.name("line").value(c.lineAt(i));
            json.name("count").value(c.countAt(i));
            json.endObject();
        }
        json.endArray();
    }

    private static void path(JsonWriter json, MethodProfile m, int i) throws IOException {
        long id = m.pathId(i);
        json.beginInlineObject();
        json.name("id").value(id);
        json.name("count").value(m.count(i));
        json.name("share").value(m.share(i), SHARE_DECIMALS);
        try {
            DecodedPath d = m.decode(id);
            json.name("start").value(d.start().name());
            json.name("end").value(d.end().name());
            json.name("lines").value(d.lines());
            json.name("blocks").value(d.blocks());
        } catch (IllegalArgumentException e) {
            json.name("start").value((String) null);
            json.name("end").value((String) null);
            json.name("lines").value(new int[0]);
            json.name("blocks").value(new int[0]);
            json.name("error").value(e.getMessage());
        }
        json.endObject();
    }

    private static void kpath(JsonWriter json, KPath p) {
        try {
            json.beginInlineObject();
            json.name("ids").value(p.ids());
            json.name("count").value(p.count());
            json.endObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
