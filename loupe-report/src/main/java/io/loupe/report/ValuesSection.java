package io.loupe.report;

import io.loupe.analysis.values.ValueAnalysis;

import java.io.IOException;

/**
 * The value profile's part of the text report (Calder et al., "Value Profiling"): the summary
 * tables, the most executed invariant sites, specialization candidates, what convergent profiling
 * profiled (when it was on) and the propagation estimate.
 */
final class ValuesSection {

    private ValuesSection() {
    }

    static void write(ValueAnalysis v, int top, Appendable out) throws IOException {
        if (v.settings().convergent()) {
            out.append("\n≈ marks an estimate: convergent profiling credits each site with the executions it skipped\n")
                    .append("(switched off, or in quiet methods); what it profiled, MRV, and Inv-1/p (Inv-1 over the\n")
                    .append("executions profiled) are measured.\n");
        }
        if (v.settings().merged()) {
            out.append("\n≥ marks a lower bound: this profile merges ").append(Long.toString(v.settings().runs()))
                    .append(" runs, and a value that one run's TNV table had dropped\n")
                    .append("lost that run's count; its count, share, Inv-1 and Inv-N are at least what is printed.\n");
        } else if (v.settings().sinceReset()) {
            out.append("\n≥ marks a lower bound: this profile holds what was recorded since a reset of a live dump, and\n")
                    .append("a value that a TNV table dropped and took again since then restarted its count; its count,\n")
                    .append("share, Inv-1 and Inv-N are at least what is printed.\n");
        }
        ValueTablesSection.write(v, out);
        InvariantSitesSection.write(v, top, out);
        SpecializationSection.write(v, top, out);
        if (v.settings().convergent()) {
            ConvergenceSection.write(v, top, out);
        }
        PropagationSection.write(v, top, out);
    }
}
