package io.loupe.validation;

import io.loupe.data.Profile;
import io.loupe.data.format.ProfileReader;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.validation.support.AgentRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Value profiling under the real agent, against a naive oracle: the target reports every value it
 * sees at the checked sites to {@code ValueOracle}, which counts them all exactly. With at most as
 * many distinct values as the TNV table has entries, full profiling must be exact: executions, the
 * table's values and counts, Inv-1, Inv-N and MRV.
 */
class ValueProfileValidationTest {

    private static final String TARGETS = "io.loupe.validation.targets.values.";
    private static final String SCOPE = "include=io.loupe.validation.targets.values.*;exclude=*.ValueOracle";

    /** One site's truth: executions, MRV hits and exact counts per printed value. */
    private record Truth(long executions, long mrvHits, Map<String, Long> counts) {
    }

    @Test
    void fullProfilingIsExactAtEverySiteKindAndType(@TempDir Path dir) throws Exception {
        Path oracleFile = dir.resolve("oracle.txt");
        AgentRun.Result plain = AgentRun.run(null, TARGETS + "ValuesTarget", dir.resolve("plain.txt").toString());
        assertEquals(0, plain.exitCode(), plain.stderr());
        Path prof = dir.resolve("values.prof");
        AgentRun.Result run = AgentRun.run("profile=values," + SCOPE + ",out=" + prof, TARGETS + "ValuesTarget",
                oracleFile.toString());
        assertEquals(0, run.exitCode(), run.stderr());
        assertEquals(plain.stdout(), run.stdout(), "value profiling must not change the output");
        assertTrue(Files.readString(dir.resolve("plain.txt")).equals(Files.readString(oracleFile)),
                "the oracle saw the same values with and without the agent");

        Profile profile = ProfileReader.read(prof);
        Map<String, Truth> truths = readOracle(oracleFile);
        assertEquals(15, truths.size());
        for (Map.Entry<String, Truth> e : truths.entrySet()) {
            String[] key = e.getKey().split("\\|");
            ValueSiteMeta site = find(profile, key[0], key[1], key[2]);
            ValueSiteProfile p = profileOf(profile, site.id());
            Truth t = e.getValue();
            String what = e.getKey();
            assertEquals(t.executions(), p.executed(), what + " executed");
            assertEquals(t.executions(), p.counted(), what + " counted");
            assertArrayEquals(p.counts(), p.profiledCounts(), what + " profiled counts: every execution was profiled");
            assertEquals(t.executions(), p.profiled(), what + " profiled");
            assertEquals(t.executions(), p.weight(), what + " weight");
            assertEquals(t.mrvHits(), p.mrvHits(), what + " MRV hits");
            Map<String, Long> recorded = new HashMap<>();
            for (int i = 0; i < p.values().length; i++) {
                recorded.put(p.values()[i], p.counts()[i]);
                if (i > 0) {
                    assertTrue(p.counts()[i - 1] >= p.counts()[i], what + " best first");
                }
            }
            assertEquals(t.counts(), recorded, what + " values");
            long[] sorted = t.counts().values().stream().mapToLong(Long::longValue).sorted().toArray();
            assertEquals(sorted[sorted.length - 1], p.counts()[0], what + " top count (Inv-1)");
            long top4 = 0;
            for (int i = 0; i < Math.min(4, sorted.length); i++) {
                top4 += sorted[sorted.length - 1 - i];
            }
            assertEquals(top4, Arrays.stream(p.counts()).limit(4).sum(), what + " top 4 (Inv-N)");
        }
        assertEquals(4L, profile.stats().get("values.topN"));
        assertEquals(0L, profile.stats().get("values.convergent"));
    }

