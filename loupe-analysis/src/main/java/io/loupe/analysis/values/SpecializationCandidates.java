package io.loupe.analysis.values;

import io.loupe.data.values.SiteKind;

import java.util.List;

/**
 * Where a value profile suggests specialising code (Calder et al., §2 "code specialization" and
 * §5 on parameters): parameters of hot methods that nearly always carry one value, and hot
 * reference sites that only ever saw one class (a call through them could be devirtualised or
 * inlined behind a class check).
 */
public final class SpecializationCandidates {

    /** The Inv-1 a parameter needs to be a candidate. */
    public static final double PARAM_INV1 = 0.9;
    /** The share of a reference site's weight its one class (and null) must account for. */
    public static final double MONOMORPHIC_SHARE = 0.99;
    /**
     * Fewer executions say nothing about invariance: a site that ran once is trivially invariant.
     * Nor do fewer profiled ones: a convergent profile's site whose method went quiet after a
     * value or two credits its quiet executions to those values, and reads as invariant on the
     * strength of one sample (a commons-math parameter profiled once of 120 executions read
     * Inv-1 100%, truly 0.8%; docs/values.md, *Credit for skipped executions*).
     */
    public static final long MIN_EXECUTIONS = 10;

    private SpecializationCandidates() {
    }

    /** Parameters with Inv-1 ≥ {@value #PARAM_INV1}, from sites listed hottest first, at most {@code limit}. */
    public static List<SiteStats> invariantParams(List<SiteStats> hottestFirst, int limit) {
        return hottestFirst.stream()
                .filter(s -> s.kind() == SiteKind.PARAM && observed(s) && s.inv1() >= PARAM_INV1)
                .limit(limit).toList();
    }

    /** Reference sites that saw a single class, from sites listed hottest first, at most {@code limit}. */
    public static List<SiteStats> monomorphicSites(List<SiteStats> hottestFirst, int limit) {
        return hottestFirst.stream()
                .filter(s -> observed(s) && monomorphicClass(s) != null)
                .limit(limit).toList();
    }

    /** True if the site ran, and was profiled, at least {@value #MIN_EXECUTIONS} times. */
    static boolean observed(SiteStats s) {
        return s.executed() >= MIN_EXECUTIONS && s.profiled() >= MIN_EXECUTIONS;
    }

    /**
     * The one class a reference site saw, or null: its final table holds a single class besides
     * {@code null}, and the table still accounts for {@value #MONOMORPHIC_SHARE} of the weight
     * (nothing much was evicted from it).
     */
    public static String monomorphicClass(SiteStats s) {
        if (!s.isReference()) {
            return null;
        }
        String only = null;
        for (int i = 0; i < s.tableEntries(); i++) {
            String v = s.top(i).value();
            if (v.equals(SiteStats.NULL)) {
                continue;
            }
            if (only != null) {
                return null;
            }
            only = v;
        }
        return only != null && s.tableCoverage() >= MONOMORPHIC_SHARE ? only : null;
    }
}
