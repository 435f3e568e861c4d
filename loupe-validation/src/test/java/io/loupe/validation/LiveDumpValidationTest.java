package io.loupe.validation;

import io.loupe.analysis.merge.ProfileMerge;
import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.format.ProfileValidator;
import io.loupe.validation.support.AgentRun;
import io.loupe.validation.support.LoupeScript;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static io.loupe.validation.support.ProfileFigures.executions;
import static io.loupe.validation.support.ProfileFigures.kIpf;
import static io.loupe.validation.support.ProfileFigures.paths;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Live dumps against the real agent and {@code bin/loupe dump}: a program whose threads keep
 * working ({@code targets.live.LiveTarget}) is dumped with {@code --reset} again and again until
 * it ends. The reset dumps and the profile written at exit, merged, must have exactly the counts
 * of a run of the same work that was never dumped — path and k-path counts, value site
 * executions, dependence counts and loop iterations — and the program must print what it prints
 * without Loupe. A profile written by {@code dumpInterval} must be whole whenever it is read.
 */
class LiveDumpValidationTest {

    private static final String MAIN = "io.loupe.validation.targets.live.LiveTarget";
    private static final String INCLUDE = "include=io.loupe.validation.targets.live.*";

    /** A program under the agent that has printed {@code running}, and what it prints after. */
    private record Running(Process process, CompletableFuture<String> rest) {
    }

    private static Running start(String options, String rounds) throws IOException {
        List<String> cmd = AgentRun.command(AgentRun.java(), List.of(), options, AgentRun.targetClassPath(), MAIN, rounds);
        Process p = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        String first = out.readLine();
        assertEquals("running", first, "the target's first line");
        CompletableFuture<String> rest = CompletableFuture.supplyAsync(() -> {
            StringBuilder s = new StringBuilder(first).append('\n');
            try {
                for (String line; (line = out.readLine()) != null; ) {
                    s.append(line).append('\n');
                }
            } catch (IOException e) {
                throw new IllegalStateException(e);
            }
            return s.toString();
        });
        return new Running(p, rest);
    }

    /**
     * Dumps {@code run} with {@code --reset} into {@code dir} until it ends, and returns the dumps
     * written; then checks that it ended well and printed what the program prints.
     */
    private static List<Profile> dumpUntilExit(Running run, Path dir, String expectedStdout) throws Exception {
        List<Profile> dumps = new ArrayList<>();
        long pid = run.process().pid();
        for (int i = 0; run.process().isAlive(); i++) {
            Path file = dir.resolve("dump-" + i + ".prof");
            LoupeScript.Outcome o = LoupeScript.loupe("dump", "--pid", Long.toString(pid), "--out", file.toString(),
                    "--reset");
            if (o.exitCode() == 0) {
                assertTrue(o.stdout().startsWith("wrote " + file), o.stdout());
                dumps.add(ProfileReader.read(file));
            } else {   // the JVM was ending: it must be gone soon
                assertTrue(run.process().waitFor(30, TimeUnit.SECONDS), "a dump of a running JVM failed: " + o.stderr());
            }
        }
        assertTrue(run.process().waitFor(5, TimeUnit.MINUTES));
        assertEquals(0, run.process().exitValue());
        assertEquals(expectedStdout, run.rest().get(1, TimeUnit.MINUTES));
        assertTrue(dumps.size() >= 2, "dumps taken while the program ran: " + dumps.size());
        for (int i = 0; i < dumps.size(); i++) {
            Profile d = dumps.get(i);
            assertNull(ProfileValidator.problem(d));
            assertEquals(1L, d.stats().get(StatKeys.DUMP_LIVE));
            assertEquals(i == 0 ? null : 1L, d.stats().get(StatKeys.DUMP_SINCE_RESET), "dump " + i);
            assertEquals(0L, d.stats().get(StatKeys.DUMP_LEFT_OUT), "a part left out of dump " + i + ": " + d.warnings());
        }
        return dumps;
    }

    private static Profile merged(List<Profile> dumps, Path atExit) throws IOException {
        Profile exit = ProfileReader.read(atExit);
        assertEquals(1L, exit.stats().get(StatKeys.DUMP_SINCE_RESET), "the profile at exit starts at the last reset");
        assertNull(exit.stats().get(StatKeys.DUMP_LIVE));
        List<Profile> all = new ArrayList<>(dumps);
        all.add(exit);
        return ProfileMerge.merge(all).profile();
    }

