package io.loupe.validation;

import io.loupe.analysis.merge.MergeResult;
import io.loupe.analysis.merge.ProfileMerge;
import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.paths.PathDecoder;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.deps.Dependence;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.ProfileValidator;
import io.loupe.data.meta.EdgeKind;
import io.loupe.data.meta.MethodMeta;
import io.loupe.report.TextReport;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static io.loupe.validation.support.ProfileFigures.executions;
import static io.loupe.validation.support.ProfileFigures.kIpf;
import static io.loupe.validation.support.ProfileFigures.name;
import static io.loupe.validation.support.ProfileFigures.paths;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code loupe merge} against the real agent: a run of the whole input against two runs of a half
 * each ({@code targets.merge.MergeTarget}), whose classes load in another order (other ids). The
 * halves merged have the whole run's path counts and k-IPF in every method but {@code main}, and
 * the same executions at every value site outside it; {@code main} runs once per run, so it
 * differs by exactly that: one entry-to-exit path in the whole run, and in the merge the other
 * branch's entry-to-exit path once per half.
 */
class MergeValidationTest {

    private static final String MAIN = "io.loupe.validation.targets.merge.MergeTarget";
    private static final String MAIN_METHOD = MAIN + ".main([Ljava/lang/String;)V";
    private static final String INCLUDE = "include=io.loupe.validation.targets.merge.*";

    private record Run(Profile profile, long printed) {
    }

    private static Run run(Path dir, String profilers, String part) throws Exception {
        Path file = dir.resolve(profilers.replace(';', '-') + "-" + part + ".prof");
        String k = profilers.contains("paths") ? "k=2," : "";
        AgentRun.Result r = AgentRun.run("profile=" + profilers + "," + k + INCLUDE + ",out=" + file, MAIN, part);
        assertEquals(0, r.exitCode(), r.stderr());
        assertTrue(r.stdout().startsWith("merge "), r.stdout());
        return new Run(ProfileReader.read(file), Long.parseLong(r.stdout().strip().substring("merge ".length())));
    }

    @Test
    void theTwoHalvesMergedHaveThePathsOfTheWholeRunButForMain(@TempDir Path dir) throws Exception {
        Run whole = run(dir, "paths;values", "all");
        Run first = run(dir, "paths;values", "0");
        Run second = run(dir, "paths;values", "1");
        assertEquals(whole.printed(), first.printed() + second.printed());
        assertNotEquals(methodIds(whole.profile()), methodIds(second.profile()),
                "the second half loads its classes in another order: the merge must renumber");

        MergeResult result = ProfileMerge.merge(List.of(first.profile(), second.profile()));
        assertEquals(List.of(), result.conflicts());
        Profile merged = result.profile();
        assertNull(ProfileValidator.problem(merged));

        Map<String, Map<Long, Long>> wholePaths = paths(whole.profile());
        Map<String, Map<Long, Long>> mergedPaths = paths(merged);
        Map<Long, Long> wholeMain = wholePaths.remove(MAIN_METHOD);
        Map<Long, Long> mergedMain = mergedPaths.remove(MAIN_METHOD);
        assertTrue(wholePaths.size() >= 3, "part, classify and count have paths: " + wholePaths.keySet());
        assertEquals(wholePaths, mergedPaths);

        // main: one entry-to-exit path per run, the branch of its argument
        assertEquals(1, wholeMain.size());
        assertEquals(1, mergedMain.size());
        long wholePath = wholeMain.keySet().iterator().next();
        long mergedPath = mergedMain.keySet().iterator().next();
        assertEquals(1L, wholeMain.get(wholePath));
        assertEquals(2L, mergedMain.get(mergedPath));
        assertNotEquals(wholePath, mergedPath);
        PathDecoder decoder = new PathDecoder(method(merged, MAIN_METHOD));
        for (long id : List.of(wholePath, mergedPath)) {
            DecodedPath p = decoder.decode(id);
            assertEquals(List.of(EdgeKind.METHOD_ENTRY, EdgeKind.METHOD_EXIT), List.of(p.start(), p.end()));
        }

        Map<String, Long> wholeKPaths = kIpf(whole.profile());
        Map<String, Long> mergedKPaths = kIpf(merged);
        wholeKPaths.keySet().removeIf(k -> k.startsWith(MAIN_METHOD));
        mergedKPaths.keySet().removeIf(k -> k.startsWith(MAIN_METHOD));
        assertTrue(wholeKPaths.keySet().stream().anyMatch(k -> k.contains(", ")), "chains of two paths");
        assertEquals(wholeKPaths, mergedKPaths);

        Map<String, Long> wholeValues = executions(whole.profile());
        Map<String, Long> mergedValues = executions(merged);
        wholeValues.keySet().removeIf(k -> k.startsWith(MAIN + ".main("));
        mergedValues.keySet().removeIf(k -> k.startsWith(MAIN + ".main("));
        assertTrue(!wholeValues.isEmpty());
        assertEquals(wholeValues, mergedValues);
        assertEquals(2L, ProfileMerge.runs(merged));
    }

    @Test
    void aPathsAndValuesProfileMergedWithADependenceProfileReportsAllThree(@TempDir Path dir) throws Exception {
        Run pv = run(dir, "paths;values", "all");
        Run deps = run(dir, "deps", "all");
        Profile merged = ProfileMerge.merge(List.of(pv.profile(), deps.profile())).profile();
        assertNull(ProfileValidator.problem(merged));
        ProfileSummary summary = ProfileSummary.of(merged);
        assertEquals(List.of("paths", "values", "deps"), summary.profilers());
        assertTrue(summary.pathsProfiled() && summary.values().present() && summary.deps().present());
        assertEquals(paths(pv.profile()), paths(merged));
        assertEquals(deps.profile().deps().dependences().stream().mapToLong(Dependence::count).sum(),
                merged.deps().dependences().stream().mapToLong(Dependence::count).sum());
        StringBuilder text = new StringBuilder();
        new TextReport(5).write(summary, text);
        assertTrue(text.toString().startsWith("Loupe path, value and dependence profile"), text.toString());
    }

    private static List<Integer> methodIds(Profile p) {
        return p.methods().stream().map(m -> m.className().hashCode() * 31 + m.id()).sorted().toList();
    }

    private static MethodMeta method(Profile p, String name) {
        return p.methods().stream().filter(m -> name(m).equals(name)).findFirst().orElseThrow();
    }
}
