package io.loupe.analysis.values;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.StatKeys;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Hand-built value profiles for tests: sites get dense ids in the order they are added and an
 * ordinal per (class, method, kind), as the instrumenter hands them out; {@link #ran} records what
 * a site saw. Shared with the report and CLI tests through the test jar.
 */
public final class ValueProfileBuilder {

    private final List<ValueSiteMeta> sites = new ArrayList<>();
    private final List<ValueSiteProfile> values = new ArrayList<>();
    private final Map<String, Integer> ordinals = new HashMap<>();
    private final Map<String, Long> stats = new LinkedHashMap<>();
    private String options = "profile=values,out=values.prof";
    private String command = "com.example.Main";

    public ValueProfileBuilder() {
        stats.put(StatKeys.VALUES_TABLE_SIZE, 8L);
        stats.put(StatKeys.VALUES_TOP_N, 2L);
        stats.put(StatKeys.VALUES_CONVERGENT, 0L);
    }

    public ValueProfileBuilder topN(int n) {
        stats.put(StatKeys.VALUES_TOP_N, (long) n);
        return this;
    }

    public ValueProfileBuilder convergent() {
        stats.put(StatKeys.VALUES_CONVERGENT, 1L);
        return this;
    }

    public ValueProfileBuilder stat(String key, long value) {
        stats.put(key, value);
        return this;
    }

    public ValueProfileBuilder options(String options) {
        this.options = options;
        return this;
    }

    public ValueProfileBuilder command(String command) {
        this.command = command;
        return this;
    }

    /** The id the next site will get. */
    public int nextId() {
        return sites.size();
    }

    /** A site of {@code kind} and type {@code int} in {@code cls.method(desc)}; returns its id. */
    public int site(String cls, String method, String desc, int line, SiteKind kind, String detail) {
        return add(cls, method, desc, line, kind, ValueType.INT, detail, null, null);
    }

    /** A site of any kind and type; returns its id. */
    public int site(String cls, String method, String desc, int line, SiteKind kind, ValueType type, String detail) {
        return add(cls, method, desc, line, kind, type, detail, null, null);
    }

    /** A {@code local} site with its producer category and formula; returns its id. */
    public int local(String cls, String method, String desc, int line, String detail, String producer, String formula) {
        return add(cls, method, desc, line, SiteKind.LOCAL, ValueType.INT, detail, producer, formula);
    }

    /** A {@code param} site in {@code com.example.C.m(I)V}. */
    public int param(int line) {
        return site("com.example.C", "m", "(I)V", line, SiteKind.PARAM, "#0");
    }

    /** A {@code local} site in {@code com.example.C.m(I)V}. */
    public int local(int line, String producer, String formula) {
        return local("com.example.C", "m", "(I)V", line, "#" + line, producer, formula);
    }

    private int add(String cls, String method, String desc, int line, SiteKind kind, ValueType type, String detail,
                    String producer, String formula) {
        int id = sites.size();
        int index = ordinals.merge(cls + '.' + method + desc + '#' + kind, 1, Integer::sum) - 1;
        sites.add(new ValueSiteMeta(id, cls, method, desc, cls.substring(cls.lastIndexOf('.') + 1) + ".java", line,
                kind, type, index, detail, producer, formula));
        return id;
    }

    /**
     * Full profiling: the site ran {@code executed} times, every one profiled with weight 1, and
     * saw {@code valuesAndCounts} ("7", 90L, "3", 10L, …).
     */
    public ValueProfileBuilder ran(int site, long executed, long mrvHits, Object... valuesAndCounts) {
        return entry(site, executed, executed, executed, mrvHits, 0, 0, valuesAndCounts);
    }

    /**
     * A convergent profile's entry with its measured figures: {@code counted} executions counted by
     * the probe, and for each value its estimated count and then its profiled count.
     */
    public ValueProfileBuilder measured(int site, long executed, long counted, long profiled, long weight,
                                        long mrvHits, long switchedOff, long switchedOn, Object... valuesAndCounts) {
        String[] v = new String[valuesAndCounts.length / 3];
        long[] c = new long[v.length];
        long[] seen = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = (String) valuesAndCounts[3 * i];
            c[i] = ((Number) valuesAndCounts[3 * i + 1]).longValue();
            seen[i] = ((Number) valuesAndCounts[3 * i + 2]).longValue();
        }
        values.add(new ValueSiteProfile(site, executed, counted, profiled, weight, mrvHits, v, c, seen, switchedOff,
                switchedOn));
        return this;
    }

    /** Any profile entry (convergent profiling: fewer executions profiled, weighted counts). */
    public ValueProfileBuilder entry(int site, long executed, long profiled, long weight, long mrvHits, long switchedOff,
                                   long switchedOn, Object... valuesAndCounts) {
        String[] v = new String[valuesAndCounts.length / 2];
        long[] c = new long[v.length];
        for (int i = 0; i < v.length; i++) {
            v[i] = (String) valuesAndCounts[2 * i];
            c[i] = ((Number) valuesAndCounts[2 * i + 1]).longValue();
        }
        values.add(new ValueSiteProfile(site, executed, profiled, weight, mrvHits, v, c, switchedOff, switchedOn));
        return this;
    }

    /**
     * A site that ran {@code executed} times whose top value "1" was seen {@code top} times: Inv-1
     * is {@code top / executed}. The final table also holds "2", seen half as often (as much as is
     * left), like a table whose other values were cleared out.
     */
    public ValueProfileBuilder ranWithTop(int site, long executed, long top) {
        long second = Math.min(executed - top, top / 2);
        return second > 0 ? ran(site, executed, 0, "1", top, "2", second) : ran(site, executed, 0, "1", top);
    }

    public ValueSiteMeta meta(int id) {
        return sites.get(id);
    }

    public Profile build() {
        return new Profile(new ProfileHeader("0.1.0-test", 1_700_000_000_000L, options, 1,
                "OpenJDK 64-Bit Server VM 17.0.15", command), List.of(), List.of(), List.of(), stats, List.of(),
                List.copyOf(sites), List.copyOf(values));
    }

    public ValueAnalysis analyse() {
        return ValueAnalysis.of(build());
    }
}