    @Test
    void resetDumpsOfPathsAndValuesAddUpToTheWholeRun(@TempDir Path dir) throws Exception {
        String options = "profile=paths;values,k=3," + INCLUDE;
        String rounds = "70000";   // 10 s or so under the agent: several dumps of a second or two each
        AgentRun.Result plain = AgentRun.run(null, MAIN, rounds);
        Profile whole = run(dir.resolve("whole.prof"), options, rounds, plain.stdout());

        Path atExit = dir.resolve("rest.prof");
        Running run = start(options + ",out=" + atExit, rounds);
        List<Profile> dumps = dumpUntilExit(run, dir, plain.stdout());
        assertTrue(dumps.stream().anyMatch(d -> d.stats().getOrDefault(StatKeys.PATHS_OPEN_ACTIVATIONS, 0L) > 0),
                "no dump found a thread in a profiled method: none was taken while the threads ran");
        Profile merged = merged(dumps, atExit);

        assertTrue(paths(whole).size() >= 3, paths(whole).keySet().toString());
        assertEquals(paths(whole), paths(merged));
        assertEquals(kIpf(whole), kIpf(merged));
        assertEquals(executions(whole), executions(merged));
        assertEquals(whole.stats().get(StatKeys.PATHS_STREAM_ITEMS), merged.stats().get(StatKeys.PATHS_STREAM_ITEMS));
        assertEquals(whole.stats().get(StatKeys.VALUES_EXECUTED), merged.stats().get(StatKeys.VALUES_EXECUTED));
    }

    @Test
    void resetDumpsOfDependencesAddUpToTheWholeRun(@TempDir Path dir) throws Exception {
        String options = "profile=deps," + INCLUDE;
        String rounds = "80000";   // 10 to 15 s under the agent: several dumps of a second or two each
        AgentRun.Result plain = AgentRun.run(null, MAIN, rounds);
        Profile whole = run(dir.resolve("whole.prof"), options, rounds, plain.stdout());

        Path atExit = dir.resolve("rest.prof");
        Running run = start(options + ",out=" + atExit, rounds);
        Profile merged = merged(dumpUntilExit(run, dir, plain.stdout()), atExit);

        Map<String, Long> wholeDeps = dependences(whole);
        assertTrue(wholeDeps.keySet().stream().anyMatch(k -> k.startsWith("RAW")), wholeDeps.toString());
        assertEquals(wholeDeps, dependences(merged));
        assertEquals(loops(whole), loops(merged));
        assertEquals(whole.stats().get(StatKeys.DEPS_ACCESSES), merged.stats().get(StatKeys.DEPS_ACCESSES));
    }

    /**
     * Convergent value profiling with quiet methods, whose periods another thread may end and
     * credit, and whose estimates (of a period under way) a dump reads: its figures differ from
     * run to run, so the dumps are checked for what holds in any run: each is a profile the reader
     * accepts (no negative executions, no value counted more often than its site), none left a
     * part out, and their merge with the profile at exit is one too, with executions counted.
     */
    @Test
    void resetDumpsOfConvergentValueProfilesAreWholeProfiles(@TempDir Path dir) throws Exception {
        String options = "profile=values,convergent=true," + INCLUDE;
        String rounds = "2000000";   // quiet methods run nearly at full speed
        AgentRun.Result plain = AgentRun.run(null, MAIN, rounds);
        Path atExit = dir.resolve("rest.prof");
        Running run = start(options + ",out=" + atExit, rounds);
        List<Profile> dumps = dumpUntilExit(run, dir, plain.stdout());
        Profile merged = merged(dumps, atExit);
        assertNull(ProfileValidator.problem(merged));
        assertTrue(merged.stats().get(StatKeys.VALUES_EXECUTED) > 0);
        assertTrue(dumps.stream().allMatch(d -> d.stats().get(StatKeys.VALUES_CONVERGENT) == 1L));
    }

