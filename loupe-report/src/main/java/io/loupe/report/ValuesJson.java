package io.loupe.report;

import io.loupe.analysis.values.ConvergenceSummary;
import io.loupe.analysis.values.InvarianceRow;
import io.loupe.analysis.values.LocalEstimate;
import io.loupe.analysis.values.ProducerCategories;
import io.loupe.analysis.values.PropagationFigures;
import io.loupe.analysis.values.PropagationSummary;
import io.loupe.analysis.values.QuietMethodFigures;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.ThresholdFigures;
import io.loupe.analysis.values.TopValue;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.data.values.SiteKind;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.data.values.ValueSiteMeta;

import java.io.IOException;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import static io.loupe.report.JsonReport.SHARE_DECIMALS;

/**
 * The {@code values} section of the JSON report (field reference: loupe-report/README.md):
 * settings, the summary tables, the propagation estimate and every site that ran, most executed
 * first (ties by stable key).
 */
final class ValuesJson {

    private ValuesJson() {
    }

    static void write(JsonWriter json, ValueAnalysis v) throws IOException {
        json.name("values").beginObject();
        json.name("tableSize").value(v.settings().tableSize());
        json.name("n").value(v.settings().topN());
        json.name("convergent").value(v.settings().convergent());
        if (v.settings().merged()) {   // the runs merged: every count, share, inv1 and invN is a lower bound
            json.name("merged").value(v.settings().runs());
        }
        if (v.settings().sinceReset()) {   // since a reset of a live dump: the same lower bounds
            json.name("sinceReset").value(true);
        }
        json.name("sitesRegistered").value(v.registeredSites());
        json.name("sitesRan").value(v.sites().size());
        summary(json, v);
        propagation(json, v.propagationSummary(), v.settings().convergent());
        json.name("sites").beginArray();
        for (SiteStats s : v.sites()) {
            site(json, s, v.estimate(s.id()), v.settings().convergent(), v.settings().lowerBounds());
        }
        json.endArray();
        json.endObject();
    }

    private static void summary(JsonWriter json, ValueAnalysis v) throws IOException {
        json.name("summary").beginObject();
        if (v.settings().convergent()) {   // the rows' executions, shares, Inv-1 and Inv-N, as the sites' (see site)
            json.name("estimates").value(true);
        }
        rows(json, "byKind", "kind", v.byKind());
        rows(json, "byProducer", "producer", v.byProducer());
        ConvergenceSummary c = v.convergence();
        json.name("convergence").beginInlineObject();
        if (!v.settings().convergent()) {
            json.name("executed").value(c.executed());
        } else {   // as a site's: what the probes counted, and with the estimates of quiet periods
            if (c.counted() >= 0) {
                json.name("executed").value(c.counted());
            }
            json.name("estimatedExecuted").value(c.executed());
        }
        json.name("profiled").value(c.profiled());
        json.name("profiledShare").value(c.profiledShare(), SHARE_DECIMALS);
        json.name("sitesSwitchedOff").value(c.sitesSwitchedOff());
        json.name("switchedOff").value(c.switchedOff());
        json.name("switchedOn").value(c.switchedOn());
        if (v.settings().convergent()) {
            QuietMethodFigures q = v.quietMethods();
            json.name("quietMethodActivations").value(q.activations());
            json.name("quietActivations").value(q.quietActivations());
            json.name("quietShare").value(q.quietShare(), SHARE_DECIMALS);
            json.name("quietLoopIterations").value(q.iterations());
            json.name("quietIterations").value(q.quietIterations());
            json.name("quietIterationShare").value(q.quietIterationShare(), SHARE_DECIMALS);
            json.name("quietPeriods").value(q.periods());
            json.name("frozenPeriods").value(q.frozenPeriods());
            json.name("thawBursts").value(q.thawBursts());
        }
        json.endObject();
        json.endObject();
    }

    private static void rows(JsonWriter json, String name, String label, List<InvarianceRow> rows) throws IOException {
        json.name(name).beginArray();
        for (InvarianceRow r : rows) {
            json.beginInlineObject();
            json.name(label).value(r.category());
            json.name("sites").value(r.sites());
            json.name("executed").value(r.executed());
            json.name("share").value(r.share(), SHARE_DECIMALS);
            json.name("inv1").value(r.inv1(), SHARE_DECIMALS);
            json.name("invN").value(r.invN(), SHARE_DECIMALS);
            json.name("mrv").value(r.mrv(), SHARE_DECIMALS);
            json.endObject();
        }
        json.endArray();
    }

    private static void propagation(JsonWriter json, PropagationSummary p, boolean convergent) throws IOException {
        json.name("propagation").beginObject();
        if (convergent) {   // what the profile measured (executions, Inv-1) is an estimate too
            json.name("estimates").value(true);
        }
        json.name("loadProducers").beginInlineArray();
        for (String load : new TreeSet<>(ProducerCategories.LOADS)) {
            json.value(load);
        }
        json.endArray();
        json.name("nonLoad");
        figures(json, null, p.nonLoad());
        json.name("thresholds").beginArray();
        for (ThresholdFigures t : p.thresholds()) {
            json.beginInlineObject();
            json.name("threshold").value(t.threshold(), SHARE_DECIMALS);
            json.name("measuredShare").value(t.measuredShare(), SHARE_DECIMALS);
            json.name("estimatedShare").value(t.estimatedShare(), SHARE_DECIMALS);
            json.name("found").value(t.found(), SHARE_DECIMALS);
            json.name("precision").value(t.precision(), SHARE_DECIMALS);
            json.endObject();
        }
        json.endArray();
        json.name("byProducer").beginArray();
        for (PropagationFigures f : p.byProducer()) {
            figures(json, f.category(), f);
        }
        json.endArray();
        json.endObject();
    }

