package io.loupe.validation;

import io.loupe.analysis.trace.ReplayListener;
import io.loupe.analysis.trace.TraceReplay;
import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.TraceReader;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.ThreadTrace;
import io.loupe.data.trace.Trace;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.BlockTraceOracle;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Runs each validation target under {@code profile=trace} and under the naive block tracer, and
 * checks that the whole-program trace, replayed ({@link TraceReplay}), gives every thread exactly
 * the block tracer's sequence of activations, blocks and leaves: callees at their calls,
 * exceptions' cut paths, handlers, threads.
 */
class TraceValidationTest {

    private static final String TARGETS = "io.loupe.validation.targets.";
    private static final String INCLUDE = "include=io.loupe.validation.targets.*";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"LoopsTarget", "SwitchTarget", "ExceptionsTarget", "RecursionTarget", "ThreadsTarget",
        "HugePathsTarget", "CountedLoopsTarget", "ConstructorLoopsTarget", "ManyPathsTarget",
        "trace.LongRunningCallerTarget"})
    void theReplayedTraceIsTheBlockTracersSequence(String target, @TempDir Path dir) throws Exception {
        AgentRun.Result plain = AgentRun.run(null, TARGETS + target);
        assertEquals(0, plain.exitCode(), plain.stderr());

        Path blocks = dir.resolve("blocks.prof");
        AgentRun.Result traced = AgentRun.run("profile=blocktrace," + INCLUDE + ",out=" + blocks, TARGETS + target);
        assertEquals(plain.stdout(), traced.stdout());
        Map<String, List<String>> expected = blockTrace(dir.resolve("blocks.prof.blocks"), ProfileReader.read(blocks));

        Path file = dir.resolve("run.trace");
        AgentRun.Result run = AgentRun.run("profile=trace," + INCLUDE + ",out=" + file, TARGETS + target);
        assertEquals(plain.stdout(), run.stdout(), "the trace must not change the output");
        assertEquals(0, run.exitCode(), run.stderr());
        assertTrue(!run.stderr().contains("uninstrumented"), run.stderr());
        Trace trace = TraceReader.read(file);
        assertTrue(trace.complete(), String.valueOf(trace.problem()));

        Map<String, List<String>> actual = new LinkedHashMap<>();
        long imprecise = 0;
        for (ThreadTrace t : trace.threads()) {
            List<String> seq = new ArrayList<>();
            TraceReplay r = TraceReplay.replay(trace, t, listener(trace, seq));
            assertEquals(0, r.anomalies(), "events the replay could not fit, thread " + t.name());
            assertEquals(0, r.unplaced(), "callees not placed at their call, thread " + t.name());
            imprecise += r.imprecise();
            actual.put(t.name(), seq);
        }
        assertEquals(0, imprecise, "exceptions placed imprecisely");
        assertEquals(expected.keySet(), actual.keySet(), "threads");
        for (String thread : expected.keySet()) {
            assertSameSequence(expected.get(thread), actual.get(thread), target + ", thread " + thread);
        }
    }

    /**
     * A caller below {@code main} that runs all along: its callees are handed out as they run, so
     * the replay holds a handful of ops at most, not the 20,000 iterations' worth.
     */
    @Test
    void theReplayStreamsALongRunningCallersCallees(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("run.trace");
        AgentRun.Result run = AgentRun.run("profile=trace," + INCLUDE + ",out=" + file, TARGETS + "trace.LongRunningCallerTarget");
        assertEquals(0, run.exitCode(), run.stderr());
        Trace trace = TraceReader.read(file);
        long[] blocks = new long[1];
        TraceReplay replay = TraceReplay.replay(trace, trace.threads().get(0), new ReplayListener() {
            @Override
            public void enter(int method, int site) {
            }

            @Override
            public void block(int block) {
                blocks[0]++;
            }

            @Override
            public void leave() {
            }
        });
        assertEquals(0, replay.anomalies());
        assertTrue(blocks[0] > 100_000, "the run's blocks: " + blocks[0]);
        assertTrue(replay.peakHeld() < 100, "ops held at once: " + replay.peakHeld());
    }

    @Test
    void aKilledRunLeavesEveryChunkItWrote(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("killed.trace");
        AgentRun.Result r = AgentRun.runUntilSignal("profile=trace,trace.chunkEvents=4096," + INCLUDE + ",out=" + file,
                "ready", "KILL", TARGETS + "SignalTarget", "run");
        assertTrue(r.exitCode() != 0, "the JVM was killed");
        Trace trace = TraceReader.read(file);
        assertFalse(trace.complete());
        assertTrue(trace.problem().contains("end block"), trace.problem());
        // 200,001 iterations ran before "ready", each a path event and the checks of sum's load and
        // store: 600,003 events; the full buffers of 16,384 were compressed, in chunks of 4,096
        assertEquals(589_824, trace.events());
        assertEquals(1, trace.threads().size());
        long[] counts = new long[3];
        TraceReplay replay = TraceReplay.replay(trace, trace.threads().get(0), new ReplayListener() {
            @Override
            public void enter(int method, int site) {
                counts[0]++;
            }

            @Override
            public void block(int block) {
                counts[1]++;
            }

            @Override
            public void leave() {
                counts[2]++;
            }
        });
        assertEquals(0, replay.anomalies());
        assertEquals(1, counts[0], "main's activation");
        assertTrue(counts[1] > 196_000, "its blocks: " + counts[1]);
        assertEquals(0, counts[2], "main never returned");
    }

    private static ReplayListener listener(Trace trace, List<String> seq) {
        return new ReplayListener() {
            @Override
            public void enter(int method, int site) {
                seq.add("A " + BlockTraceOracle.signature(trace.method(method)));
            }

            @Override
            public void block(int block) {
                seq.add("B " + block);
            }

            @Override
            public void leave() {
                seq.add("L");
            }
        };
    }

    /** The block tracer's events per thread, activations named by signature. */
    private static Map<String, List<String>> blockTrace(Path file, Profile profile) throws IOException {
        Map<String, List<String>> threads = new LinkedHashMap<>();
        List<String> current = null;
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split(" ", 3);
            switch (f[0]) {
                case "T" -> current = threads.computeIfAbsent(line.substring(2), x -> new ArrayList<>());
                case "A" -> {
                    MethodMeta m = profile.methods().get(Integer.parseInt(f[2]));
                    current.add("A " + BlockTraceOracle.signature(m));
                }
                case "B" -> current.add("B " + f[2]);
                case "L" -> current.add("L");
                default -> fail("bad block trace line: " + line);
            }
        }
        threads.values().removeIf(List::isEmpty);
        return threads;
    }

    private static void assertSameSequence(List<String> expected, List<String> actual, String what) {
        int n = Math.min(expected.size(), actual.size());
        for (int i = 0; i < n; i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                fail(what + ": event " + i + " differs: block tracer " + window(expected, i) + ", trace " + window(actual, i));
            }
        }
        assertEquals(expected.size(), actual.size(), what + ": events");
    }

    private static String window(List<String> seq, int i) {
        return seq.subList(Math.max(0, i - 4), Math.min(seq.size(), i + 4)).toString();
    }
}
