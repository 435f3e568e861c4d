package io.loupe.report;

import io.loupe.analysis.summary.ProfileComparison;
import io.loupe.analysis.values.ValueProfileBuilder;
import io.loupe.data.Profile;
import org.junit.jupiter.api.Test;

import java.io.IOException;

import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code loupe diff} of a full and a convergent value profile: the convergent side's estimates are marked. */
class ValueDiffReportTest {

    private static Profile profile(boolean convergent, long top) {
        ValueProfileBuilder b = new ValueProfileBuilder();
        if (convergent) {
            b.convergent();
        }
        int s = b.param(3);
        b.entry(s, 1000, convergent ? 100 : 1000, 1000, 90, 0, 0, "7", top);
        return b.build();
    }

    @Test
    void theConvergentSidesEstimatesAreMarked() throws IOException {
        StringBuilder out = new StringBuilder();
        new DiffTextReport(10).write(ProfileComparison.of("full.prof", profile(false, 900), "conv.prof",
                profile(true, 700), 0.3), out);
        String r = out.toString();
        assertTrue(r.contains("          1,000          ≈1,000    90.0%   ≈70.0%  top  "), r);
        assertTrue(r.contains("top: A 7 (90.0%) · B 7 (≈70.0%)"), r);
        StringBuilder json = new StringBuilder();
        new DiffJsonReport().write(ProfileComparison.of("full.prof", profile(false, 900), "conv.prof",
                profile(true, 700), 0.3), json);
        assertTrue(json.toString().contains("\"estimatesA\": false,\n      \"estimatesB\": true,"), json.toString());
    }
}