    private static void figures(JsonWriter json, String producer, PropagationFigures f) throws IOException {
        json.beginInlineObject();
        if (producer != null) {
            json.name("producer").value(producer);
        }
        json.name("sites").value(f.sites());
        json.name("executed").value(f.executed());
        json.name("covered").value(f.covered(), SHARE_DECIMALS);
        json.name("measured").value(f.measured(), SHARE_DECIMALS);
        json.name("estimated").value(f.estimated(), SHARE_DECIMALS);
        json.name("meanAbsDiff").value(f.meanAbsDiff(), SHARE_DECIMALS);
        json.name("measuredAll").value(f.measuredAll(), SHARE_DECIMALS);
        json.endObject();
    }

    /**
     * One site. In a convergent profile the estimates and what was measured are written side by
     * side: {@code executed} is what the probe counted and {@code estimatedExecuted} adds the
     * executions estimated for quiet periods; {@code inv1} and {@code invN} are the best estimates
     * and {@code inv1Profiled} and {@code invNProfiled} the same over the executions profiled; a top
     * value's {@code count} is what the table counted of its profiled executions and
     * {@code estimatedCount} its estimate. {@code estimates} is written true beside them, as
     * {@code weight}, {@code profiledShare}, {@code inv1}, {@code invN} and the values' {@code share}
     * credit the executions profiling skipped. A convergent profile of format 3 has no measured
     * figures: {@code executed}, {@code inv1Profiled}, {@code invNProfiled} and {@code count} are left out.
     * In a merged profile {@code countsAreLowerBounds} is written true: a value that one run's table
     * had dropped lost that run's count, so the values' counts and shares, {@code inv1} and
     * {@code invN} (and their {@code Profiled} forms) are lower bounds (docs/merge.md); so it is in
     * a profile since a reset of a live dump, where a value a table dropped and took again since
     * restarted its count (docs/live-dumps.md).
     */
    private static void site(JsonWriter json, SiteStats s, LocalEstimate estimate, boolean convergent, boolean merged)
            throws IOException {
        ValueSiteMeta m = s.meta();
        json.beginObject();
        json.name("id").value(m.id());
        json.name("key").value(m.stableKey());
        json.name("class").value(m.className());
        json.name("method").value(m.signature());
        json.name("sourceFile").value(m.sourceFile());
        json.name("line").value(m.line());
        json.name("kind").value(m.kind().label());
        json.name("type").value(m.type().name().toLowerCase(Locale.ROOT));
        json.name("detail").value(m.detail());
        if (m.kind() == SiteKind.LOCAL) {
            json.name("producer").value(m.producer());
            json.name("formula").value(m.formula());
        }
        boolean measured = !convergent || s.hasMeasured();
        if (convergent) {
            json.name("estimates").value(true);
        }
        if (merged) {
            json.name("countsAreLowerBounds").value(true);
        }
        if (measured) {
            json.name("executed").value(convergent ? s.counted() : s.executed());
        }
        if (convergent) {
            json.name("estimatedExecuted").value(s.executed());
        }
        json.name("profiled").value(s.profiled());
        json.name("weight").value(s.weight());
        json.name("profiledShare").value(s.profiledShare(), SHARE_DECIMALS);
        json.name("switchedOff").value(s.switchedOff());
        json.name("switchedOn").value(s.switchedOn());
        SwitchTimeline timeline = s.timeline();
        if (timeline != null) {   // convergent profiling: when it switched off and on, in its busiest thread
            json.name("switchTimeline").beginInlineObject();
            json.name("executions").value(timeline.executions());
            json.name("switches").value(timeline.switches());
            json.name("estimates").value(s.timelineEstimated());
            json.endObject();
        }
        json.name("inv1").value(s.inv1(), SHARE_DECIMALS);
        json.name("invN").value(s.invN(), SHARE_DECIMALS);
        if (convergent && measured) {
            json.name("inv1Profiled").value(s.inv1Profiled(), SHARE_DECIMALS);
            json.name("invNProfiled").value(s.invNProfiled(), SHARE_DECIMALS);
        }
        json.name("n").value(s.topN() == 0 ? s.tableEntries() : s.topN());
        json.name("mrv").value(s.mrv(), SHARE_DECIMALS);
        if (estimate != null) {
            json.name("estimatedInv1").value(estimate.estimate(), SHARE_DECIMALS);
            json.name("recurrence").value(estimate.recurrence());
        }
        json.name("top").beginArray();
        for (TopValue t : s.topValues(s.tableEntries())) {
            json.beginInlineObject();
            json.name("value").value(t.value());
            if (measured) {
                json.name("count").value(convergent ? t.profiledCount() : t.count());
            }
            if (convergent) {
                json.name("estimatedCount").value(t.count());
            }
            json.name("share").value(t.share(), SHARE_DECIMALS);
            if (convergent && measured) {
                json.name("shareProfiled").value(t.shareProfiled(), SHARE_DECIMALS);
            }
            json.endObject();
        }
        json.endArray();
        json.endObject();
    }
}
