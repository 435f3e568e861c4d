package io.loupe.validation.support;

import io.loupe.analysis.recovery.DependenceRecovery;
import io.loupe.analysis.recovery.RecoveredDependence;
import io.loupe.data.Profile;
import io.loupe.data.deps.AccessSiteMeta;
import io.loupe.data.deps.Dependence;
import io.loupe.data.meta.MethodMeta;
import io.loupe.data.trace.Trace;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Heap dependences keyed alike whether the dependence profiler counted them or the recovery found
 * them in a trace: type, variable (locals only) and source lines, counts summed — what the trace
 * validation tests compare.
 */
public final class HeapDependences {

    private HeapDependences() {
    }

    /** The profile's dependences within threads, by type, variable and source lines, counts summed. */
    public static Map<String, Long> profiled(Profile p) {
        Map<String, Long> out = new TreeMap<>();
        List<AccessSiteMeta> sites = p.deps().sites();
        for (Dependence d : p.deps().dependences()) {
            if (d.crossThread()) {
                continue;
            }
            AccessSiteMeta src = sites.get(d.srcSite());
            AccessSiteMeta dst = sites.get(d.dstSite());
            out.merge(key(d.type().name(), "", where(src), where(dst)), d.count(), Long::sum);
        }
        return out;
    }

    public static String where(AccessSiteMeta s) {
        return s.className() + "." + s.method() + s.desc() + ":" + s.line();
    }

    /** The recovered dependences through {@code memory}, keyed as {@link #profiled} keys them (locals with their variable). */
    public static Map<String, Long> recovered(Trace t, DependenceRecovery.Recovery r, RecoveredDependence.Memory memory) {
        Map<String, Long> out = new TreeMap<>();
        for (RecoveredDependence d : r.dependences()) {
            if (d.memory() != memory) {
                continue;
            }
            String variable = memory == RecoveredDependence.Memory.LOCAL ? t.ops(d.dstMethod()).variable(d.dstOp()) : "";
            out.merge(key(d.type().name(), variable, where(t, d.srcMethod(), d.srcOp()), where(t, d.dstMethod(), d.dstOp())),
                    d.count(), Long::sum);
        }
        return out;
    }

    public static String where(Trace t, int method, int op) {
        MethodMeta m = t.method(method);
        return m.className() + "." + m.name() + m.desc() + ":" + t.ops(method).lines()[op];
    }

    /** The keys whose counts differ: profiled count → recovered count (0 for none). */
    public static Map<String, String> differences(Map<String, Long> expected, Map<String, Long> actual) {
        Map<String, String> out = new TreeMap<>();
        java.util.Set<String> keys = new java.util.TreeSet<>(expected.keySet());
        keys.addAll(actual.keySet());
        for (String k : keys) {
            long e = expected.getOrDefault(k, 0L);
            long a = actual.getOrDefault(k, 0L);
            if (e != a) {
                out.put(k, e + " → " + a);
            }
        }
        return out;
    }

    public static String key(String type, String variable, String src, String dst) {
        return type + " " + variable + " " + src + " -> " + dst;
    }

    public static void assertClean(DependenceRecovery.Recovery r) {
        assertEquals(0, r.replayAnomalies(), "replay anomalies");
        assertEquals(0, r.imprecise(), "exceptions placed imprecisely");
        assertEquals(0, r.misaligned(), "data events missing or of the wrong kind");
        assertEquals(0, r.leftOver(), "data events no op took");
    }
}
