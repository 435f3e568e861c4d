package io.loupe.analysis.summary;

import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.analysis.values.ValueDiff;
import io.loupe.data.Profile;

import java.util.ArrayList;
import java.util.List;

/**
 * Two profiles of one program compared, for {@code loupe diff}: one section per profiler that can
 * be compared, each null when neither profile holds its data. Today that is the value profile
 * (Calder et al., §5); other profilers add a section here and in the diff reports.
 */
public final class ProfileComparison {

    private final String nameA;
    private final Profile a;
    private final String nameB;
    private final Profile b;
    private final ValueDiff values;
    private final List<String> problems;

    private ProfileComparison(String nameA, Profile a, String nameB, Profile b, ValueDiff values, List<String> problems) {
        this.nameA = nameA;
        this.a = a;
        this.nameB = nameB;
        this.b = b;
        this.values = values;
        this.problems = problems;
    }

    /**
     * Compares {@code b} with the reference {@code a}.
     *
     * @param nameA     what to call A in reports (its file name)
     * @param threshold the Inv-1 in A a site needs to count for Find-1 and Find-N
     */
    public static ProfileComparison of(String nameA, Profile a, String nameB, Profile b, double threshold) {
        ValueAnalysis va = ValueAnalysis.of(a);
        ValueAnalysis vb = ValueAnalysis.of(b);
        List<String> problems = new ArrayList<>();
        va.problems().forEach(p -> problems.add(nameA + ": " + p));
        vb.problems().forEach(p -> problems.add(nameB + ": " + p));
        ValueDiff values = va.present() || vb.present() ? ValueDiff.compare(va, vb, threshold) : null;
        return new ProfileComparison(nameA, a, nameB, b, values, List.copyOf(problems));
    }

    public String nameA() {
        return nameA;
    }

    public Profile a() {
        return a;
    }

    public String nameB() {
        return nameB;
    }

    public Profile b() {
        return b;
    }

    /** The value profiles compared, or null when neither profile has value sites. */
    public ValueDiff values() {
        return values;
    }

    /** True when some section has data to compare. */
    public boolean comparable() {
        return values != null;
    }

    /** Inconsistencies found in either profile, each prefixed by the profile's name. */
    public List<String> problems() {
        return problems;
    }
}
