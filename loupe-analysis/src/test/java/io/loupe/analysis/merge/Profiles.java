package io.loupe.analysis.merge;

import io.loupe.analysis.kpaths.KIpfBuilder;
import io.loupe.data.Profile;
import io.loupe.data.deps.Dependence;
import io.loupe.data.deps.LoopRecord;
import io.loupe.data.format.ProfileValidator;
import io.loupe.data.format.ProfileWriter;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.paths.PathCounts;
import io.loupe.data.paths.SlabForest;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Profiles seen by what their ids name, for comparing profiles whose ids differ. */
final class Profiles {

    private Profiles() {
    }

    /** The profile as the writer writes it: two profiles are the same when these are. */
    static byte[] bytes(Profile p) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ProfileWriter.write(p, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }

    static Profile merge(Profile... profiles) {
        MergeResult r = ProfileMerge.merge(List.of(profiles));
        String problem = ProfileValidator.problem(r.profile());
        if (problem != null) {
            throw new AssertionError("the merged profile does not hold together: " + problem);
        }
        return r.profile();
    }

    static String method(MethodMeta m) {
        return m.className() + "." + m.name() + m.desc();
    }

    /** Path counts by method name and path id. */
    static Map<String, Long> paths(Profile p) {
        Map<String, Long> out = new TreeMap<>();
        for (PathCounts c : p.counts()) {
            for (int i = 0; i < c.ids().length; i++) {
                out.merge(method(p.methods().get(c.methodId())) + "#" + c.ids()[i], c.counts()[i], Long::sum);
            }
        }
        return out;
    }

    /** Every k-IPF node, as method name and path ids, with its count. */
    static Map<String, Long> kIpf(Profile p, int k) {
        KIpfBuilder builder = new KIpfBuilder(k);
        for (SlabForest f : p.forests()) {
            builder.add(f);
        }
        Map<String, Long> out = new TreeMap<>();
        builder.build().forEach((m, forest) -> forest.forEachPath(path -> out.merge(
                method(p.methods().get(m)) + java.util.Arrays.toString(path.ids()), path.count(), Long::sum)));
        return out;
    }

    /** Per value site (by stable key): executions, profiled executions, weight, MRV hits. */
    static Map<String, List<Long>> valueTotals(Profile p) {
        Map<String, List<Long>> out = new TreeMap<>();
        for (ValueSiteProfile v : p.values()) {
            ValueSiteMeta s = p.valueSites().get(v.siteId());
            out.merge(s.stableKey(), List.of(v.executed(), v.profiled(), v.weight(), v.mrvHits()), Profiles::add);
        }
        return out;
    }

    /** Per value site and value: its count. */
    static Map<String, Long> valueCounts(Profile p) {
        Map<String, Long> out = new TreeMap<>();
        for (ValueSiteProfile v : p.values()) {
            String key = p.valueSites().get(v.siteId()).stableKey();
            for (int i = 0; i < v.values().length; i++) {
                out.merge(key + "=" + v.values()[i], v.counts()[i], Long::sum);
            }
        }
        return out;
    }

    /** Dependence count, loop invocations and iterations, in all. */
    static List<Long> depTotals(Profile p) {
        long count = 0;
        for (Dependence d : p.deps().dependences()) {
            count += d.count();
        }
        long invocations = 0;
        long iterations = 0;
        for (LoopRecord r : p.deps().loopRecords()) {
            invocations += r.invocations();
            iterations += r.iterations();
        }
        return List.of(count, invocations, iterations);
    }

    static List<Long> add(List<Long> a, List<Long> b) {
        List<Long> out = new ArrayList<>(a.size());
        for (int i = 0; i < a.size(); i++) {
            out.add(a.get(i) + b.get(i));
        }
        return out;
    }

    static <K> Map<K, Long> sum(Map<K, Long> a, Map<K, Long> b) {
        Map<K, Long> out = new TreeMap<>(a);
        b.forEach((k, v) -> out.merge(k, v, Long::sum));
        return out;
    }
}
