package io.loupe.bench;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.format.ProfileWriter;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ValueAccuracyTest {

    private static Profile profile(long profiled, String top, String second) {
        return profile(profiled, top, second, 800);
    }

    /** Site 0 executed {@code executed} times (its two values 3:1), site 1 200 times. */
    private static Profile profile(long profiled, String top, String second, long executed) {
        return profile(profiled, top, second, executed, true);
    }

    /** The same, site 1 left out when {@code other} is false (a profiler that never instrumented it). */
    private static Profile profile(long profiled, String top, String second, long executed, boolean other) {
        ValueSiteMeta site = new ValueSiteMeta(0, "A", "m", "(I)V", null, 3, SiteKind.PARAM, ValueType.INT, 0, "x", null, null);
        ValueSiteMeta otherSite = new ValueSiteMeta(1, "A", "m", "(I)V", null, 4, SiteKind.LOCAL, ValueType.INT, 1, "y", "const", "c");
        ValueSiteProfile first = new ValueSiteProfile(0, executed, profiled, executed, 0, new String[] {top, second},
                new long[] {executed * 3 / 4, executed / 4}, 0, 0);
        return new Profile(new ProfileHeader("t", 0, "profile=values", 1, "jvm", "cmd"), List.of(), List.of(), List.of(),
                Map.of("values.executed", 1000L, "values.profiled", profiled), List.of(), List.of(site, otherSite),
                other ? List.of(first, new ValueSiteProfile(1, 200, 200, 200, 0, new String[] {"1", "2"},
                        new long[] {100, 100}, 0, 0)) : List.of(first));
    }

    @Test
    void comparesEveryConvergentProfileWithTheFullOneOfItsRound(@TempDir Path dir) throws Exception {
        ProfileWriter.write(profile(1000, "7", "9"), dir.resolve("lua-values-0.prof"));
        ProfileWriter.write(profile(100, "8", "7"), dir.resolve("lua-values-conv-0.prof"));
        ProfileWriter.write(profile(50, "7", "8", 900), dir.resolve("lua-values-freeze-0.prof"));
        ProfileWriter.write(profile(1000, "7", "9"), dir.resolve("h2-values-1.prof"));   // no convergent partner: skipped
        ProfileWriter.write(profile(100, "8", "7"), dir.resolve("lua-values-conv:tried-1-0.prof"));   // an agent variant
        ProfileWriter.write(profile(100, "7", "8", 800, false), dir.resolve("lua-values-conv:lazy-0.prof"));

        List<String> rows = ValueAccuracy.render(dir).lines().takeWhile(l -> !l.isEmpty()).toList();

        assertEquals(6, rows.size());
        // site 0 (Inv-1 75%, 800 executions) finds another top value; site 1 (Inv-1 50%) the same:
        // Find-1 = 200 / 1000, and Find-N = 1000 / 1000 since 7 is among the convergent table's top values
        assertEquals("| lua | values-conv | 0 | 2 | 100.0% | 10.00% | 100.0% of executions | 20.0% | 20.0% | 100.0% | 0.0000 | 0.00% |",
                rows.get(2));
        // a profile without site 1: Find-1 over site 0 alone, which it finds; the overlap says what it left out
        // (site 1's 200 of 1000 executions), and Diff-executed counts site 1 as 200 executions off
        assertEquals("| lua | values-conv:lazy | 0 | 2 | 80.0% | 10.00% | 100.0% of executions | 100.0% | 100.0% | 100.0% | 0.0000 | 20.00% |",
                rows.get(3));
        assertEquals("| lua | values-conv:tried-1 | 0 | 2 | 100.0% | 10.00% | 100.0% of executions | 20.0% | 20.0% | 100.0% | 0.0000 | 0.00% |",
                rows.get(4));
        // the frozen profile has both top values right (Find-1 = 1000 / 1000) and estimated site 0
        // at 900 executions, not 800: Diff-executed = 100 / 1000
        assertEquals("| lua | values-freeze | 0 | 2 | 100.0% | 5.00% | 100.0% of executions | 100.0% | 100.0% | 100.0% | 0.0000 | 10.00% |",
                rows.get(5));
    }

    /**
     * Sites 0 and 2 are parameters, site 1 a local run 999 times. Site 2's table keeps two values,
     * the second at most as frequent as the first; the rest of its weight went to values evicted.
     */
    private static Profile sites(long executed0, long top0, long executed2, long top2) {
        ValueSiteMeta p0 = new ValueSiteMeta(0, "A", "m", "(II)V", null, 3, SiteKind.PARAM, ValueType.INT, 0, "x", null, null);
        ValueSiteMeta small = new ValueSiteMeta(1, "A", "m", "(II)V", null, 4, SiteKind.LOCAL, ValueType.INT, 2, "y", "const", "c");
        ValueSiteMeta p2 = new ValueSiteMeta(2, "A", "m", "(II)V", null, 3, SiteKind.PARAM, ValueType.INT, 1, "z", null, null);
        return new Profile(new ProfileHeader("t", 0, "profile=values", 1, "jvm", "cmd"), List.of(), List.of(), List.of(),
                Map.of(), List.of(), List.of(p0, small, p2),
                List.of(new ValueSiteProfile(0, executed0, executed0, executed0, 0, new String[] {"7", "9"},
                                new long[] {top0, executed0 - top0}, 0, 0),
                        new ValueSiteProfile(1, 999, 999, 999, 0, new String[] {"1"}, new long[] {999}, 0, 0),
                        new ValueSiteProfile(2, executed2, executed2, executed2, 0, new String[] {"4", "5"},
                                new long[] {top2, Math.min(top2, executed2 - top2)}, 0, 0)));
    }

    @Test
    void perSiteDifferencesOverTheSitesRunAThousandTimesAndFalseInvariantCandidates(@TempDir Path dir) throws Exception {
        ProfileWriter.write(sites(5_000, 3_750, 2_000, 400), dir.resolve("lua-values-0.prof"));
        // site 0: Inv-1 0.75 → 0.95, executions 10% over; site 2: Inv-1 0.2 → 0.95, a false invariant candidate
        ProfileWriter.write(sites(5_500, 5_225, 2_000, 1_900), dir.resolve("lua-values-conv-0.prof"));
        List<String> rows = ValueAccuracy.render(dir).lines().dropWhile(l -> !l.isEmpty()).skip(1).toList();
        assertEquals(3, rows.size(), rows.toString());
        // the site run 999 times does not count; mean ΔInv-1 (0.2 + 0.75) / 2, both beyond 0.05; every
        // execution profiled, so Inv-1 over the profiled is Inv-1; mean Δexecuted (10% + 0) / 2, one beyond 5%
        assertEquals("| lua | values-conv | 0 | 2 | 0.4750 | 0.7500 | 2 | 0.4750 | 5.00% | 10.00% | 1 | 0 | 1 |",
                rows.get(2));
    }
}
