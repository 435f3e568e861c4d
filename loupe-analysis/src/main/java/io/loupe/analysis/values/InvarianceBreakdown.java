package io.loupe.analysis.values;

import io.loupe.data.values.SiteKind;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The paper's summary tables (Calder et al., §5): invariance by site kind (their breakdown into
 * parameters, loads and other instructions), and for {@code local} sites by the category of the
 * instruction that produced the stored value (their Table 2, "breakdown of invariance by
 * instruction type"). Each row weights a site's Inv-1, Inv-N and MRV by its executions, as the
 * paper weights instructions by their execution frequency.
 */
public final class InvarianceBreakdown {

    /** The category of the last row, over every site of the table. */
    public static final String ALL = "all";
    /** The producer category of a {@code local} site whose metadata names none. */
    public static final String UNKNOWN_PRODUCER = "(unknown)";

    private InvarianceBreakdown() {
    }

    /** One row per site kind that ran, in {@link SiteKind} order, then {@code all}. */
    public static List<InvarianceRow> byKind(List<SiteStats> sites) {
        Map<String, List<SiteStats>> groups = new TreeMap<>(Comparator.comparingInt(
                (String label) -> SiteKind.ofLabel(label).ordinal()));
        for (SiteStats s : sites) {
            groups.computeIfAbsent(s.kind().label(), k -> new ArrayList<>()).add(s);
        }
        return rows(groups, sites);
    }

    /**
     * One row per producer category of the {@code local} sites, most executed first (ties by
     * name), then {@code all} over the local sites.
     */
    public static List<InvarianceRow> byProducer(List<SiteStats> sites) {
        List<SiteStats> locals = sites.stream().filter(s -> s.kind() == SiteKind.LOCAL).toList();
        Map<String, List<SiteStats>> groups = new TreeMap<>();
        for (SiteStats s : locals) {
            groups.computeIfAbsent(producer(s), k -> new ArrayList<>()).add(s);
        }
        List<InvarianceRow> rows = rows(groups, locals);
        List<InvarianceRow> categories = new ArrayList<>(rows.subList(0, rows.size() - 1));
        categories.sort(Comparator.comparingLong(InvarianceRow::executed).reversed()
                .thenComparing(InvarianceRow::category));
        categories.add(rows.get(rows.size() - 1));
        return categories;
    }

    /** The producer category of a site, {@value #UNKNOWN_PRODUCER} when its metadata names none. */
    public static String producer(SiteStats s) {
        String p = s.meta().producer();
        return p == null || p.isEmpty() ? UNKNOWN_PRODUCER : p;
    }

    private static List<InvarianceRow> rows(Map<String, List<SiteStats>> groups, List<SiteStats> all) {
        long total = executions(all);
        List<InvarianceRow> rows = new ArrayList<>();
        groups.forEach((category, members) -> rows.add(row(category, members, total)));
        rows.add(row(ALL, all, total));
        return rows;
    }

    static InvarianceRow row(String category, List<SiteStats> members, long total) {
        long executed = executions(members);
        return new InvarianceRow(category, members.size(), executed, SiteStats.share(executed, total),
                weightedMean(members, SiteStats::inv1), weightedMean(members, SiteStats::invN),
                weightedMean(members, SiteStats::mrv));
    }

    static long executions(List<SiteStats> sites) {
        long sum = 0;
        for (SiteStats s : sites) {
            sum += s.executed();
        }
        return sum;
    }

    /** The mean of {@code metric}, each site weighted by its executions; 0 for no executions. */
    static double weightedMean(List<SiteStats> sites, Function<SiteStats, Double> metric) {
        double sum = 0;
        long weight = 0;
        for (SiteStats s : sites) {
            sum += s.executed() * metric.apply(s);
            weight += s.executed();
        }
        return weight == 0 ? 0 : sum / weight;
    }
}