    @Test
    void localSitesKnowWhatProducedTheirValue(@TempDir Path dir) throws Exception {
        Path prof = dir.resolve("values.prof");
        AgentRun.Result run = AgentRun.run("profile=values," + SCOPE + ",out=" + prof, TARGETS + "ValuesTarget",
                dir.resolve("oracle.txt").toString());
        assertEquals(0, run.exitCode(), run.stderr());
        Profile profile = ProfileReader.read(prof);
        assertEquals("field", find(profile, "local", "step", "m").producer());
        assertEquals("array", find(profile, "local", "step", "e").producer());
        assertEquals("call", find(profile, "local", "step", "r").producer());
        ValueSiteMeta twice = find(profile, "local", "step", "twice");
        assertEquals("int-mul", twice.producer());
        ValueSiteMeta factor = find(profile, "param", "step", "factor");
        assertEquals("int-mul(s" + factor.id() + ",c)", twice.formula());
    }

    @Test
    void convergentProfilingFindsBothPhasesWhileProfilingLittle(@TempDir Path dir) throws Exception {
        int n = 6_000_000;
        Path prof = dir.resolve("conv.prof");
        AgentRun.Result run = AgentRun.run("profile=values,convergent=true," + SCOPE + ",out=" + prof,
                TARGETS + "PhaseTarget", Integer.toString(n));
        assertEquals(0, run.exitCode(), run.stderr());
        Profile profile = ProfileReader.read(prof);

        ValueSiteProfile phase = profileOf(profile, find(profile, "param", "f", "phase").id());
        assertEquals(n, phase.executed());
        assertTrue(phase.profiled() < n / 20, "profiled " + phase.profiled() + " of " + n);
        assertTrue(phase.switchedOn() >= 1, "back-off switched the site on again");
        SwitchTimeline timeline = phase.timeline();   // one thread: every switch of the site, up to those kept
        assertEquals(Math.min(SwitchTimeline.KEPT, phase.switchedOff() + phase.switchedOn()), timeline.switches().length);
        assertTrue(timeline.executions() <= phase.executed(), timeline.executions() + " of " + phase.executed());
        long[] at = timeline.switches();
        assertTrue(at[0] > 0 && at[at.length - 1] <= timeline.executions(), Arrays.toString(at));
        long off = 0;
        for (int i = 0; i + 1 < at.length; i += 2) {
            off += at[i + 1] - at[i];
        }
        if (at.length % 2 == 1) {
            off += timeline.executions() - at[at.length - 1];
        }
        assertTrue(off > timeline.executions() / 2, "off most of the time: " + off + " of " + timeline.executions());
        Map<String, Long> counts = new LinkedHashMap<>();
        for (int i = 0; i < phase.values().length; i++) {
            counts.put(phase.values()[i], phase.counts()[i]);
        }
        assertEquals(List.of("11", "22"), new ArrayList<>(new java.util.TreeSet<>(counts.keySet())), "both phases found");
        double second = (double) counts.get("22") / phase.weight();
        assertTrue(second > 0.35 && second < 0.65, "the second phase's estimated share " + second);

        ValueSiteProfile mostly = profileOf(profile, find(profile, "param", "f", "mostly").id());
        assertEquals("7", mostly.values()[0]);
        double inv1 = (double) mostly.counts()[0] / mostly.weight();
        assertTrue(Math.abs(inv1 - 0.9) < 0.05, "Inv-1 " + inv1);
        assertTrue(mostly.profiled() < n / 20, "profiled " + mostly.profiled());
        assertEquals(1L, profile.stats().get("values.convergent"));
    }

