package io.loupe.report;

import io.loupe.analysis.summary.ProfileComparison;
import io.loupe.analysis.values.SiteComparison;
import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.ValueDiff;
import io.loupe.analysis.values.ValueDiffSummary;
import io.loupe.data.ProfileHeader;
import io.loupe.data.values.ValueSiteMeta;

import java.io.IOException;
import java.time.Instant;

import static io.loupe.report.JsonReport.SHARE_DECIMALS;

/**
 * {@code loupe diff --json}: one JSON object in a fixed order (field reference:
 * loupe-report/README.md). {@code diff} holds one member per profiler compared: {@code values}
 * and {@code deps} (a lamp against a camp profile, {@link DepsDiffJson}); {@code notes} says why
 * data one of the profiles holds was not compared.
 */
public final class DiffJsonReport {

    /** Value of the {@code format} field. */
    public static final String FORMAT = "loupe-diff-report";
    /** Value of the {@code version} field; bumped only when a contract field changes meaning. */
    public static final int VERSION = 1;

    public void write(ProfileComparison c, Appendable out) throws IOException {
        JsonWriter json = new JsonWriter(out);
        json.beginObject();
        json.name("format").value(FORMAT);
        json.name("version").value(VERSION);
        run(json, "a", c.nameA(), c.a().header());
        run(json, "b", c.nameB(), c.b().header());
        json.name("problems").beginArray();
        for (String p : c.problems()) {
            json.value(p);
        }
        json.endArray();
        json.name("notes").beginArray();
        if (c.depsNotCompared() != null) {
            json.value("dependences not compared: " + c.depsNotCompared());
        }
        json.endArray();
        json.name("diff").beginObject();
        if (c.values() != null) {
            values(json, c.values());
        }
        if (c.deps() != null) {
            DepsDiffJson.write(json, c.deps(), c.lampIsA());
        }
        json.endObject();
        json.endObject();
        json.finish();
    }

    private static void run(JsonWriter json, String label, String name, ProfileHeader h) throws IOException {
        json.name(label).beginObject();
        json.name("file").value(name);
        json.name("loupeVersion").value(h.loupeVersion());
        json.name("created").value(h.createdMillis());
        json.name("createdUtc").value(Instant.ofEpochMilli(h.createdMillis()).toString());
        json.name("command").value(h.command());
        json.name("options").value(h.options());
        json.endObject();
    }

    private static void values(JsonWriter json, ValueDiff d) throws IOException {
        ValueDiffSummary s = d.summary();
        json.name("values").beginObject();
        json.name("threshold").value(s.threshold(), SHARE_DECIMALS);
        json.name("nA").value(s.nA());
        json.name("nB").value(s.nB());
        // a convergent side's executions, Inv-1, Inv-N and top values' shares are estimates
        json.name("estimatesA").value(s.convergentA());
        json.name("estimatesB").value(s.convergentB());
        json.name("summary").beginObject();
        json.name("sitesA").value(s.sitesA());
        json.name("sitesB").value(s.sitesB());
        json.name("common").value(s.common());
        json.name("onlyA").value(s.onlyA());
        json.name("onlyB").value(s.onlyB());
        json.name("executedA").value(s.executedA());
        json.name("overlap").value(s.overlap(), SHARE_DECIMALS);
        json.name("diffInv1").value(s.diffInv1(), SHARE_DECIMALS);
        json.name("diffInvN").value(s.diffInvN(), SHARE_DECIMALS);
        json.name("invariantShare").value(s.invariantShare(), SHARE_DECIMALS);
        json.name("find1").value(s.find1(), SHARE_DECIMALS);
        json.name("find1WithTies").value(s.find1WithTies(), SHARE_DECIMALS);
        json.name("nearTie").value(ValueDiff.NEAR_TIE, SHARE_DECIMALS);
        json.name("findN").value(s.findN(), SHARE_DECIMALS);
        json.endObject();
        json.name("sites").beginArray();
        for (SiteComparison c : d.sites()) {
            site(json, c, s.threshold());
        }
        json.endArray();
        json.endObject();
    }

    private static void site(JsonWriter json, SiteComparison c, double threshold) throws IOException {
        ValueSiteMeta m = (c.a() != null ? c.a() : c.b()).meta();
        json.beginObject();
        json.name("key").value(c.key());
        json.name("class").value(m.className());
        json.name("method").value(m.signature());
        json.name("line").value(m.line());
        json.name("kind").value(m.kind().label());
        json.name("detail").value(m.detail());
        side(json, "A", c.a());
        side(json, "B", c.b());
        if (c.common()) {
            json.name("inv1Diff").value(c.inv1Difference(), SHARE_DECIMALS);
            json.name("invariantInA").value(c.invariantInA(threshold));
            json.name("found1").value(c.found1());
            json.name("nearTie").value(c.nearTie(ValueDiff.NEAR_TIE));
            json.name("foundN").value(c.foundN());
        }
        json.endObject();
    }

    /** {@code executedA}, {@code inv1A}, {@code invNA}, {@code topA}; nulls when the site did not run there. */
    private static void side(JsonWriter json, String suffix, SiteStats s) throws IOException {
        if (s == null) {
            json.name("executed" + suffix).value(0);
            json.name("inv1" + suffix).value((String) null);
            json.name("invN" + suffix).value((String) null);
            json.name("top" + suffix).value((String) null);
            return;
        }
        json.name("executed" + suffix).value(s.executed());
        json.name("inv1" + suffix).value(s.inv1(), SHARE_DECIMALS);
        json.name("invN" + suffix).value(s.invN(), SHARE_DECIMALS);
        json.name("top" + suffix).value(s.topValue());
    }
}