    @Test
    void aPeriodicProfileIsWholeWheneverItIsReadAndTheLastIsTheProfileAtExit(@TempDir Path dir) throws Exception {
        String options = "profile=paths,k=2," + INCLUDE;
        String rounds = "40000";
        AgentRun.Result plain = AgentRun.run(null, MAIN, rounds);
        Profile whole = run(dir.resolve("whole.prof"), options, rounds, plain.stdout());

        Path periodic = dir.resolve("periodic.prof");
        Running run = start(options + ",dumpInterval=200ms,out=" + periodic, rounds);
        List<Long> items = new ArrayList<>();
        FileTime seen = null;
        while (run.process().isAlive()) {
            FileTime modified = Files.exists(periodic) ? Files.getLastModifiedTime(periodic) : null;
            if (modified != null && !modified.equals(seen)) {
                seen = modified;
                Profile p = ProfileReader.read(periodic);   // renamed into place whole: never half a profile
                assertNull(ProfileValidator.problem(p));
                if (run.process().isAlive() && p.stats().containsKey(StatKeys.DUMP_LIVE)) {
                    items.add(p.stats().get(StatKeys.PATHS_STREAM_ITEMS));
                }
            }
            Thread.sleep(50);
        }
        assertTrue(run.process().waitFor(5, TimeUnit.MINUTES));
        assertEquals(plain.stdout(), run.rest().get(1, TimeUnit.MINUTES));
        assertTrue(items.size() >= 2, "periodic profiles read while the program ran: " + items);
        for (int i = 1; i < items.size(); i++) {
            assertTrue(items.get(i) >= items.get(i - 1), "each periodic profile holds all that came before: " + items);
        }
        Profile last = ProfileReader.read(periodic);
        assertNull(last.stats().get(StatKeys.DUMP_LIVE), "the profile at exit replaces the periodic ones");
        assertEquals(paths(whole), paths(last));
        assertEquals(kIpf(whole), kIpf(last));
    }

    @Test
    void aJvmWithoutTheMBeanIsRefusedWithTheReason(@TempDir Path dir) throws Exception {
        Running run = start("profile=paths,jmx=false," + INCLUDE + ",out=" + dir.resolve("p.prof"), "100000000");
        try {
            LoupeScript.Outcome o = LoupeScript.loupe("dump", "--pid", Long.toString(run.process().pid()), "--out",
                    dir.resolve("d.prof").toString());
            assertEquals(2, o.exitCode(), o.stdout() + o.stderr());
            assertTrue(o.stderr().contains("no MBean io.loupe:type=Profiler") && o.stderr().contains("jmx=false"),
                    o.stderr());
            assertFalse(Files.exists(dir.resolve("d.prof")));
        } finally {
            run.process().destroyForcibly().waitFor();
        }
        LoupeScript.Outcome gone = LoupeScript.loupe("dump", "--pid", Long.toString(run.process().pid()));
        assertEquals(2, gone.exitCode());
        assertTrue(gone.stderr().contains("cannot attach to JVM " + run.process().pid()), gone.stderr());
    }

    /** A run that is never dumped: the reference. */
    private static Profile run(Path file, String options, String rounds, String expectedStdout) throws Exception {
        AgentRun.Result r = AgentRun.run(options + ",out=" + file, MAIN, rounds);
        assertEquals(0, r.exitCode(), r.stderr());
        assertEquals(expectedStdout, r.stdout());
        return ProfileReader.read(file);
    }

    /**
     * Dependence counts by type and sites, over calling contexts: the context tree's ids depend on
     * which thread first reached a context, which differs between runs.
     */
    private static Map<String, Long> dependences(Profile p) {
        Map<String, Long> out = new TreeMap<>();
        List<AccessSiteMeta> sites = p.deps().sites();
        for (Dependence d : p.deps().dependences()) {
            out.merge(d.type() + " " + site(sites, d.srcSite()) + " -> " + site(sites, d.dstSite()) + (d.crossThread()
                    ? " across threads" : ""), d.count(), Long::sum);
        }
        return out;
    }

    private static String site(List<AccessSiteMeta> sites, int id) {
        AccessSiteMeta s = sites.get(id);
        return s.className() + ":" + s.line() + "#" + id;
    }

    /** Invocations and iterations per loop, over calling contexts. */
    private static Map<Integer, List<Long>> loops(Profile p) {
        Map<Integer, long[]> sums = new TreeMap<>();
        for (LoopRecord r : p.deps().loopRecords()) {
            long[] s = sums.computeIfAbsent(r.loop(), k -> new long[2]);
            s[0] += r.invocations();
            s[1] += r.iterations();
        }
        Map<Integer, List<Long>> out = new TreeMap<>();
        sums.forEach((loop, s) -> out.put(loop, List.of(s[0], s[1])));
        return out;
    }
}
