package io.loupe.runtime.values;

import io.loupe.data.StatKeys;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteProfile;
import io.loupe.data.values.ValueType;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Merges every thread's recorders into one {@link ValueSiteProfile} per site that ran: counters
 * are summed; tables are merged by value (counts summed) and cut back to the table size, best
 * first, ties broken by the printed value so the output is deterministic. A site whose values are
 * at most the table size in every thread is therefore exact across threads too. A site without a
 * probe that stores the value a load just produced gets a copy of that load's profile
 * ({@link ValueSiteRegistry#copies}).
 */
public final class ValueCollector {

    /**
     * True once frozen quiet periods are on ({@link FrozenMethods#configure}). Without them the
     * collector must not touch {@link FrozenMethods}: initializing that class makes its array of
     * call sites (2 MiB), which a dump in a full heap cannot afford.
     */
    static volatile boolean frozenMethodsConfigured;

    private ValueCollector() {
    }

    /** What was recorded, in site order, for the sites in {@code sites} (a registry snapshot), at exit. */
    public static List<ValueSiteProfile> collect(List<ValueSiteMeta> sites) {
        return collect(sites, false, new ArrayList<>());
    }

    /**
     * Copies of a recorder a live dump makes before it gives up on a thread's site that keeps
     * changing ({@code Seqlock#read}): each attempt copies a table of at most 64 entries.
     */
    private static final int ATTEMPTS = 200;

    /**
     * What was recorded, in site order, for the sites in {@code sites}. At exit ({@code live}
     * false) threads still running are read as they are; frozen periods stop thawing. A live dump
     * copies each thread's recorder of a site while the thread may change it (the copy is of a
     * state it had: {@link SiteRecorder#consistentReading}); a recorder that kept changing through
     * every attempt is left out of this dump, its thread and site named in {@code leftOut} ("site
     * 12 in thread 3"): its counts are in the next dump (docs/live-dumps.md); and a live dump keeps
     * every value of the merged tables, which the profile written is cut back to
     * ({@code Baseline}).
     */
    public static List<ValueSiteProfile> collect(List<ValueSiteMeta> sites, boolean live, List<String> leftOut) {
        if (frozenMethodsConfigured && !live) {
            FrozenMethods.stop();   // no thaw while the profile is read: frozen periods are credited as they stand
        }
        List<ValueThread> threads = ValueThread.all();
        int tableSize = ValueProfiler.config().tableSize();
        List<ValueSiteProfile> out = new ArrayList<>();
        for (int site = 0; site < sites.size(); site++) {
            long executed = 0;
            long counted = 0;
            long profiled = 0;
            long weight = 0;
            long mrv = 0;
            long off = 0;
            long on = 0;
            SwitchTimeline timeline = null;   // of the thread that ran the site most
            long busiest = -1;
            Map<Long, long[]> merged = new HashMap<>();   // value -> {count, profiled count}
            for (int thread = 0; thread < threads.size(); thread++) {
                SiteRecorder[] rs = threads.get(thread).recorders;
                SiteRecorder recorder = site < rs.length ? rs[site] : null;
                if (recorder == null) {
                    continue;   // never ran in this thread
                }
                SiteRecorder.Reading r = live ? recorder.consistentReading(ATTEMPTS) : recorder.reading(false);
                if (r == null) {
                    leftOut.add("site " + site + " in thread " + thread);
                    continue;
                }
                TnvTable table = r.table();
                if (table == null) {
                    continue;   // never ran in this thread
                }
                long quiet = r.quietPending();   // estimated, for a method in a quiet period
                long ran = r.executed();
                executed += ran + quiet;
                counted += Math.max(0, ran - r.quietCredited());   // a credit racing with the dump is not counted
                profiled += r.profiled();
                long pending = r.pendingSkipped() + quiet;   // credited like the rest of its off period
                weight += r.weightTotal() + pending;
                mrv += r.mrvHits();
                off += r.switchedOff();
                on += r.switchedOn();
                SwitchTimeline switches = r.timeline();
                if (switches != null && ran > busiest) {
                    timeline = switches;
                    busiest = ran;
                }
                for (int i = 0, n = table.size(); i < n; i++) {
                    long[] e = merged.computeIfAbsent(table.value(i), v -> new long[2]);
                    e[0] += table.count(i);
                    e[1] += table.profiledCount(i);
                }
                if (pending > 0) {
                    SiteRecorder.credit(r.creditSource(), r.creditTotal(), pending,
                            (v, c) -> merged.computeIfAbsent(v, k -> new long[2])[0] += c);
                }
            }
            if (executed == 0) {
                continue;
            }
            ValueType type = sites.get(site).type();
            List<Map.Entry<String, long[]>> entries = new ArrayList<>();
            merged.forEach((v, c) -> entries.add(Map.entry(format(type, v), c)));
            entries.sort((a, b) -> a.getValue()[0] == b.getValue()[0] ? a.getKey().compareTo(b.getKey())
                    : Long.compare(b.getValue()[0], a.getValue()[0]));
            // a live dump keeps every value the threads' tables hold: a reset's baseline must see a value
            // the cut would drop, or a later dump would take its count before the reset for one since
            int n = live ? entries.size() : Math.min(tableSize, entries.size());
            String[] values = new String[n];
            long[] counts = new long[n];
            long[] profiledCounts = new long[n];
            for (int i = 0; i < n; i++) {
                values[i] = entries.get(i).getKey();
                counts[i] = entries.get(i).getValue()[0];
                profiledCounts[i] = entries.get(i).getValue()[1];
            }
            out.add(new ValueSiteProfile(site, executed, counted, profiled, weight, mrv, values, counts,
                    profiledCounts, off, on, timeline));
        }
        Map<Integer, ValueSiteProfile> bySite = new HashMap<>();
        out.forEach(p -> bySite.put(p.siteId(), p));
        for (int[] copy : ValueSiteRegistry.copies()) {
            ValueSiteProfile source = bySite.get(copy[1]);
            if (copy[0] < sites.size() && source != null) {
                out.add(new ValueSiteProfile(copy[0], source.executed(), source.counted(), source.profiled(),
                        source.weight(), source.mrvHits(), source.values().clone(), source.counts().clone(),
                        source.profiledCounts().clone(), source.switchedOff(), source.switchedOn(), source.timeline()));
            }
        }
        out.sort((a, b) -> Integer.compare(a.siteId(), b.siteId()));
        return out;
    }

    private static String format(ValueType type, long v) {
        return type == ValueType.REFERENCE ? ClassIds.name(v) : type.format(v);
    }

    /** Run-wide figures for the profile's stats block. */
    public static Map<String, Long> stats(List<ValueSiteMeta> sites, List<ValueSiteProfile> profiles) {
        ValueConfig c = ValueProfiler.config();
        Map<String, Long> s = new LinkedHashMap<>();
        long executed = 0;
        long counted = 0;
        long profiled = 0;
        for (ValueSiteProfile p : profiles) {
            executed += p.executed();
            counted += p.counted();
            profiled += p.profiled();
        }
        s.put(StatKeys.VALUES_SITES, (long) sites.size());
        s.put(StatKeys.VALUES_SITES_RUN, (long) profiles.size());
        // measured under the plain name; a convergent profile's estimate, quiet periods included, apart
        s.put(StatKeys.VALUES_EXECUTED, c.convergent() ? counted : executed);
        if (c.convergent()) {
            s.put(StatKeys.VALUES_ESTIMATED_EXECUTED, executed);
        }
        s.put(StatKeys.VALUES_PROFILED, profiled);
        s.put(StatKeys.VALUES_TABLE_SIZE, (long) c.tableSize());
        s.put(StatKeys.VALUES_TOP_N, (long) c.topN());
        s.put(StatKeys.VALUES_CONVERGENT, c.convergent() ? 1L : 0L);
        s.put(StatKeys.VALUES_THREADS, (long) ValueThread.all().size());
        if (c.convergent()) {
            long entries = 0;
            long quiet = 0;
            long iterations = 0;
            long quietIterations = 0;
            long periods = 0;
            for (ValueThread t : ValueThread.all()) {
                for (SiteRecorder r : t.recorders) {
                    if (r != null && r.isQuietMethod()) {
                        entries += r.activations();
                        quiet += r.quietEntries();
                        iterations += r.iterations();
                        quietIterations += r.quietIterations();
                        periods += r.quietPeriods();
                    }
                }
            }
            s.put(StatKeys.VALUES_QUIET_METHOD_ACTIVATIONS, entries);
            s.put(StatKeys.VALUES_QUIET_ACTIVATIONS, quiet);
            s.put(StatKeys.VALUES_QUIET_METHOD_ITERATIONS, iterations);
            s.put(StatKeys.VALUES_QUIET_ITERATIONS, quietIterations);
            s.put(StatKeys.VALUES_QUIET_PERIODS, periods);
            s.put(StatKeys.VALUES_FROZEN_PERIODS, frozenMethodsConfigured ? FrozenMethods.freezes() : 0);
            s.put(StatKeys.VALUES_THAW_BURSTS, frozenMethodsConfigured ? FrozenMethods.bursts() : 0);
        }
        return s;
    }
}
