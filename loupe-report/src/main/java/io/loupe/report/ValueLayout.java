package io.loupe.report;

import io.loupe.analysis.values.SiteStats;
import io.loupe.analysis.values.TopValue;
import io.loupe.data.values.ValueSiteMeta;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** How the text reports write value sites: where a site is, its top values, shares that may be undefined. */
final class ValueLayout {

    /** Top values listed per site (the JSON lists the whole final table). */
    static final int VALUES_SHOWN = 5;
    /** Characters of one value before it is cut (a long string constant, a long class name). */
    private static final int VALUE_WIDTH = 40;

    private ValueLayout() {
    }

    /**
     * {@code Class.method:line}, shortened to {@code width} if needed like {@link TextLayout#fit}:
     * package names first abbreviated to their initials, then the method name cut — never the
     * line, which is what finds the site in the source.
     */
    static String where(ValueSiteMeta m, int width) {
        String line = m.line() >= 0 ? ":" + m.line() : "";
        String full = m.className() + "." + m.method() + line;
        if (full.length() <= width) {
            return full;
        }
        String shortCls = TextLayout.abbreviated(m.className());
        String shorter = shortCls + "." + m.method() + line;
        if (shorter.length() <= width || width < 8) {
            return shorter;
        }
        String head = shortCls + "." + m.method();
        int room = width - line.length() - 1;
        return room > 0 ? head.substring(0, Math.min(head.length(), room)) + "…" + line : shorter.substring(0, width - 1) + "…";
    }

    /** {@code text} cut to {@code width} characters, the last one an ellipsis when cut. */
    static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, Math.max(0, width - 1)) + "…";
    }

    /**
     * A site's place and what it reads, fitted to {@code width}: {@code io.example.Loop.loop:12  #0}.
     * The place comes first and may take two thirds of the width; what it reads gets the rest.
     */
    static String whereAndWhat(ValueSiteMeta m, int width) {
        String where = where(m, width * 2 / 3);
        if (m.detail() == null || m.detail().isEmpty()) {
            return where;
        }
        return cut(where + "  " + value(m.detail()), width);
    }

    /**
     * {@code figure} marked {@code ≈} when it is an estimate: in a convergent profile, executions,
     * Inv-1, Inv-N and value shares credit the executions profiling skipped (docs/values.md,
     * *Credit for skipped executions*); what was profiled, and MRV, are measured.
     */
    static String estimate(boolean estimated, String figure) {
        return estimated && !figure.equals("n/a") ? "≈" + figure : figure;
    }

    /**
     * {@code figure} marked {@code ≥} when it is a lower bound: in a merged profile, a value's
     * count misses what the runs whose TNV tables had dropped the value saw of it, so counts, the
     * shares and Inv-1 and Inv-N computed from them are at least what is printed (docs/merge.md).
     */
    static String lowerBound(boolean merged, String figure) {
        return merged && !figure.equals("n/a") ? "≥" + figure : figure;
    }

    /** A share with one decimal, {@code n/a} when undefined. */
    static String share(double share) {
        return Double.isNaN(share) ? "n/a" : Percent.oneDecimal(share);
    }

    /**
     * The words listing a site's best values with their shares: {@code 7 (92.0%), 3 (5.1%)},
     * estimates and lower bounds marked.
     */
    static List<String> topValues(SiteStats s, boolean estimated, boolean merged) {
        int shown = Math.min(VALUES_SHOWN, Math.max(1, s.valuesCounted()));
        List<String> words = new ArrayList<>();
        List<TopValue> top = s.topValues(shown);
        for (int i = 0; i < top.size(); i++) {
            TopValue t = top.get(i);
            words.add(value(t.value()) + " (" + lowerBound(merged, estimate(estimated, Percent.oneDecimal(t.share()))) + ")"
                    + (i < top.size() - 1 ? "," : ""));
        }
        if (s.tableEntries() > top.size()) {
            words.add("…");
        }
        return words;
    }

    /** One value on one line, cut when too long. */
    static String value(String v) {
        String oneLine = v.replaceAll("\\s", " ");
        return oneLine.length() <= VALUE_WIDTH ? oneLine : oneLine.substring(0, VALUE_WIDTH - 1) + "…";
    }

    /** Words wrapped under a column that starts at {@code indent}. */
    static void wrapped(Appendable out, int indent, List<String> words, int maxLines) throws IOException {
        for (String line : WordWrapper.wrap(words, TextLayout.WIDTH - indent, maxLines)) {
            out.append(" ".repeat(indent)).append(line).append('\n');
        }
    }
}
