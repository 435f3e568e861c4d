package io.loupe.report.html;

import io.loupe.analysis.kpaths.HotKPath;
import io.loupe.analysis.kpaths.KPathForest;
import io.loupe.analysis.paths.DecodedPath;
import io.loupe.analysis.summary.MethodProfile;
import io.loupe.report.HotKPathsReading;
import io.loupe.report.Percent;

import java.util.List;

/**
 * A method's acyclic paths and multi-iteration paths as the pages show them: a bar chart of path
 * shares, a button per hot path that highlights its lines in order in the page's source table, and
 * a button per k-path chain, read as D'Elia et al. 2013 read their Fig. 4 ("after path 38, 66% of
 * the time 86 follows"), that highlights its iterations one after another.
 */
final class PathsHtml {

    /** Paths listed and charted per method or loop. */
    static final int PATHS_SHOWN = 10;
    private static final int BAR_WIDTH = 240;
    private static final int BAR_HEIGHT = 16;
    private static final int LABEL_WIDTH = 110;

    private PathsHtml() {
    }

    /** The bar chart of the shares of {@code paths} (indexes into {@code m}) in {@code total} executions. */
    static void chart(Html h, MethodProfile m, List<Integer> paths, long total, String name) {
        List<Integer> shown = paths.subList(0, Math.min(PATHS_SHOWN, paths.size()));
        if (shown.isEmpty() || total <= 0) {
            return;
        }
        StringBuilder alt = new StringBuilder("Path shares of " + name + ":");
        for (int i : shown) {
            alt.append(" path ").append(m.pathId(i)).append(' ').append(Percent.oneDecimal((double) m.count(i) / total))
                    .append(';');
        }
        int height = shown.size() * (BAR_HEIGHT + 4) + 4;
        int width = LABEL_WIDTH + BAR_WIDTH + 70;
        h.open("svg", "class", "bars", "role", "img", "aria-label", alt.toString(), "width", Integer.toString(width),
                "height", Integer.toString(height), "viewBox", "0 0 " + width + " " + height);
        h.el("title", alt.toString());
        int y = 4;
        for (int i : shown) {
            double share = (double) m.count(i) / total;
            int w = Math.max(1, (int) Math.round(share * BAR_WIDTH));
            h.el("text", "path " + m.pathId(i), "x", "0", "y", Integer.toString(y + BAR_HEIGHT - 4));
            h.empty("rect", "x", Integer.toString(LABEL_WIDTH), "y", Integer.toString(y), "width", Integer.toString(w),
                    "height", Integer.toString(BAR_HEIGHT), "class", "bar").close("rect");
            h.el("text", Percent.oneDecimal(share), "x", Integer.toString(LABEL_WIDTH + w + 4),
                    "y", Integer.toString(y + BAR_HEIGHT - 4));
            y += BAR_HEIGHT + 4;
        }
        h.close("svg");
    }

    /** A list of buttons, one per path: count, share, its lines; a click highlights them. */
    static void buttons(Html h, MethodProfile m, List<Integer> paths, long total) {
        h.open("ol", "class", "paths");
        for (int i : paths.subList(0, Math.min(PATHS_SHOWN, paths.size()))) {
            String lines = lines(m, m.pathId(i));
            h.open("li").open("button", "type", "button", "class", "path", "data-lines", lines,
                    "aria-pressed", "false", "data-path", Long.toString(m.pathId(i)));
            h.text("path " + m.pathId(i) + ": ");
            Page.count(h, m.count(i));
            h.text(" (");
            Page.share(h, total == 0 ? Double.NaN : (double) m.count(i) / total);
            h.text(")");
            h.close("button").text(" lines " + (lines.isEmpty() ? "unknown" : lines.replace(' ', ','))).close("li");
        }
        h.close("ol");
        if (paths.size() > PATHS_SHOWN) {
            h.el("p", (paths.size() - PATHS_SHOWN) + " colder paths are in the JSON report.", "class", "more");
        }
    }

    /** A list of buttons, one per multi-iteration chain, each with its reading. */
    static void chains(Html h, MethodProfile m, List<HotKPath> chains) {
        if (chains.isEmpty()) {
            return;
        }
        h.open("ol", "class", "kpaths");
        for (HotKPath c : chains) {
            long[] ids = c.ids();
            StringBuilder iterations = new StringBuilder();
            for (long id : ids) {
                iterations.append(iterations.length() == 0 ? "" : "|").append(lines(m, id));
            }
            KPathForest f = c.forest();
            h.open("li").open("button", "type", "button", "class", "kpath", "data-iterations", iterations.toString(),
                    "aria-pressed", "false");
            h.text("paths " + join(ids) + ": ");
            Page.count(h, c.count());
            h.text(" times").close("button");
            h.open("p", "class", "reading").text(String.join(" ", HotKPathsReading.reading(f, c.node()))).close("p");
            h.close("li");
        }
        h.close("ol");
    }

    /** A path's source lines in order, space separated (empty when the class has no line table or the id does not decode). */
    static String lines(MethodProfile m, long pathId) {
        try {
            DecodedPath p = m.decode(pathId);
            StringBuilder b = new StringBuilder();
            for (int l : p.lines()) {
                b.append(b.length() == 0 ? "" : " ").append(l);
            }
            return b.toString();
        } catch (IllegalArgumentException e) {
            return "";
        }
    }

    private static String join(long[] ids) {
        StringBuilder b = new StringBuilder();
        for (long id : ids) {
            b.append(b.length() == 0 ? "" : " → ").append(id);
        }
        return b.toString();
    }
}
