package io.loupe.analysis.summary;

import io.loupe.analysis.deps.DepsAnalysis;
import io.loupe.analysis.deps.LampCampComparison;
import io.loupe.analysis.values.ValueAnalysis;
import io.loupe.analysis.values.ValueDiff;
import io.loupe.data.Profile;
import io.loupe.data.deps.DepsProfile;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Two profiles of one program compared, for {@code loupe diff}: one section per profiler that can
 * be compared, each null when it cannot. The value profiles (Calder et al., §5) are compared when
 * either profile has value sites; the dependence profiles when one is a lamp and the other a camp
 * profile (CAMP §V: what knowing contexts changes), in either order. Two dependence profiles of one
 * mode, or one alone, are not compared, and {@link #depsNotCompared()} says why.
 */
public final class ProfileComparison {

    private final String nameA;
    private final Profile a;
    private final String nameB;
    private final Profile b;
    private final ValueDiff values;
    private final LampCampComparison deps;
    private final boolean lampIsA;
    private final String depsNotCompared;
    private final List<String> problems;

    private ProfileComparison(String nameA, Profile a, String nameB, Profile b, ValueDiff values,
                              LampCampComparison deps, boolean lampIsA, String depsNotCompared, List<String> problems) {
        this.nameA = nameA;
        this.a = a;
        this.nameB = nameB;
        this.b = b;
        this.values = values;
        this.deps = deps;
        this.lampIsA = lampIsA;
        this.depsNotCompared = depsNotCompared;
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
        DepsAnalysis da = DepsAnalysis.of(a);
        DepsAnalysis db = DepsAnalysis.of(b);
        da.problems().forEach(p -> problems.add(nameA + ": " + p));
        db.problems().forEach(p -> problems.add(nameB + ": " + p));
        LampCampComparison deps = null;
        boolean lampIsA = false;
        String notCompared = null;
        if (DepsProfile.LAMP.equals(da.mode()) && DepsProfile.CAMP.equals(db.mode())) {
            deps = LampCampComparison.of(da, db);
            lampIsA = true;
        } else if (DepsProfile.CAMP.equals(da.mode()) && DepsProfile.LAMP.equals(db.mode())) {
            deps = LampCampComparison.of(db, da);
        } else if (da.present() && db.present()) {
            String modes = Objects.equals(da.mode(), db.mode()) ? "both " + da.mode()
                    : da.mode() + " and " + db.mode();
            notCompared = nameA + " and " + nameB + " are " + modes + " dependence profiles; loupe diff compares a lamp"
                    + " with a camp profile of one program";
        } else if (da.present() || db.present()) {
            notCompared = "only " + (da.present() ? nameA : nameB) + " holds dependence data";
        }
        return new ProfileComparison(nameA, a, nameB, b, values, deps, lampIsA, notCompared, List.copyOf(problems));
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

    /**
     * The lamp profile's dependences against the camp profile's, or null when the two are not a
     * lamp and a camp profile.
     */
    public LampCampComparison deps() {
        return deps;
    }

    /** True when A is the lamp profile of {@link #deps()}, false when B is. */
    public boolean lampIsA() {
        return lampIsA;
    }

    /** Why the dependence data was not compared when one or both profiles have some; null otherwise. */
    public String depsNotCompared() {
        return depsNotCompared;
    }

    /** True when some section has data to compare. */
    public boolean comparable() {
        return values != null || deps != null;
    }

    /** Inconsistencies found in either profile, each prefixed by the profile's name. */
    public List<String> problems() {
        return problems;
    }
}
