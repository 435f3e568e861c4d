package io.loupe.cli;

import io.loupe.data.Profile;
import io.loupe.data.deps.DepsProfile;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * What {@code loupe diff} checks before it compares: that the two profiles are of the same kinds
 * and of one program. Without it, a value profile against a dependence profile, or the value
 * profiles of two unrelated programs, compare "successfully": Overlap 0.0%, a number that looks
 * like a finding and is only a mistake. {@code --force} skips the check.
 */
final class DiffCheck {

    /** The profilers whose data a profile holds. */
    enum Kind {
        PATHS("paths"), VALUES("values"), CAMP("deps (camp)"), LAMP("deps (lamp)");

        final String label;

        Kind(String label) {
            this.label = label;
        }
    }

    /** The class name of the placeholders the agent writes for metadata not yet registered. */
    private static final String PLACEHOLDER = "?";

    private DiffCheck() {
    }

    static Set<Kind> kinds(Profile p) {
        Set<Kind> kinds = EnumSet.noneOf(Kind.class);
        if (!p.counts().isEmpty() || !p.forests().isEmpty()) {
            kinds.add(Kind.PATHS);
        }
        if (!p.valueSites().isEmpty()) {
            kinds.add(Kind.VALUES);
        }
        if (DepsProfile.CAMP.equals(p.deps().mode())) {
            kinds.add(Kind.CAMP);
        } else if (DepsProfile.LAMP.equals(p.deps().mode())) {
            kinds.add(Kind.LAMP);
        }
        return kinds;
    }

    /** Why {@code a} and {@code b} should not be compared, in one line; null when they can be. */
    static String refusal(String nameA, Profile a, String nameB, Profile b) {
        String kinds = differentKinds(nameA, a, nameB, b);
        return kinds != null ? kinds : differentPrograms(nameA, a, nameB, b);
    }

    /**
     * Diff compares value profiles with value profiles and a lamp with a camp dependence profile.
     * Data only one side has is fine when the other part is compared (paths are not compared, so a
     * paths and values profile against a values profile compares the values); a part that only
     * one side has is not: there is nothing to hold it against, and it would read as a difference.
     */
    private static String differentKinds(String nameA, Profile a, String nameB, Profile b) {
        Set<Kind> ka = kinds(a);
        Set<Kind> kb = kinds(b);
        boolean valuesOnOneSide = ka.contains(Kind.VALUES) != kb.contains(Kind.VALUES);
        boolean depsOnOneSide = deps(ka) != deps(kb);
        if (!valuesOnOneSide && !depsOnOneSide) {
            return null;
        }
        return nameA + " (" + describe(ka) + ") and " + nameB + " (" + describe(kb) + ") are different kinds of"
                + " profile; diff compares values with values and a lamp with a camp dependence profile (--force"
                + " compares them anyway)";
    }

    private static boolean deps(Set<Kind> kinds) {
        return kinds.contains(Kind.CAMP) || kinds.contains(Kind.LAMP);
    }

    private static String describe(Set<Kind> kinds) {
        if (kinds.isEmpty()) {
            return "no profiling data";
        }
        List<String> labels = new ArrayList<>();
        kinds.forEach(k -> labels.add(k.label));
        return String.join(", ", labels);
    }

    /**
     * Two programs are told apart by their main class (or jar) in the header, when both runs
     * recorded one, and by the classes their metadata describes: profiles with no class in common
     * are not of one program whatever their command says.
     */
    private static String differentPrograms(String nameA, Profile a, String nameB, Profile b) {
        String mainA = main(a.header().command());
        String mainB = main(b.header().command());
        if (mainA != null && mainB != null && !mainA.equals(mainB)) {
            return nameA + " and " + nameB + " are profiles of different programs (" + mainA + " and " + mainB
                    + "; --force compares them anyway)";
        }
        Set<String> classesA = classes(a);
        Set<String> classesB = classes(b);
        if (!classesA.isEmpty() && !classesB.isEmpty() && classesA.stream().noneMatch(classesB::contains)) {
            return nameA + " and " + nameB + " are profiles of different programs: they have no class in common ("
                    + classesA.iterator().next() + " … and " + classesB.iterator().next() + " …; --force compares"
                    + " them anyway)";
        }
        return null;
    }

    /**
     * The main class of a run, the first word of {@code sun.java.command}; for {@code java -jar}
     * that is the jar, of which the file name counts (the same jar may be given by another path).
     * Null when the run did not say (an agent in a JVM that does not set the property).
     */
    static String main(String command) {
        if (command == null || command.isBlank()) {
            return null;
        }
        String first = command.strip().split("\\s+", 2)[0];
        if (first.endsWith(".jar")) {
            int slash = Math.max(first.lastIndexOf('/'), first.lastIndexOf('\\'));
            return first.substring(slash + 1);
        }
        return first;
    }

    /** Every class the profile's metadata describes, sorted. */
    private static Set<String> classes(Profile p) {
        List<String> names = new ArrayList<>();
        p.methods().forEach(m -> names.add(m.className()));
        p.valueSites().forEach(s -> names.add(s.className()));
        p.deps().sites().forEach(s -> names.add(s.className()));
        p.deps().loops().forEach(l -> names.add(l.className()));
        p.deps().calls().forEach(c -> names.add(c.className()));
        Set<String> classes = new TreeSet<>();
        for (String name : names) {
            if (name != null && !name.equals(PLACEHOLDER)) {
                classes.add(name);
            }
        }
        return classes;
    }
}
