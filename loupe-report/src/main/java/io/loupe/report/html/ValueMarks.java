package io.loupe.report.html;

import io.loupe.analysis.values.ValueAnalysis;

/**
 * What a value profile's figures are, so that each is marked as the text and JSON reports mark it:
 * estimates under convergent profiling (executions, value counts, Inv-1, Inv-N), and lower bounds in
 * a merged profile (value counts and the shares and invariances made of them: a value one run's
 * TNV table dropped lost that run's count; docs/merge.md) and in a profile since a reset of a live
 * dump (a value a table dropped and took again since restarted its count; docs/live-dumps.md).
 *
 * @param estimated  convergent profiling credited executions it did not profile
 * @param lowerBound the profile merges several runs' value tables, or holds what came since a reset
 */
record ValueMarks(boolean estimated, boolean lowerBound) {

    static ValueMarks of(ValueAnalysis values) {
        return values.present() ? new ValueMarks(values.settings().convergent(), values.settings().lowerBounds())
                : new ValueMarks(false, false);
    }

    /** The marks after a figure; {@code fromTable} for one made of the TNV table's counts. */
    void after(Html h, boolean fromTable) {
        if (estimated) {
            Page.estMark(h);
        }
        if (fromTable && lowerBound) {
            h.raw(" ").el("abbr", "≥", "class", "est", "title",
                    "a lower bound: the value tables of a merged profile, or of one since a reset, keep what each"
                            + " table kept");
        }
    }
}
