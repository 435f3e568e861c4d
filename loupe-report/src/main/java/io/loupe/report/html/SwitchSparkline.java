package io.loupe.report.html;

import io.loupe.analysis.values.SiteStats;
import io.loupe.data.values.SwitchTimeline;
import io.loupe.report.Percent;

import java.util.Locale;

/**
 * A value site's convergent profiling periods as a sparkline (Calder et al. 1997, §6): a bar over
 * the site's executions in the thread that ran it most, filled where the site was profiled and
 * empty where convergence had switched it off. Its text alternative gives the periods in numbers;
 * positions that count a quiet method's credited executions are marked estimates.
 */
final class SwitchSparkline {

    static final int WIDTH = 140;
    static final int HEIGHT = 12;

    private SwitchSparkline() {
    }

    /** The sparkline of {@code s}'s timeline (which it has), marked an estimate when its positions are. */
    static void write(Html h, SiteStats s, ValueMarks marks) {
        SwitchTimeline t = s.timeline();
        long switches = s.switchedOff() + s.switchedOn();
        long[] at = t.switches();
        long total = Math.max(1, t.executions());
        StringBuilder alt = new StringBuilder("profiled");
        StringBuilder bars = new StringBuilder();
        long from = 0;
        boolean on = true;
        for (int i = 0; i <= at.length; i++) {
            long to = i < at.length ? at[i] : t.executions();
            if (on) {
                double x = (double) from * WIDTH / total;
                double w = Math.max(1, (double) (to - from) * WIDTH / total);
                bars.append(String.format(Locale.ROOT,
                        "<rect x=\"%.1f\" y=\"1\" width=\"%.1f\" height=\"%d\" class=\"on\"></rect>", x, w, HEIGHT - 2));
            }
            alt.append(i == 0 ? " " : on ? ", profiled " : ", off ").append(Percent.count(from)).append("–")
                    .append(Percent.count(to));
            from = to;
            on = !on;
        }
        alt.append(" of ").append(Percent.count(t.executions())).append(" executions in the thread that ran it most")
                .append(marks.lowerBound() ? " in one of the merged runs" : "");
        if (s.timelineEstimated()) {
            alt.append(" (estimates: they count the executions its method ran quiet)");
        }
        if (switches > at.length) {
            alt.append(" (the first ").append(at.length).append(" of ").append(switches).append(" switches)");
        }
        h.open("svg", "class", "spark", "role", "img", "aria-label", alt.toString(), "width", Integer.toString(WIDTH),
                "height", Integer.toString(HEIGHT), "viewBox", "0 0 " + WIDTH + " " + HEIGHT);
        h.el("title", alt.toString());
        h.empty("rect", "x", "0", "y", "1", "width", Integer.toString(WIDTH), "height", Integer.toString(HEIGHT - 2),
                "class", "axis").close("rect");
        h.raw(bars.toString());
        h.close("svg");
        if (s.timelineEstimated()) {
            Page.estMark(h);
        }
    }
}
