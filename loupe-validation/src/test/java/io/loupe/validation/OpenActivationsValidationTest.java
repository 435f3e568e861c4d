package io.loupe.validation;

import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.BlockTraceOracle;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Profiles written while activations are still open: {@code System.exit} called from inside a
 * loop, a real signal to a program sleeping inside a loop, daemon threads parked inside their
 * loops when main returns. At every k the path profile must equal the block tracer's counts of the
 * paths completed up to the dump (the oracle drops only the path each open activation was in the
 * middle of): nothing the loops ran may stay behind in their frames' locals.
 */
class OpenActivationsValidationTest {

    private static final String TARGETS = "io.loupe.validation.targets.";
    private static final String INCLUDE = "include=io.loupe.validation.targets.*";
    private static final List<String> KS = List.of("k=1", "k=2", "k=4", "k=8");

    static Stream<Arguments> exits() {
        List<Arguments> runs = new ArrayList<>();
        for (String how : List.of("run", "counted", "nested")) {
            for (String k : KS) {
                runs.add(Arguments.of(how, k));
            }
        }
        return runs.stream();
    }

    @ParameterizedTest(name = "System.exit in a {0} loop, {1}")
    @MethodSource("exits")
    void exitInsideALoop(String how, String k, @TempDir Path dir) throws Exception {
        String target = TARGETS + "ExitInLoopTarget";
        AgentRun.Result traced = AgentRun.run(tracer(dir), target, how);
        AgentRun.Result profiled = AgentRun.run(paths(dir, k), target, how);
        assertEquals(3, profiled.exitCode(), profiled.stderr());
        assertEquals(traced.stdout(), profiled.stdout());
        check(dir);
    }

    static Stream<Arguments> signals() {
        List<Arguments> runs = new ArrayList<>();
        for (String k : KS) {
            runs.add(Arguments.of("TERM", "run", k));
            runs.add(Arguments.of("TERM", "counted", k));
        }
        runs.add(Arguments.of("INT", "run", "k=4"));
        runs.add(Arguments.of("HUP", "counted", "k=4"));
        return runs.stream();
    }

    @ParameterizedTest(name = "SIG{0} to a program sleeping in a {1} loop, {2}")
    @MethodSource("signals")
    void signalToALoopingProgram(String signal, String how, String k, @TempDir Path dir) throws Exception {
        String target = TARGETS + "SignalTarget";
        AgentRun.Result traced = AgentRun.runUntilSignal(tracer(dir), "ready", signal, target, how);
        AgentRun.Result profiled = AgentRun.runUntilSignal(paths(dir, k), "ready", signal, target, how);
        assertEquals(traced.stdout(), profiled.stdout());
        assertEquals(128 + signalNumber(signal), profiled.exitCode(), profiled.stderr());
        check(dir);
    }

    static Stream<String> ks() {
        return KS.stream();
    }

    @ParameterizedTest(name = "daemon threads parked in their loops at exit, {0}")
    @MethodSource("ks")
    void daemonThreadsInsideTheirLoops(String k, @TempDir Path dir) throws Exception {
        String target = TARGETS + "DaemonLoopTarget";
        AgentRun.run(tracer(dir), target);
        AgentRun.Result profiled = AgentRun.run(paths(dir, k), target);
        assertEquals(0, profiled.exitCode(), profiled.stderr());
        check(dir);
    }

    @ParameterizedTest(name = "a thread running its own loop at exit is counted and named, {0}")
    @MethodSource("ks")
    void aThreadRunningItsOwnCodeAtExitIsNamed(String k, @TempDir Path dir) throws Exception {
        AgentRun.Result profiled = AgentRun.run(paths(dir, k), TARGETS + "SpinningDaemonTarget");
        assertEquals(0, profiled.exitCode(), profiled.stderr());
        Profile p = ProfileReader.read(dir.resolve("paths.prof"));
        assertEquals(1L, p.stats().get("paths.runningThreads"), p.stats().toString());
        assertEquals(1L, p.stats().get("paths.openThreads"), p.stats().toString());
        assertEquals(1L, p.stats().get("paths.openActivations"), p.stats().toString());
        String warning = "thread \"spinner\" was running io.loupe.validation.targets.SpinningDaemonTarget.spin(";
        assertTrue(p.warnings().stream().anyMatch(w -> w.startsWith(warning)), p.warnings().toString());
        assertTrue(profiled.stderr().contains("[loupe] " + warning), profiled.stderr());
    }

    @ParameterizedTest(name = "open activations are counted, {0}")
    @MethodSource("ks")
    void openActivationsAreCounted(String k, @TempDir Path dir) throws Exception {
        AgentRun.run(paths(dir, k), TARGETS + "DaemonLoopTarget");
        Profile p = ProfileReader.read(dir.resolve("paths.prof"));
        // run: runLoop and parkForever; counted: countedLoop, step and parkForever
        assertEquals(5L, p.stats().get("paths.openActivations"), p.stats().toString());
        assertEquals(2L, p.stats().get("paths.openThreads"), p.stats().toString());
        assertEquals(0L, p.stats().get("paths.runningThreads"), p.stats().toString());
    }

    private static String tracer(Path dir) {
        return "profile=blocktrace," + INCLUDE + ",out=" + dir.resolve("trace.prof");
    }

    private static String paths(Path dir, String k) {
        return "profile=paths," + k + "," + INCLUDE + ",out=" + dir.resolve("paths.prof");
    }

    private static void check(Path dir) throws Exception {
        BlockTraceOracle oracle = BlockTraceOracle.read(dir.resolve("trace.prof.blocks"),
                ProfileReader.read(dir.resolve("trace.prof")));
        PathProfileValidationTest.assertMatchesOracle(ProfileReader.read(dir.resolve("paths.prof")), oracle);
    }

    private static int signalNumber(String signal) {
        return switch (signal) {
            case "HUP" -> 1;
            case "INT" -> 2;
            case "TERM" -> 15;
            default -> throw new IllegalArgumentException(signal);
        };
    }
}
