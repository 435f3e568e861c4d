package io.loupe.report.html;

import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.TopValue;
import io.loupe.data.values.ValueSiteMeta;

import java.util.List;

/**
 * A value site as the pages show it: what it reads, its executions, Inv-1, Inv-N and MRV (Calder et
 * al. 1997, §3), and its top values with their counts; under convergent profiling the executions,
 * counts and invariances are estimates, in a merged profile the counts and invariances lower
 * bounds, and they say so ({@link ValueMarks}).
 */
final class ValueSiteHtml {

    /** Top values shown per site (the JSON lists the whole final table). */
    static final int VALUES_SHOWN = 5;

    private ValueSiteHtml() {
    }

    /** {@code param n}, {@code field Foo.bar}: what the site reads. */
    static String what(ValueSiteMeta m) {
        return m.kind().label() + " " + (m.detail() != null ? m.detail() : "");
    }

    /** The site's figures as a definition list, then its top values as a table. */
    static void details(Html h, SiteStats s, ValueMarks marks) {
        h.open("dl", "class", "figures");
        h.el("dt", "site").open("dd").text(what(s.meta())).text(" (" + s.meta().type() + ")").close("dd");
        h.el("dt", "executions").open("dd");
        Page.count(h, s.executed());
        marks.after(h, false);
        h.close("dd");
        h.el("dt", "Inv-1").open("dd");
        Page.share(h, s.inv1());
        marks.after(h, true);
        h.close("dd");
        h.el("dt", "Inv-N").open("dd");
        Page.share(h, s.invN());
        marks.after(h, true);
        h.close("dd");
        h.el("dt", "MRV").open("dd");
        Page.share(h, s.mrv());
        h.close("dd");
        if (s.timeline() != null) {
            h.el("dt", "profiled").open("dd");
            SwitchSparkline.write(h, s, marks);
            h.text(" switched off " + s.switchedOff() + "×, on " + s.switchedOn() + "×").close("dd");
        }
        h.close("dl");
        List<TopValue> top = s.topValues(VALUES_SHOWN);
        if (top.isEmpty()) {
            return;
        }
        h.open("table", "class", "values").open("caption").text("top values").close("caption")
                .open("thead").open("tr").el("th", "value", "scope", "col").el("th", "count", "scope", "col")
                .el("th", "share", "scope", "col").close("tr").close("thead").open("tbody");
        for (TopValue v : top) {
            h.open("tr").open("td").el("code", v.value()).close("td").open("td");
            Page.count(h, v.count());
            marks.after(h, true);
            h.close("td").open("td");
            Page.share(h, v.share());
            marks.after(h, true);
            h.close("td").close("tr");
        }
        h.close("tbody").close("table");
    }
}
