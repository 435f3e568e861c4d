package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.StatKeys;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteProfile;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Value profiles merged, per site. Executions, counted and profiled executions, weight, MRV hits
 * and switch counts add. The TNV tables merge as Calder et al. merge a temporary table into the
 * final one (§3): the counts of equal values add, and the table keeps its most frequent values,
 * as many as the largest table merged (the run's {@code values.tableSize}, or the longest table
 * of the site). Ties go to the smaller value as text, so the result does not depend on the order
 * of the profiles; the runtime merges its threads' tables by the same rule.
 *
 * <p>What the merge cannot know: a value that one run's table had dropped (its table was full of
 * more frequent values) loses that run's count. The merged counts, and the invariance measured
 * from them, are lower bounds; the reports say so for every merged profile.
 *
 * <p>Measured figures ({@code counted}, profiled counts) stay known only if every profile merged
 * at the site knows them.
 */
final class ValuesMerge {

    private static final Comparator<String> VALUE_ORDER = Comparator.nullsFirst(Comparator.naturalOrder());

    private ValuesMerge() {
    }

    static List<ValueSiteProfile> merge(List<Profile> inputs, MetadataIndex<?> sites) {
        int tableSize = 0;
        for (Profile p : inputs) {
            tableSize = (int) Math.max(tableSize, Math.min(Integer.MAX_VALUE, p.stats().getOrDefault(StatKeys.VALUES_TABLE_SIZE, 0L)));
        }
        Map<Integer, Site> bySite = new TreeMap<>();
        for (int i = 0; i < inputs.size(); i++) {
            for (ValueSiteProfile v : inputs.get(i).values()) {
                int s = sites.map(i, v.siteId());
                if (s >= 0) {
                    bySite.computeIfAbsent(s, Site::new).add(v);
                }
            }
        }
        List<ValueSiteProfile> out = new ArrayList<>(bySite.size());
        for (Site s : bySite.values()) {
            out.add(s.toProfile(tableSize));
        }
        return out;
    }

    /** One site's figures, being added up. */
    private static final class Site {
        private final int id;
        private long executed;
        private long counted;
        private long profiled;
        private long weight;
        private long mrvHits;
        private long switchedOff;
        private long switchedOn;
        private boolean measured = true;
        /** The timeline of the run that ran the site most in one thread: one run's, as timelines do not add. */
        private SwitchTimeline timeline;
        private int longestTable;
        /** value -> {count, profiled count} */
        private final Map<String, long[]> table = new HashMap<>();

        Site(int id) {
            this.id = id;
        }

        void add(ValueSiteProfile v) {
            executed += v.executed();
            profiled += v.profiled();
            weight += v.weight();
            mrvHits += v.mrvHits();
            switchedOff += v.switchedOff();
            switchedOn += v.switchedOn();
            if (later(v.timeline(), timeline)) {
                timeline = v.timeline();
            }
            measured &= v.hasMeasured();
            counted += Math.max(0, v.counted());
            longestTable = Math.max(longestTable, v.values().length);
            for (int j = 0; j < v.values().length; j++) {
                long[] e = table.computeIfAbsent(v.values()[j], x -> new long[2]);
                e[0] += v.counts()[j];
                e[1] += v.profiledCounts() == null ? 0 : v.profiledCounts()[j];
            }
        }

        ValueSiteProfile toProfile(int tableSize) {
            List<Map.Entry<String, long[]>> entries = new ArrayList<>(table.entrySet());
            entries.sort((a, b) -> a.getValue()[0] != b.getValue()[0] ? Long.compare(b.getValue()[0], a.getValue()[0])
                    : VALUE_ORDER.compare(a.getKey(), b.getKey()));
            int n = Math.min(entries.size(), Math.max(tableSize, longestTable));
            String[] values = new String[n];
            long[] counts = new long[n];
            long[] profiledCounts = new long[n];
            for (int j = 0; j < n; j++) {
                values[j] = entries.get(j).getKey();
                counts[j] = entries.get(j).getValue()[0];
                profiledCounts[j] = entries.get(j).getValue()[1];
            }
            return new ValueSiteProfile(id, executed, measured ? counted : -1, profiled, weight, mrvHits, values, counts,
                    measured ? profiledCounts : null, switchedOff, switchedOn, timeline);
        }

        /**
         * Whether {@code a} is kept over {@code b}: the longer axis, then the later switches; an order
         * of the timelines alone, so that the merge does not depend on the order of its inputs.
         */
        private static boolean later(SwitchTimeline a, SwitchTimeline b) {
            if (a == null || b == null) {
                return b == null && a != null;
            }
            if (a.executions() != b.executions()) {
                return a.executions() > b.executions();
            }
            return Arrays.compare(a.switches(), b.switches()) > 0;
        }
    }
}
