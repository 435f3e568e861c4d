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
import static org.junit.jupiter.api.Assertions.assertThrows;

class ValueChangesTest {

    private static final List<ValueSiteMeta> SITES = List.of(
            new ValueSiteMeta(0, "A", "m", "(I)V", null, 3, SiteKind.PARAM, ValueType.INT, 0, "x", null, null),
            new ValueSiteMeta(1, "A", "m", "(I)V", null, 4, SiteKind.ARRAY, ValueType.INT, 1, "int[]", null, null),
            new ValueSiteMeta(2, "A", "m", "(I)V", null, 4, SiteKind.LOCAL, ValueType.INT, 2, "y", "array", "s1"));

    private static Profile profile(ValueSiteProfile... sites) {
        return new Profile(new ProfileHeader("t", 0, "profile=values", 1, "jvm", "cmd"), List.of(), List.of(), List.of(),
                Map.of(), List.of(), SITES, List.of(sites));
    }

    private static ValueSiteProfile site(int id, long executed, long profiled, long mrvHits) {
        return new ValueSiteProfile(id, executed, profiled, executed, mrvHits, new String[] {"1"}, new long[] {executed}, 0, 0);
    }

    @Test
    void countsTheChangesOfLoadAndLocalSitesApart(@TempDir Path dir) throws Exception {
        // 100 executions with 40 MRV hits are 60 runs: 60 table updates
        ProfileWriter.write(profile(site(0, 100, 100, 40), site(1, 1000, 1000, 900), site(2, 50, 50, 0)),
                dir.resolve("lua-values-0.prof"));
        ProfileWriter.write(profile(site(0, 10, 10, 9)), dir.resolve("lua-values-conv-0.prof"));   // not a full profile: skipped

        List<String> rows = ValueChanges.render(dir).lines().toList();

        assertEquals(3, rows.size());
        assertEquals("| lua | 0 | 1.10e+03 | 160 | 14.5% | 50.0 | 50.0 | 100.0% |", rows.get(2));
    }

    @Test
    void refusesASiteThatSkippedExecutions() {
        assertThrows(IllegalArgumentException.class, () -> ValueChanges.count(profile(site(0, 100, 10, 5))));
    }
}
