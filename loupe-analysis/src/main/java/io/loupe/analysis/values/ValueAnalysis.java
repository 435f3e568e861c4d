package io.loupe.analysis.values;

import io.loupe.data.Profile;
import io.loupe.data.values.ValueSiteMeta;
import io.loupe.data.values.ValueSiteProfile;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A profile's value profiling data, analysed once for the reports: every site that ran with its
 * metrics, the summary tables by site kind and producer category, the convergent profiling
 * figures and the invariance propagation estimate.
 *
 * <p>Sites are listed most executed first, ties broken by stable key then id, so two reports of
 * one profile agree. A profile entry for a site the profile does not describe is ignored with a
 * problem; two entries for one site are added up, with a problem.
 */
public final class ValueAnalysis {

    /** Most executed first; then by stable key and id, so the order never depends on a hash. */
    public static final Comparator<SiteStats> HOTTEST_FIRST = Comparator.comparingLong(SiteStats::executed).reversed()
            .thenComparing(SiteStats::stableKey).thenComparingInt(SiteStats::id);

    private final ValueRunSettings settings;
    private final int registered;
    private final List<SiteStats> sites;
    private final Map<Integer, SiteStats> byId;
    private final PropagationResult propagation;
    private final Map<Integer, LocalEstimate> estimates = new TreeMap<>();
    private final List<String> problems;
    private final QuietMethodFigures quiet;

    private ValueAnalysis(ValueRunSettings settings, int registered, List<SiteStats> sites, Map<Integer, SiteStats> byId,
                          PropagationResult propagation, List<String> problems, QuietMethodFigures quiet) {
        this.settings = settings;
        this.quiet = quiet;
        this.registered = registered;
        this.sites = sites;
        this.byId = byId;
        this.propagation = propagation;
        this.problems = problems;
        propagation.locals().forEach(e -> estimates.put(e.meta().id(), e));
    }

    public static ValueAnalysis of(Profile profile) {
        ValueRunSettings settings = ValueRunSettings.of(profile.stats());
        List<ValueSiteMeta> metas = profile.valueSites();
        List<String> problems = new ArrayList<>();
        Map<Integer, SiteStats> byId = new TreeMap<>();
        for (ValueSiteProfile p : profile.values()) {
            int id = p.siteId();
            if (id < 0 || id >= metas.size() || metas.get(id) == null) {
                problems.add("values recorded for value site " + id + ", which the profile does not describe; ignored");
                continue;
            }
            if (p.executed() <= 0) {
                continue;
            }
            SiteStats s = SiteStats.of(metas.get(id), p, settings.topN());
            SiteStats before = byId.get(id);
            if (before != null) {
                problems.add("value site " + id + " has more than one entry; added up");
                s = before.plus(s);
            }
            byId.put(id, s);
        }
        List<SiteStats> sites = new ArrayList<>(byId.values());
        sites.sort(HOTTEST_FIRST);
        PropagationResult propagation = InvariancePropagation.run(metas, byId);
        problems.addAll(propagation.problems());
        int registered = (int) metas.stream().filter(m -> m != null).count();
        return new ValueAnalysis(settings, registered, List.copyOf(sites), byId, propagation, List.copyOf(problems),
                QuietMethodFigures.of(profile.stats()));
    }

    public ValueRunSettings settings() {
        return settings;
    }

    /** True when the profile describes any value site: the value profiler was on. */
    public boolean present() {
        return registered > 0;
    }

    /** Value sites the profile describes, whether they ran or not. */
    public int registeredSites() {
        return registered;
    }

    /** Every site that ran, most executed first. */
    public List<SiteStats> sites() {
        return sites;
    }

    /** The metrics of a site, or null when it never ran. */
    public SiteStats site(int id) {
        return byId.get(id);
    }

    /** Executions of all sites together. */
    public long executed() {
        return InvarianceBreakdown.executions(sites);
    }

    /** Table 2 style: invariance by site kind, then {@code all}. */
    public List<InvarianceRow> byKind() {
        return InvarianceBreakdown.byKind(sites);
    }

    /** Invariance of {@code local} sites by producer category, then {@code all} local sites. */
    public List<InvarianceRow> byProducer() {
        return InvarianceBreakdown.byProducer(sites);
    }

    /** How much convergent profiling profiled (all of it under full profiling). */
    public ConvergenceSummary convergence() {
        return ConvergenceSummary.of(sites);
    }

    /** How much of the run convergent profiling spent in quiet methods, without probes. */
    public QuietMethodFigures quietMethods() {
        return quiet;
    }

    /** Every {@code local} site's propagation estimate, by id. */
    public List<LocalEstimate> estimates() {
        return propagation.locals();
    }

    /** The estimate of a {@code local} site, or null for other sites. */
    public LocalEstimate estimate(int id) {
        return estimates.get(id);
    }

    public PropagationSummary propagationSummary() {
        return PropagationSummary.of(propagation.locals());
    }

    /** Inconsistencies found while analysing (empty for a well-formed profile). */
    public List<String> problems() {
        return problems;
    }
}
