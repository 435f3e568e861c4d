package io.loupe.analysis.merge;

import io.loupe.data.Profile;
import io.loupe.data.ProfileHeader;
import io.loupe.data.Profiler;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The merged profile's header. Every rule is a set union, a maximum or an agreement of all, so
 * that the header does not depend on the order or grouping of the profiles:
 * <ul>
 *   <li>{@code k}: the k of the profiles with path data, which must agree (k-paths of different
 *       k do not add up); without path data, the largest;</li>
 *   <li>the time written: the latest;</li>
 *   <li>Loupe version, JVM and command: each distinct one, sorted, joined by {@value #JOIN};</li>
 *   <li>options: {@code profile=} names every profiler of every profile (a profile of paths and
 *       values merged with one of dependences reports all three); any other option is kept only
 *       if every profile has it with the same value ({@code out=} never is).</li>
 * </ul>
 */
final class HeaderMerge {

    /** Between the distinct values of a header field. */
    static final String JOIN = " + ";
    private static final String PROFILE = "profile";

    private HeaderMerge() {
    }

    /**
     * The k of the merged profile; a {@link MergeException} when profiles with path data have
     * different k.
     */
    static int k(List<Profile> inputs, List<String> names) {
        int k = -1;
        int from = -1;
        int largest = 1;
        for (int i = 0; i < inputs.size(); i++) {
            Profile p = inputs.get(i);
            largest = Math.max(largest, p.header().k());
            if (p.counts().isEmpty() && p.forests().isEmpty()) {
                continue;
            }
            if (k >= 0 && p.header().k() != k) {
                throw new MergeException(names.get(from) + " has paths of k = " + k + ", " + names.get(i) + " of k = "
                        + p.header().k() + ": k-iteration paths of different k do not add up");
            }
            k = p.header().k();
            from = i;
        }
        return k >= 0 ? k : largest;
    }

    static ProfileHeader merge(List<Profile> inputs, int k) {
        long created = Long.MIN_VALUE;
        for (Profile p : inputs) {
            created = Math.max(created, p.header().createdMillis());
        }
        return new ProfileHeader(union(inputs, h -> h.loupeVersion()), created, options(inputs), k,
                union(inputs, h -> h.jvm()), union(inputs, h -> h.command()));
    }

    private static String union(List<Profile> inputs, java.util.function.Function<ProfileHeader, String> field) {
        TreeSet<String> values = new TreeSet<>();
        for (Profile p : inputs) {
            String v = field.apply(p.header());
            if (v != null && !v.isEmpty()) {
                for (String part : v.split(java.util.regex.Pattern.quote(JOIN))) {
                    values.add(part);
                }
            }
        }
        return String.join(JOIN, values);
    }

    private static String options(List<Profile> inputs) {
        TreeSet<String> profilers = new TreeSet<>(HeaderMerge::compareProfilers);
        Map<String, String> agreed = null;
        for (Profile p : inputs) {
            Map<String, String> options = parse(p.header().options());
            String profile = options.remove(PROFILE);
            if (profile != null) {
                for (String name : profile.split(";")) {
                    if (!name.isBlank()) {
                        profilers.add(name.strip());
                    }
                }
            }
            if (agreed == null) {
                agreed = new TreeMap<>(options);
            } else {
                agreed.entrySet().removeIf(e -> !e.getValue().equals(options.get(e.getKey())));
            }
        }
        List<String> pairs = new ArrayList<>();
        if (!profilers.isEmpty()) {
            pairs.add(PROFILE + "=" + String.join(";", profilers));
        }
        agreed.forEach((key, value) -> pairs.add(key + "=" + value));
        return String.join(",", pairs);
    }

    /** Loupe's profilers in their declared order, then any other name as text. */
    private static int compareProfilers(String a, String b) {
        Profiler pa = Profiler.ofId(a);
        Profiler pb = Profiler.ofId(b);
        if (pa != null && pb != null) {
            return pa.compareTo(pb);
        }
        if (pa != null || pb != null) {
            return pa != null ? -1 : 1;
        }
        return a.compareTo(b);
    }

    /** {@code key=value,…} as the agent writes it; a pair without {@code =} is kept as a key with an empty value. */
    private static Map<String, String> parse(String options) {
        Map<String, String> out = new LinkedHashMap<>();
        if (options == null) {
            return out;
        }
        for (String pair : options.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            int eq = pair.indexOf('=');
            out.put(eq < 0 ? pair.strip() : pair.substring(0, eq).strip(), eq < 0 ? "" : pair.substring(eq + 1).strip());
        }
        return out;
    }
}