    /**
     * Convergent profiling of sites whose invariance is known exactly: a parameter whose values
     * never repeat, one that alternates two values, one 42 nine times in ten, one in two phases.
     * Each estimate of Inv-1 within 0.05 of the truth, executions within 5%; the two short loops
     * of {@code main} that start after it went quiet are in the profile. (Before skipped
     * executions were credited in proportion to the window's executions rather than to the values
     * the window kept, the 90% site came out at 97% and a never-repeating value took an eighth of
     * each off period.)
     */
    @Test
    void convergentEstimatesOfKnownInvarianceAreClose(@TempDir Path dir) throws Exception {
        int n = 3_000_000;
        Path prof = dir.resolve("known.prof");
        AgentRun.Result run = AgentRun.run("profile=values,convergent=true," + SCOPE + ",out=" + prof,
                TARGETS + "KnownInvarianceTarget", Integer.toString(n));
        assertEquals(0, run.exitCode(), run.stderr());
        Profile profile = ProfileReader.read(prof);
        Map<String, Double> truth = new LinkedHashMap<>();
        truth.put("never", 1.0 / n);
        truth.put("alternating", 0.5);
        truth.put("mostly", 0.9);
        truth.put("phase", 0.5);
        truth.forEach((method, inv1) -> {
            ValueSiteProfile site = profileOf(profile, find(profile, "param", method, "v").id());
            double estimate = (double) site.counts()[0] / site.weight();
            assertTrue(Math.abs(estimate - inv1) <= 0.05, method + ": Inv-1 " + estimate + ", truly " + inv1);
            // measured beside the estimate: Inv-1 over the executions profiled, and what the probe
            // counted. The profiled executions stand for the run only where the values do not change
            // phase: windows grow rarer as off periods grow, so the phase site's profiled executions
            // are mostly of its first phase (0.9 of them), which is what the estimate corrects.
            double profiledInv1 = (double) Arrays.stream(site.profiledCounts()).max().orElse(0) / site.profiled();
            if (!method.equals("phase")) {
                assertTrue(Math.abs(profiledInv1 - inv1) <= 0.05, method + ": Inv-1 over the profiled "
                        + profiledInv1 + ", truly " + inv1);
            }
            assertTrue(site.counted() >= site.profiled() && site.counted() <= site.executed(),
                    method + ": counted " + site.counted());
            assertTrue(Math.abs(site.executed() - n) <= n / 20, method + ": executed " + site.executed());
            assertTrue(site.profiled() < n / 10, method + ": profiled " + site.profiled() + " of " + n);
        });
        ValueSiteProfile never = profileOf(profile, find(profile, "param", "never", "v").id());
        assertTrue(never.counts()[0] < n / 1000, "a value seen once is credited with " + never.counts()[0]);
        // main's two loops of 1,000 iterations, both entered while main is quiet (its first loop
        // has converged). Both used to be missing from the profile: their sites had never run, so
        // a quiet period had no rate to credit them at. Each is credited for the quiet iterations
        // of its own loop (they were credited for those of all main's loops, 1,353 for 1,000).
        ValueSiteProfile second = profileOf(profile, find(profile, "local", "main", "second").id());
        double secondInv1 = (double) second.counts()[0] / second.weight();
        assertTrue(Math.abs(secondInv1 - 1.0 / 8) <= 0.05, "second loop: Inv-1 " + secondInv1 + ", truly 0.125");
        assertTrue(Math.abs(second.executed() - 1000) <= 50, "second loop: executed " + second.executed());
        // a branch first taken after its method went quiet, in 3,000 of its calls, once in 500: a site
        // that a quiet period has no rate for (it never ran) used to be missing; now its block,
        // reached in the quiet copy, ends the period, and the probed stretch after it lasts long
        // enough to see the branch again. Its executions are credited at rates sampled in 128
        // calls at a time, a quarter of which see the branch at all: within 15%, not 5%.
        ValueSiteProfile branch = profileOf(profile, find(profile, "local", "rare", "branch").id());
        double branchInv1 = (double) branch.counts()[0] / branch.weight();
        assertTrue(Math.abs(branchInv1 - 0.25) <= 0.05, "late branch: Inv-1 " + branchInv1 + ", truly 0.25");
        long branches = n / 1000;
        assertTrue(Math.abs(branch.executed() - branches) <= branches * 15 / 100, "late branch: executed " + branch.executed());
        ValueSiteProfile first = profileOf(profile, find(profile, "local", "main", "first").id());
        assertTrue(Math.abs(first.executed() - 1000) <= 50, "first loop: executed " + first.executed());
    }

