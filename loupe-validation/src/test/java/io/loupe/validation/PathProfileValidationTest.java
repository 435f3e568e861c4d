package io.loupe.validation;

import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.paths.PathDecoder;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.analysis.view.LineCounts;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.meta.MethodMeta;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.BlockTraceOracle;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Runs each validation target under the real agent and checks its path profile against the naive
 * block tracer: acyclic path counts must equal the oracle's block-sequence counts, and every
 * k-IPF node must equal brute-force n-gram counting over the same per-activation path streams.
 */
class PathProfileValidationTest {

    private static final String TARGETS = "io.loupe.validation.targets.";
    private static final String INCLUDE = "include=io.loupe.validation.targets.*";

    static Stream<Arguments> runs() {
        List<Arguments> runs = new ArrayList<>();
        for (String target : List.of("LoopsTarget", "SwitchTarget", "ExceptionsTarget", "RecursionTarget",
                "ThreadsTarget", "HugePathsTarget", "CountedLoopsTarget", "ConstructorLoopsTarget")) {
            for (String options : List.of("k=1", "k=1,paths.arrayLimit=1", "k=2", "k=4")) {
                runs.add(Arguments.of(target, options));
            }
        }
        // Counted loops with and without a pending run in front of them, in every storage mode.
        for (String target : List.of("LoopsTarget", "CountedLoopsTarget", "ConstructorLoopsTarget")) {
            for (String options : List.of("k=1,paths.runLength=true", "k=1,paths.arrayLimit=1,paths.runLength=true",
                    "k=3,paths.runLength=false")) {
                runs.add(Arguments.of(target, options));
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "{0} with {1}")
    @MethodSource("runs")
    void pathCountsEqualTheBlockTracerAndKPathsEqualNGramCounts(String target, String options, @TempDir Path dir)
            throws Exception {
        AgentRun.Result plain = AgentRun.run(null, TARGETS + target);
        assertEquals(0, plain.exitCode(), plain.stderr());

        Path traceProfile = dir.resolve("trace.prof");
        AgentRun.Result traced = AgentRun.run("profile=blocktrace," + INCLUDE + ",out=" + traceProfile, TARGETS + target);
        assertEquals(plain.stdout(), traced.stdout(), "the block tracer must not change the output");
        BlockTraceOracle oracle = BlockTraceOracle.read(dir.resolve("trace.prof.blocks"), ProfileReader.read(traceProfile));

        Path profileFile = dir.resolve("paths.prof");
        AgentRun.Result profiled = AgentRun.run("profile=paths," + options + "," + INCLUDE + ",out=" + profileFile,
                TARGETS + target);
        assertEquals(plain.stdout(), profiled.stdout(), "path profiling must not change the output");
        assertEquals(0, profiled.exitCode(), profiled.stderr());
        assertFalse(profiled.stderr().contains("uninstrumented"), profiled.stderr());
        assertMatchesOracle(ProfileReader.read(profileFile), oracle);
    }

    /**
     * Checks every instrumented method of {@code profile} against the block tracer's oracle: path
     * counts at k = 1, brute-force n-gram counts of the activations' path streams at k ≥ 2.
     */
    static void assertMatchesOracle(Profile profile, BlockTraceOracle oracle) {
        int k = profile.header().k();
        ProfileSummary summary = ProfileSummary.of(profile);
        assertTrue(summary.problems().isEmpty(), summary.problems().toString());
        Map<Integer, MethodProfile> byId = new HashMap<>();
        summary.methods().forEach(mp -> byId.put(mp.id(), mp));
        int checked = 0;
        for (MethodMeta m : profile.methods()) {
            if (m.storage() == MethodMeta.Storage.NONE) {
                continue;
            }
            String sig = BlockTraceOracle.signature(m);
            PathDecoder decoder = new PathDecoder(m);
            MethodProfile mp = byId.get(m.id());
            if (k == 1) {
                assertSameCounts(oracle.pathCounts(sig), mp == null ? Map.of() : decodedCounts(mp, decoder), "path counts of " + sig);
            } else {
                assertSameCounts(oracle.nGramCounts(sig, k), decodedKPaths(mp == null ? null : mp.kpaths(), decoder),
                        "k-paths of " + sig);
            }
            checked++;
        }
        assertTrue(checked > 0, "no instrumented method was checked");
    }

    /**
     * The HTML and JSON reports' line counts ({@link LineCounts}), derived from path ids, equal the
     * block tracer's: each block's executions within the paths the tracer cut by the plain rules,
     * no numbering involved, and each line's count is its busiest block's. Those are all the block
     * executions of the trace but for paths an exception cut or left open, which the profiler drops
     * too: the counts are at most the trace's every execution.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"LoopsTarget", "SwitchTarget", "CountedLoopsTarget", "ThreadsTarget", "RecursionTarget",
        "ExceptionsTarget"})
    void lineCountsEqualTheBlockTracersBlockExecutions(String target, @TempDir Path dir) throws Exception {
        Path traceProfile = dir.resolve("trace.prof");
        AgentRun.Result traced = AgentRun.run("profile=blocktrace," + INCLUDE + ",out=" + traceProfile, TARGETS + target);
        assertEquals(0, traced.exitCode(), traced.stderr());
        BlockTraceOracle oracle = BlockTraceOracle.read(dir.resolve("trace.prof.blocks"), ProfileReader.read(traceProfile));
        Path profileFile = dir.resolve("paths.prof");
        AgentRun.Result profiled = AgentRun.run("profile=paths,k=2," + INCLUDE + ",out=" + profileFile, TARGETS + target);
        assertEquals(0, profiled.exitCode(), profiled.stderr());
        ProfileSummary summary = ProfileSummary.of(ProfileReader.read(profileFile));
        int checked = 0;
        for (MethodProfile mp : summary.methods()) {
            String sig = BlockTraceOracle.signature(mp.meta());
            Map<Integer, Long> inPaths = new HashMap<>();
            oracle.pathCounts(sig).forEach((blocks, n) -> blocks.forEach(b -> inPaths.merge(b, n, Long::sum)));
            Map<Integer, Long> every = oracle.blockRuns(sig);
            LineCounts counts = LineCounts.of(mp);
            Map<Integer, Long> busiest = new HashMap<>();
            for (int b = 0; b < counts.blockCount(); b++) {
                long expected = inPaths.getOrDefault(b, 0L);
                assertEquals(expected, counts.block(b), "block " + b + " of " + mp.displayName());
                assertTrue(expected <= every.getOrDefault(b, 0L), "block " + b + " of " + mp.displayName());
                for (int line : mp.meta().blocks().get(b).lines()) {
                    busiest.merge(line, expected, Math::max);
                }
            }
            for (Map.Entry<Integer, Long> e : busiest.entrySet()) {
                assertEquals(e.getValue(), counts.line(e.getKey()), "line " + e.getKey() + " of " + mp.displayName());
                checked++;
            }
        }
        assertTrue(checked > 5, checked + " lines checked");
    }

    @org.junit.jupiter.api.Test
    void underASmallNodeBudgetPlainCountsStayExactAndNoKPathIsOvercounted(@TempDir Path dir) throws Exception {
        String target = TARGETS + "ManyPathsTarget";
        Path traceProfile = dir.resolve("trace.prof");
        AgentRun.run("profile=blocktrace," + INCLUDE + ",out=" + traceProfile, target);
        BlockTraceOracle oracle = BlockTraceOracle.read(dir.resolve("trace.prof.blocks"), ProfileReader.read(traceProfile));
        Path profileFile = dir.resolve("pruned.prof");
        AgentRun.Result r = AgentRun.run("k=8,paths.maxNodes=1024," + INCLUDE + ",out=" + profileFile, target);
        assertEquals(0, r.exitCode(), r.stderr());
        Profile profile = ProfileReader.read(profileFile);
        assertTrue(profile.stats().get("paths.prunes") > 0, "the budget must have made the forest prune");
        MethodProfile main = ProfileSummary.of(profile).methods().stream()
                .filter(mp -> mp.meta().name().equals("main")).findFirst().orElseThrow();
        PathDecoder decoder = new PathDecoder(main.meta());
        Map<List<List<Integer>>, Long> expected = oracle.nGramCounts(BlockTraceOracle.signature(main.meta()), 8);
        Map<List<List<Integer>>, Long> actual = decodedKPaths(main.kpaths(), decoder);
        int multi = 0;
        for (Map.Entry<List<List<Integer>>, Long> e : actual.entrySet()) {
            long truth = expected.getOrDefault(e.getKey(), 0L);
            if (e.getKey().size() == 1) {
                assertEquals(truth, e.getValue(), "plain count of " + e.getKey());
            } else {
                assertTrue(e.getValue() <= truth, e.getKey() + " over-counted: " + e.getValue() + " > " + truth);
                multi++;
            }
        }
        assertEquals(expected.keySet().stream().filter(g -> g.size() == 1).count(),
                actual.keySet().stream().filter(g -> g.size() == 1).count(), "every plain path is still there");
        assertTrue(multi > 0, "some multi-path k-paths survive pruning");
    }

    /** Equal maps, or a failure that lists a few of the differences (the maps can be large). */
    static <K> void assertSameCounts(Map<K, Long> expected, Map<K, Long> actual, String what) {
        List<String> diffs = new ArrayList<>();
        java.util.Set<K> keys = new java.util.HashSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        for (K key : keys) {
            if (!java.util.Objects.equals(expected.get(key), actual.get(key))) {
                diffs.add(key + ": oracle " + expected.get(key) + ", profile " + actual.get(key));
            }
        }
        if (!diffs.isEmpty()) {
            org.junit.jupiter.api.Assertions.fail(what + ": " + diffs.size() + " of " + keys.size() + " differ, e.g. "
                    + String.join("; ", diffs.subList(0, Math.min(4, diffs.size()))));
        }
    }

    static Map<List<Integer>, Long> decodedCounts(MethodProfile mp, PathDecoder decoder) {
        Map<List<Integer>, Long> counts = new HashMap<>();
        for (int i = 0; i < mp.pathCount(); i++) {
            counts.merge(blocks(decoder, mp.pathId(i)), mp.count(i), Long::sum);
        }
        return counts;
    }

    static Map<List<List<Integer>>, Long> decodedKPaths(KPathForest forest, PathDecoder decoder) {
        Map<List<List<Integer>>, Long> counts = new HashMap<>();
        if (forest != null) {
            forest.forEachPath(p -> {
                List<List<Integer>> seq = new ArrayList<>();
                for (long id : p.ids()) {
                    seq.add(blocks(decoder, id));
                }
                counts.merge(seq, p.count(), Long::sum);
            });
        }
        return counts;
    }

    static List<Integer> blocks(PathDecoder decoder, long id) {
        return Arrays.stream(decoder.decode(id).blocks()).boxed().toList();
    }
}
