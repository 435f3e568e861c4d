package io.loupe.validation.support;

import io.loupe.analysis.kpaths.KIpfBuilder;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.analysis.summary.ProfileSummary;
import io.loupe.data.Profile;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteProfile;

import java.util.Arrays;
import java.util.Map;
import java.util.TreeMap;

/**
 * A profile's figures keyed by names that do not depend on the run (method names, value sites'
 * stable keys), so that profiles of different runs, or one merged from several, can be compared.
 */
public final class ProfileFigures {

    private ProfileFigures() {
    }

    /** A method's name as the figures key it: class, name and descriptor. */
    public static String name(MethodMeta m) {
        return m.className() + "." + m.name() + m.desc();
    }

    /**
     * Path counts per method name, as the reports read them: at k ≥ 2 the runtime streams path ids
     * into the k-slab forests, and a method's counts are its k-IPF's roots.
     */
    public static Map<String, Map<Long, Long>> paths(Profile p) {
        Map<String, Map<Long, Long>> out = new TreeMap<>();
        for (MethodProfile m : ProfileSummary.of(p).methods()) {
            Map<Long, Long> counts = out.computeIfAbsent(name(m.meta()), k -> new TreeMap<>());
            for (int i = 0; i < m.pathCount(); i++) {
                counts.merge(m.pathId(i), m.count(i), Long::sum);
            }
        }
        out.values().removeIf(Map::isEmpty);
        return out;
    }

    /** Every k-IPF node as method name and path ids, with its count. */
    public static Map<String, Long> kIpf(Profile p) {
        KIpfBuilder builder = new KIpfBuilder(p.header().k());
        for (SlabForest f : p.forests()) {
            builder.add(f);
        }
        Map<String, Long> out = new TreeMap<>();
        builder.build().forEach((m, forest) -> forest.forEachPath(path -> out.merge(
                name(p.methods().get(m)) + Arrays.toString(path.ids()), path.count(), Long::sum)));
        return out;
    }

    /** Executions per value site, by stable key. */
    public static Map<String, Long> executions(Profile p) {
        Map<String, Long> out = new TreeMap<>();
        for (ValueSiteProfile v : p.values()) {
            out.merge(p.valueSites().get(v.siteId()).stableKey(), v.executed(), Long::sum);
        }
        return out;
    }
}
