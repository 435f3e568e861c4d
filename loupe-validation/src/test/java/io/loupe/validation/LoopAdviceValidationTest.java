package io.loupe.validation;

import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LoopVerdict;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.format.ProfileReader;
import io.loupe.report.JsonReport;
import io.loupe.report.TextReport;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.SourceMarkers;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What to do next, per loop, under the real agent (docs/deps.md, "What to do next"): the
 * instrumenter marks the memory updates of {@code AdviceTarget}, the profile carries them, and the
 * JSON report's {@code deps.loops[].advice} says for each loop what would make it parallel — in
 * camp and in lamp mode alike, since every loop of the target runs in one context.
 */
class LoopAdviceValidationTest {

    private static final String MAIN = "io.loupe.validation.targets.deps.AdviceTarget";
    private static final String SCOPE = "include=io.loupe.validation.targets.deps.*";

    @Test
    void eachLoopOfTheTargetGetsTheAdviceWorkedOutByHand(@TempDir Path dir) throws Exception {
        Map<String, Integer> lines = markers();
        AgentRun.Result plain = AgentRun.run(null, MAIN);
        assertEquals(0, plain.exitCode(), plain.stderr());
        for (String mode : List.of("camp", "lamp")) {
            Path prof = dir.resolve("advice-" + mode + ".prof");
            AgentRun.Result run = AgentRun.run("profile=deps,deps.mode=" + mode + "," + SCOPE + ",out=" + prof, MAIN);
            assertEquals(0, run.exitCode(), run.stderr());
            assertEquals(plain.stdout(), run.stdout(), "dependence profiling must not change the output");
            Profile profile = ProfileReader.read(prof);
            DepsAnalysis deps = DepsAnalysis.of(profile);
            assertEquals(List.of(), deps.problems());
            StringBuilder json = new StringBuilder();
            new JsonReport().write(ProfileSummary.of(profile), json);

            String rec = "line " + lines.get("recurrenceBody");
            Map<String, String[]> expected = new LinkedHashMap<>();
            expected.put("doall", new String[] {"doall", "DOALL: a parallel stream over the index range"});
            expected.put("fieldSum", new String[] {"reduction", "reduction on `Acc.total` (+)"});
            expected.put("staticSum", new String[] {"reduction", "reduction on `AdviceTarget.staticSum` (+)"});
            expected.put("histogram", new String[] {"reduction", "array reduction on `hist[]` (+)"});
            expected.put("privatized", new String[] {"privatize", "privatize `tmp[]`"});
            expected.put("recurrence", new String[] {"blocked",
                    "blocked by RAW " + rec + " → " + lines.get("recurrenceBody") + " on `a[]` at distance 1"});
            for (Map.Entry<String, String[]> e : expected.entrySet()) {
                LoopVerdict loop = loop(deps, e.getKey(), lines.get(e.getKey()));
                String advice = advice(json.toString(), loop.id());
                String what = mode + " " + e.getKey() + ": " + advice;
                assertTrue(advice.startsWith("\"kind\": \"" + e.getValue()[0] + "\","), what);
                assertTrue(advice.contains("\"text\": \"" + e.getValue()[1] + "\","), what);
            }
            // the memory verdict stays strict: a reduction through memory carries its dependences
            assertFalse(loop(deps, "fieldSum", lines.get("fieldSum")).parallelizable());
            assertFalse(loop(deps, "histogram", lines.get("histogram")).parallelizable());
            assertTrue(loop(deps, "doall", lines.get("doall")).parallelizable());
            // the instrumenter marked the updates: the field's putfield writes back its getfield
            AccessSiteMeta put = profile.deps().sites().stream().filter(s -> s.method().equals("fieldSum")
                    && s.access().equals("putfield")).findFirst().orElseThrow();
            assertEquals("+", put.updateOp());
            assertEquals("getfield", profile.deps().sites().stream().filter(s -> s.method().equals("fieldSum")
                    && s.index() == put.updateOf()).findFirst().orElseThrow().access());

            StringBuilder text = new StringBuilder();
            new TextReport(1_000).write(ProfileSummary.of(profile), text);
            assertTrue(text.toString().contains("        next       array reduction on `hist[]` (+)\n"), text.toString());
        }
    }

    /** The advice object of loop {@code id} in the JSON report, from its first field to its evidence. */
    private static String advice(String json, int id) {
        int loops = json.indexOf("\"loops\": [", json.indexOf("\"deps\": {"));
        int loop = json.indexOf("\"id\": " + id + ",", loops);
        int from = json.indexOf("\"advice\": {", loop);
        int to = json.indexOf("\"evidence\": {", from);
        assertTrue(loop > 0 && from > 0 && to > from, "loop " + id + " has advice");
        return json.substring(from + "\"advice\": {".length(), to).strip();
    }

    private static LoopVerdict loop(DepsAnalysis a, String method, int line) {
        List<LoopVerdict> found = a.loops().stream().filter(v -> !v.meta().recursion()
                && v.meta().method().equals(method) && v.meta().line() == line).toList();
        assertEquals(1, found.size(), method + ": " + found);
        return found.get(0);
    }

    /** The lines of the target's {@code // @name} markers. */
    private static Map<String, Integer> markers() throws Exception {
        return SourceMarkers.of(MAIN);
    }
}