    /**
     * Frozen quiet periods (values.freeze): the JIT compiles the converged method without its
     * probes, thaw bursts come within milliseconds here, and every activation is still counted.
     * Whether the second phase is seen depends on a burst coming after it, before the run ends: a
     * matter of timing in a run this short, so the unit test (FrozenPeriodTest) checks it with
     * bursts it calls itself.
     */
    @Test
    void frozenQuietPeriodsCountEveryActivation(@TempDir Path dir) throws Exception {
        int n = 40_000_000;
        Path prof = dir.resolve("frozen.prof");
        AgentRun.Result run = AgentRun.run("profile=values,convergent=true,values.freeze=true,values.thawAfter=1,"
                + SCOPE + ",out=" + prof, TARGETS + "PhaseTarget", Integer.toString(n));
        assertEquals(0, run.exitCode(), run.stderr());
        Profile profile = ProfileReader.read(prof);
        assertTrue(profile.stats().get("values.frozenPeriods") >= 1, "frozen periods " + profile.stats());
        assertTrue(profile.stats().get("values.thawBursts") >= 1, "thaw bursts " + profile.stats());

        ValueSiteProfile phase = profileOf(profile, find(profile, "param", "f", "phase").id());
        assertEquals(n, phase.executed());
        assertTrue(phase.profiled() < n / 100, "profiled " + phase.profiled() + " of " + n);
        assertTrue(phase.switchedOn() >= 1, "thawed, back-off switched the site on again");
        List<String> seen = List.of(phase.values());
        assertTrue(seen.contains("11") && List.of("11", "22").containsAll(seen), "phases " + seen);
        ValueSiteProfile mostly = profileOf(profile, find(profile, "param", "f", "mostly").id());
        assertEquals(n, mostly.executed());
        assertEquals("7", mostly.values()[0]);
        double inv1 = (double) mostly.counts()[0] / mostly.weight();
        assertTrue(Math.abs(inv1 - 0.9) < 0.05, "Inv-1 " + inv1);
    }

    @Test
    void pathsAndValuesTogetherGiveBoth(@TempDir Path dir) throws Exception {
        Path prof = dir.resolve("both.prof");
        AgentRun.Result run = AgentRun.run("profile=paths;values,k=2," + SCOPE + ",out=" + prof,
                TARGETS + "ValuesTarget", dir.resolve("oracle.txt").toString());
        assertEquals(0, run.exitCode(), run.stderr());
        Profile profile = ProfileReader.read(prof);
        assertTrue(!profile.counts().isEmpty() && !profile.forests().isEmpty(), "path profile present");
        Map<String, Truth> truths = readOracle(dir.resolve("oracle.txt"));
        ValueSiteProfile factor = profileOf(profile, find(profile, "param", "step", "factor").id());
        assertEquals(truths.get("param|step|factor").executions(), factor.executed());
    }

    private static Map<String, Truth> readOracle(Path file) throws Exception {
        Map<String, Truth> truths = new LinkedHashMap<>();
        for (String line : Files.readAllLines(file)) {
            String[] f = line.split("\t");
            Map<String, Long> counts = new LinkedHashMap<>();
            for (int i = 3; i < f.length; i++) {
                int eq = f[i].lastIndexOf('=');
                counts.put(f[i].substring(0, eq), Long.parseLong(f[i].substring(eq + 1)));
            }
            truths.put(f[0], new Truth(Long.parseLong(f[1]), Long.parseLong(f[2]), counts));
        }
        return truths;
    }

    /** The one site of {@code kind} in method {@code method} whose detail ends with {@code detail}. */
    private static ValueSiteMeta find(Profile p, String kind, String method, String detail) {
        List<ValueSiteMeta> found = p.valueSites().stream()
                .filter(s -> s.kind().label().equals(kind) && s.method().equals(method) && s.detail() != null
                        && (s.detail().equals(detail) || s.detail().endsWith("." + detail)))
                .toList();
        assertEquals(1, found.size(), kind + " " + method + " " + detail + ": " + found);
        return found.get(0);
    }

    private static ValueSiteProfile profileOf(Profile p, int site) {
        return p.values().stream().filter(v -> v.siteId() == site).findFirst()
                .orElseThrow(() -> new AssertionError("site " + site + " never ran"));
    }
}
