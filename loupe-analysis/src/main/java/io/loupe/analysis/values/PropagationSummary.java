package io.loupe.analysis.values;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The propagation estimate summed up the way Calder et al. present it in §6 (Table 4): over the
 * local sites whose value is not a load (the paper's "non-load instructions that write a
 * register"), the measured against the estimated mean Inv-1, their weighted difference, and how
 * many of the executions above an invariance threshold the estimate also finds there; then the
 * same per producer category (loads included, for comparison).
 *
 * <p>The extraction of the paper Loupe works from lost Table 4's threshold values, so the
 * thresholds are Loupe's: 30% (the paper's own filter for Find-1 and Find-N, "to avoid variant
 * instructions"), 50%, 70% and 90% (the report's bar for specialising a parameter).
 */
public record PropagationSummary(PropagationFigures nonLoad, List<ThresholdFigures> thresholds,
                                 List<PropagationFigures> byProducer) {

    /** The category name of the figures over every non-load local site. */
    public static final String NON_LOAD = "non-load";
    /** The thresholds of {@link #thresholds()}. */
    public static final List<Double> THRESHOLDS = List.of(0.3, 0.5, 0.7, 0.9);

    public static PropagationSummary of(List<LocalEstimate> locals) {
        List<LocalEstimate> ran = locals.stream().filter(LocalEstimate::ran).toList();
        List<LocalEstimate> nonLoad = ran.stream().filter(e -> !e.fromLoad()).toList();
        List<ThresholdFigures> thresholds = new ArrayList<>();
        for (double t : THRESHOLDS) {
            thresholds.add(atThreshold(nonLoad, t));
        }
        Map<String, List<LocalEstimate>> groups = new TreeMap<>();
        for (LocalEstimate e : ran) {
            String p = e.meta().producer();
            groups.computeIfAbsent(p == null || p.isEmpty() ? InvarianceBreakdown.UNKNOWN_PRODUCER : p,
                    k -> new ArrayList<>()).add(e);
        }
        List<PropagationFigures> byProducer = new ArrayList<>();
        groups.forEach((producer, members) -> byProducer.add(figures(producer, members)));
        byProducer.sort(Comparator.comparingLong(PropagationFigures::executed).reversed()
                .thenComparing(PropagationFigures::category));
        return new PropagationSummary(figures(NON_LOAD, nonLoad), List.copyOf(thresholds), List.copyOf(byProducer));
    }

    static PropagationFigures figures(String category, List<LocalEstimate> sites) {
        long executed = 0;
        long covered = 0;
        double measuredAll = 0;
        double measured = 0;
        double estimated = 0;
        double diff = 0;
        for (LocalEstimate e : sites) {
            long w = e.executed();
            executed += w;
            measuredAll += w * e.measuredInv1();
            if (e.defined()) {
                covered += w;
                measured += w * e.measuredInv1();
                estimated += w * e.estimate();
                diff += w * Math.abs(e.measuredInv1() - e.estimate());
            }
        }
        return new PropagationFigures(category, sites.size(), executed, SiteStats.share(covered, executed),
                mean(measured, covered), mean(estimated, covered), mean(diff, covered), mean(measuredAll, executed));
    }

    static ThresholdFigures atThreshold(List<LocalEstimate> sites, double t) {
        long all = 0;
        long measured = 0;
        long estimated = 0;
        long both = 0;
        for (LocalEstimate e : sites) {
            long w = e.executed();
            boolean m = e.measuredInv1() >= t;
            boolean est = e.defined() && e.estimate() >= t;
            all += w;
            measured += m ? w : 0;
            estimated += est ? w : 0;
            both += m && est ? w : 0;
        }
        return new ThresholdFigures(t, SiteStats.share(measured, all), SiteStats.share(estimated, all),
                measured == 0 ? Double.NaN : (double) both / measured,
                estimated == 0 ? Double.NaN : (double) both / estimated);
    }

    /** NaN when nothing weighs: "no figure", not 0%. */
    private static double mean(double sum, long weight) {
        return weight == 0 ? Double.NaN : sum / weight;
    }
}
